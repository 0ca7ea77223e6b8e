// Restart time on existing data: from process start to the first answer of GET /api/health,
// for the whole product (embedded PGlite, migrations checked, settings loaded), against a bare
// Node HTTP server started the same way in the same run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, stop, timeToFirstResponse } from './lib';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const port = 3990;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limelight-bench-startup-'));
const env = { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'true', INIT_CWD: '' };
const appArgs = ['--import', 'tsx', 'apps/api/src/main.ts'];
const bareArgs = ['-e', `require('http').createServer((q, s) => s.end('ok')).listen(${port})`];
const url = `http://127.0.0.1:${port}/api/health`;

try {
  const first = await timeToFirstResponse('node', appArgs, env, url);
  await stop(first.child);
  console.log(`first start (initdb, migrations, demo seed): ${first.ms.toFixed(0)} ms`);

  const app: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < runs; i++) {
    const restart = await timeToFirstResponse('node', appArgs, env, url);
    await stop(restart.child);
    app.push(restart.ms);
    const baseline = await timeToFirstResponse('node', bareArgs, {}, url);
    await stop(baseline.child);
    bare.push(baseline.ms);
  }
  const appMedian = median(app);
  const bareMedian = median(bare);
  console.log(`restart on existing data, median of ${runs}: ${appMedian.toFixed(0)} ms (max ${Math.max(...app).toFixed(0)} ms)`);
  console.log(`bare Node HTTP server, median of ${runs}: ${bareMedian.toFixed(0)} ms`);
  console.log(`ratio to bare Node: ${(appMedian / bareMedian).toFixed(1)}x`);
  console.log(`budget 5000 ms: ${Math.max(...app) < 5000 ? 'met' : 'MISSED'}`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
