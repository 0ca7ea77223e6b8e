// `npm run compose:smoke`: starts compose.yaml (two API processes, a worker, PostgreSQL, Redis,
// MinIO and the balancer), checks the site answers through the balancer (HTTP, Socket.IO, RTMP
// port), and takes it down again. Needs a Docker engine with the compose plugin; where there is
// none (the development machines here have only the client) it says so and does nothing, and
// apps/api/test/deployment.test.ts still checks the files against the configuration.
import { execFileSync, spawnSync } from 'node:child_process';
import net from 'node:net';
import { root } from './stale.mjs';

const docker = (...args) => spawnSync('docker', args, { cwd: root, stdio: 'inherit' });
const engine =
  spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0 &&
  spawnSync('docker', ['info'], { stdio: 'ignore' }).status === 0;
if (!engine) {
  console.log('compose smoke skipped: no Docker engine with the compose plugin on this machine');
  process.exit(0);
}

const base = 'http://127.0.0.1:8080';
async function until(what, check, seconds = 180) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (await check().catch(() => false)) return console.log(`ok: ${what}`);
    if (Date.now() > deadline) throw new Error(`not within ${seconds} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
const answers = (path) => fetch(`${base}${path}`).then((response) => response.ok);

let failed = false;
try {
  if (docker('compose', 'up', '-d', '--build', '--wait').status !== 0) throw new Error('docker compose up failed');
  await until('ready through the balancer', () => answers('/api/health/ready'));
  await until('public settings', () => answers('/api/settings/public'));
  await until('the web app', () => answers('/'));
  await until('a Socket.IO handshake', () => answers('/socket.io/?EIO=4&transport=polling'));
  await until(
    'the RTMP port passed through',
    () =>
      new Promise((resolve) => {
        const socket = net
          .connect(1935, '127.0.0.1', () => {
            socket.end();
            resolve(true);
          })
          .on('error', () => resolve(false));
      }),
  );
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
  console.error(execFileSync('docker', ['compose', 'logs', '--tail', '50'], { cwd: root, encoding: 'utf8' }));
} finally {
  docker('compose', 'down', '-v');
}
process.exit(failed ? 1 : 0);
