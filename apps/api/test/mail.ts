import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on a free port that keeps every message it receives, parsed. */
export async function startSmtpServer() {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Messages written to DATA_DIR/outbox when no SMTP server is configured, parsed. */
export async function readOutbox(dataDir: string): Promise<ParsedMail[]> {
  const dir = path.join(dataDir, 'outbox');
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  return Promise.all(names.sort().map(async (name) => simpleParser(await fs.readFile(path.join(dir, name)))));
}

export function linkToken(mail: ParsedMail, route: string): string {
  const match = mail.text?.match(new RegExp(`${route}\\?token=([^\\s&]+)`));
  if (!match) throw new Error(`No ${route} link in: ${mail.text}`);
  return decodeURIComponent(match[1]!);
}
