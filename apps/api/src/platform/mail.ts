import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Queryable } from '../db/client';
import { type Jobs, jobKind } from './jobs';

const mailMessage = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  replyTo: z.object({ name: z.string(), address: z.string() }).optional(),
  /** Extra headers, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058). */
  headers: z.record(z.string(), z.string()).optional(),
});
export type MailMessage = z.output<typeof mailMessage>;
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

const SEND_MAIL_JOB = jobKind('mail.send', mailMessage);

/**
 * Queues an e-mail inside the caller's transaction: it exists exactly when the write commits and
 * is sent afterwards by a job worker, retried with back-off while the mail server fails. No request
 * waits on the mail server, so none answers more slowly because an e-mail went out (a password
 * reset for a real account answers like one for an unknown address).
 */
export async function queueMail(jobs: Jobs, tx: Queryable, message: MailMessage): Promise<void> {
  await jobs.enqueue(tx, SEND_MAIL_JOB, message, { maxAttempts: 5 });
}

/** Sends queued e-mails from the site's sender as it is configured when each one goes out. */
export function registerMailSending(jobs: Jobs, mailer: Mailer, sender: () => MailSender) {
  jobs.register(SEND_MAIL_JOB, (message) => mailer.send(message, sender()));
}
