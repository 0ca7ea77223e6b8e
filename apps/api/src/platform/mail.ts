import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string; html?: string; replyTo?: { name: string; address: string } };
export type MailSender = { name: string; address: string };

export interface Mailer {
  send(message: MailMessage, from: MailSender): Promise<void>;
}

/** SMTP when SMTP_URL is set, else each message is written as an .eml file to DATA_DIR/outbox. */
export function createMailer(options: { smtpUrl?: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message, from) {
        await transport.sendMail({ ...message, from });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message, from) {
      const info = await transport.sendMail({ ...message, from });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replaceAll(':', '-')}-${info.messageId.replace(/[^a-zA-Z0-9.-]/g, '')}.eml`;
      await fs.writeFile(path.join(options.outboxDir, name), info.message as Buffer);
    },
  };
}
