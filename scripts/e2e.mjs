// The browser tests in E2E_SHARDS shards run side by side (1 by default), each a Playwright run of
// its own with its own server, data directory and ports (E2E_PORT, the fake Stripe on the next
// port, demo.spec.ts's server on the one after), so the tests that change a server's settings
// still run one at a time against their server. One by default: on a two-core machine two shards
// (two browsers, two servers) loaded it to 15 and timed tests out (decision 067).
// Arguments (spec files, Playwright options) go to every shard; exits non-zero if any shard fails.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web');
const shards = Number(process.env.E2E_SHARDS ?? 1);
const firstPort = Number(process.env.E2E_PORT ?? 3517);
/** Each shard's server, its fake Stripe and demo.spec.ts's own server. */
const PORTS_PER_SHARD = 3;

if (!Number.isInteger(shards) || shards < 1) {
  console.error(`E2E_SHARDS must be a whole number of at least 1 (got ${process.env.E2E_SHARDS})`);
  process.exit(2);
}

function run(shard) {
  const port = firstPort + (shard - 1) * PORTS_PER_SHARD;
  // Each shard its own results folder: a Playwright run empties its folder as it starts.
  const sharding = shards > 1 ? [`--shard=${shard}/${shards}`, `--output=test-results/shard-${shard}`] : [];
  const args = ['playwright', 'test', ...sharding, ...process.argv.slice(2)];
  const child = spawn('npx', args, {
    cwd: webDir,
    // RTMP on a free port: two servers cannot both take 1935.
    env: { ...process.env, E2E_PORT: String(port), FAKE_STRIPE_PORT: String(port + 1), RTMP_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = shards > 1 ? `[${shard}/${shards}] ` : '';
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop();
      for (const line of lines) out.write(`${prefix}${line}\n`);
    });
    stream.on('end', () => rest && out.write(`${prefix}${rest}\n`));
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

const started = Date.now();
const codes = await Promise.all(Array.from({ length: shards }, (_, index) => run(index + 1)));
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const failed = codes.filter((code) => code !== 0).length;
console.log(`Browser tests: ${shards} shard(s) in ${minutes} min, ${failed ? `${failed} failed` : 'all passed'}`);
process.exit(failed ? 1 : 0);
