import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const apiDir = path.resolve(import.meta.dirname, '..');

export type ServerProcess = {
  child: ChildProcess;
  /** Where it answers HTTP and Socket.IO, read from its "Server listening" line. */
  origin: string;
  /** Every line it wrote to stdout so far (its JSON log). */
  lines: string[];
  exited: Promise<number | null>;
  /** The first log line matching `pattern` (one already written, or the next), matched. */
  logged(pattern: RegExp): Promise<RegExpExecArray>;
  /** SIGTERM, then SIGKILL if it has not drained within `graceMs`; resolves with its exit code. */
  stop(graceMs?: number): Promise<number | null>;
};

/**
 * The server as `npm start` runs it (with `--worker`, as `npm run worker` does), from source
 * through tsx, on a free port; resolves once it listens. It sees only PATH, HOME and `env`, so a
 * variable of the test run (DATABASE_URL, REDIS_URL) reaches it only when passed on purpose.
 * `preload` modules are imported before the server, as `npm start` preloads telemetry.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { args?: string[]; preload?: string[] } = {},
): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', ...(options.preload ?? []).flatMap((module) => ['--import', module]), 'src/main.ts', ...(options.args ?? [])],
    { cwd: apiDir, env: { PATH: process.env.PATH ?? '', HOME: os.homedir(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const lines: string[] = [];
  const waiting: Array<{ pattern: RegExp; resolve: (match: RegExpExecArray) => void }> = [];
  let errors = '';
  let buffered = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    errors += chunk;
  });
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk;
    const complete = buffered.split('\n');
    buffered = complete.pop()!;
    for (const line of complete) {
      lines.push(line);
      for (const waiter of [...waiting]) {
        const match = waiter.pattern.exec(line);
        if (!match) continue;
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(match);
      }
    }
  });
  const logged = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      for (const line of lines) {
        const match = pattern.exec(line);
        if (match) return resolve(match);
      }
      waiting.push({ pattern, resolve });
      void exited.then((code) =>
        reject(new Error(`the server exited (${code}) before logging ${pattern}:\n${errors}${lines.slice(-20).join('\n')}`)),
      );
    });
  const stop = async (graceMs = 15_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    const code = await exited;
    clearTimeout(killer);
    return code;
  };
  try {
    const [, origin] = await logged(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
    return { child, origin: origin!, lines, exited, logged, stop };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}
