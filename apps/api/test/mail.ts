import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { TestApp } from './app';

/**
 * A real SMTP server on a free port that keeps every message it receives, parsed. A `held` server
 * accepts nothing until `release()`: a sender that waits on it waits until then.
 */
export async function startSmtpServer(options: { held?: boolean } = {}) {
  const received: ParsedMail[] = [];
  let released = Promise.resolve();
  let release = () => {};
  if (options.held) released = new Promise<void>((resolve) => (release = resolve));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          await released;
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
    release: () => release(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Sends the e-mails queued so far (they go out from the job queue after their request's commit). */
export function deliverMail(app: TestApp) {
  return app.deps.jobs.drain();
}

/** Messages written to DATA_DIR/outbox when no SMTP server is configured, parsed, once the queued ones went out. */
export async function readOutbox(app: TestApp): Promise<ParsedMail[]> {
  await deliverMail(app);
  const dir = path.join(app.dataDir, 'outbox');
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  return Promise.all(names.sort().map(async (name) => simpleParser(await fs.readFile(path.join(dir, name)))));
}

export function linkToken(mail: ParsedMail, route: string): string {
  const match = mail.text?.match(new RegExp(`${route}\\?token=([^\\s&]+)`));
  if (!match) throw new Error(`No ${route} link in: ${mail.text}`);
  return decodeURIComponent(match[1]!);
}
