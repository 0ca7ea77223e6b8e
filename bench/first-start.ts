// The first start of `npm start` on a fresh DATA_DIR (decision 026): from process start to the
// first answer of GET /api/health (database made, migrations run, demo accounts and content
// seeded: the process listens only then), and to the log line saying the demo's audio and video
// are processed. Beside it, the same first start with SEED_DEMO=false: what the demo itself costs.
// After each run, `npm run ledger:check` on the seeded data.
//   npm run bench -- first-start        BENCH_RUNS=3
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiCommand, killedOnExit, median, repoRoot, stop } from './lib';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const port = 4203;
const appArgs = apiCommand();

/** One first start: ms to the health answer and to "Demo content ready" (when seeding). */
async function firstStart(seed: boolean) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limelight-bench-first-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    RTMP_PORT: 'off',
    SEED_DEMO: String(seed),
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
    INIT_CWD: '',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const started = performance.now();
  const child = killedOnExit(spawn('node', appArgs, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] }));
  let log = '';
  let ready: number | undefined;
  child.stdout.on('data', (chunk) => {
    log += chunk;
    if (ready === undefined && log.includes('Demo content ready')) ready = performance.now() - started;
  });
  child.stderr.on('data', (chunk) => {
    log += chunk;
  });
  let serving: number | undefined;
  try {
    while (serving === undefined || (seed && ready === undefined)) {
      if (child.exitCode !== null) throw new Error(`the API exited early:\n${log}`);
      if (serving === undefined) {
        const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (ok) serving = performance.now() - started;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (log.includes('could not be created') || log.includes('failed to process')) throw new Error(`the demo seed failed:\n${log}`);
  } finally {
    await stop(child);
  }
  if (seed) execFileSync('npm', ['run', 'ledger:check'], { cwd: repoRoot, env: { ...env, INIT_CWD: '' }, stdio: 'inherit' });
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { serving: serving!, ready: ready ?? serving! };
}

const seeded: Array<{ serving: number; ready: number }> = [];
const bare: number[] = [];
for (let i = 0; i < runs; i++) {
  seeded.push(await firstStart(true));
  bare.push((await firstStart(false)).serving);
}
const servingMedian = median(seeded.map((run) => run.serving));
const readyMedian = median(seeded.map((run) => run.ready));
console.log(
  `load average at the end: ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`,
);
console.log(
  `first start, seeded and serving, median of ${runs}: ${servingMedian.toFixed(0)} ms (max ${Math.max(...seeded.map((run) => run.serving)).toFixed(0)} ms)`,
);
console.log(
  `first start, demo media processed, median of ${runs}: ${readyMedian.toFixed(0)} ms (max ${Math.max(...seeded.map((run) => run.ready)).toFixed(0)} ms)`,
);
console.log(`first start without the demo (SEED_DEMO=false), median of ${runs}: ${median(bare).toFixed(0)} ms`);
console.log(`goal: demo media processed within 20000 ms: ${readyMedian <= 20_000 ? 'met' : 'MISSED'}`);
