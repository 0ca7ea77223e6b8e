import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './processes';

const run = promisify(execFile);

/** Debian's PostgreSQL binaries, the newest major installed (the test machines have one). */
function postgresBin() {
  const root = '/usr/lib/postgresql';
  const majors = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = majors.map((major) => path.join(root, major, 'bin')).find((dir) => fs.existsSync(path.join(dir, 'pg_ctl')));
  if (!bin) throw new Error('No PostgreSQL binaries under /usr/lib/postgresql: the chaos test runs its own cluster with them');
  return bin;
}

/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary directory, on a free port), so
 * the test may restart it under load without touching the machine's server that other tests use.
 * PostgreSQL refuses to run as root: under root its files belong to `postgres` and it runs as that user.
 */
export async function startPostgresCluster() {
  const bin = postgresBin();
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'limelight-chaos-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const exec = (program: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]) : run(path.join(bin, program), args);
  if (asRoot) await run('chown', ['postgres', dir]);
  await exec('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  // No fsync: the machine does not crash, only the server, and what a commit wrote is in the OS's
  // cache. Commits stay synchronous: an acknowledged commit must survive the immediate restart.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200`;
  const logFile = path.join(dir, 'postgres.log');
  const pgCtl = (action: string, ...extra: string[]) => exec('pg_ctl', [action, '-D', dataDir, '-w', '-t', '60', '-l', logFile, ...extra]);
  await pgCtl('start', '-o', options);
  return {
    url: `postgres://postgres@127.0.0.1:${port}`,
    /** A crash as far as clients can tell: every connection cut, no checkpoint, recovery from the WAL on start. */
    restart: () => pgCtl('restart', '-m', 'immediate', '-o', options),
    stop: async () => {
      await pgCtl('stop', '-m', 'immediate').catch(() => undefined);
      await fsp.rm(dir, { recursive: true, force: true });
    },
  };
}
