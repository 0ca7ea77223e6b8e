// Start and footprint of the API as `npm start` runs it (the compiled bundle): restart time on
// existing data, from process start to the first answer of GET /api/health (embedded PGlite,
// migrations checked, settings loaded), beside a bare Node HTTP server started the same way; and
// idle resident memory on the embedded database and, when DATABASE_URL names a PostgreSQL server,
// on a fresh database there, beside a bare Node process.
//   npm run bench -- startup        BENCH_RUNS=5
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiCommand, benchDatabase, cpuMsOf, median, rssMb, stop, timeToFirstResponse } from './lib';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const port = 4202;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limelight-bench-startup-'));
const env = { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'true', INIT_CWD: '', DATABASE_URL: undefined };
const appArgs = apiCommand();
const bareArgs = ['-e', `require('http').createServer((q, s) => s.end('ok')).listen(${port})`];
/** The embedded database's own start on the same data, then the bare server: the floor of a restart. */
const pgliteArgs = [
  '-e',
  `import('@electric-sql/pglite').then(({ PGlite }) => PGlite.create(${JSON.stringify(path.join(dataDir, 'db'))})).then((db) => {
    process.once('SIGTERM', () => db.close().then(() => process.exit(0)));
    ${bareArgs[1]};
  })`,
];
const url = `http://127.0.0.1:${port}/api/health`;
/** How long a started process is left alone before its memory is read: timers and lazy loads settle. */
const IDLE_MS = 3000;

async function idleRss(args: string[], extraEnv: NodeJS.ProcessEnv) {
  const started = await timeToFirstResponse('node', args, extraEnv, url);
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const mb = rssMb(started.child.pid!);
  await stop(started.child);
  return mb;
}

const server = benchDatabase();
try {
  const first = await timeToFirstResponse('node', appArgs, env, url);
  await stop(first.child);
  console.log(`first start (initdb, migrations, demo seed): ${first.ms.toFixed(0)} ms`);

  const app: number[] = [];
  const appCpu: number[] = [];
  const bare: number[] = [];
  const pglite: number[] = [];
  for (let i = 0; i < runs; i++) {
    const restart = await timeToFirstResponse('node', appArgs, env, url);
    appCpu.push(cpuMsOf(restart.child.pid!));
    await stop(restart.child);
    app.push(restart.ms);
    const baseline = await timeToFirstResponse('node', bareArgs, {}, url);
    await stop(baseline.child);
    bare.push(baseline.ms);
    const database = await timeToFirstResponse('node', pgliteArgs, {}, url);
    await stop(database.child);
    pglite.push(database.ms);
  }
  const appMedian = median(app);
  const bareMedian = median(bare);
  console.log(
    `restart on existing data, median of ${runs}: ${appMedian.toFixed(0)} ms (max ${Math.max(...app).toFixed(0)} ms, CPU ${median(appCpu).toFixed(0)} ms)`,
  );
  console.log(`bare Node HTTP server, median of ${runs}: ${bareMedian.toFixed(0)} ms (ratio ${(appMedian / bareMedian).toFixed(1)}x)`);
  console.log(
    `PGlite opening the same data, then the bare server, median of ${runs}: ${median(pglite).toFixed(0)} ms (ratio ${(appMedian / median(pglite)).toFixed(1)}x)`,
  );
  console.log(`goal: restart at most 2000 ms: ${appMedian <= 2000 ? 'met' : 'MISSED'}`);

  const bareRss = await idleRss(bareArgs, {});
  console.log(`idle RSS after ${IDLE_MS / 1000} s, bare Node HTTP server: ${bareRss.toFixed(0)} MB`);
  const embeddedRss = await idleRss(appArgs, env);
  console.log(`idle RSS, embedded PGlite: ${embeddedRss.toFixed(0)} MB (goal at most 400 MB: ${embeddedRss <= 400 ? 'met' : 'MISSED'})`);
  if (server.url) {
    await server.create();
    const postgresRss = await idleRss(appArgs, { ...env, DATABASE_URL: server.url, SEED_DEMO: 'false' });
    console.log(`idle RSS, DATABASE_URL: ${postgresRss.toFixed(0)} MB (goal at most 250 MB: ${postgresRss <= 250 ? 'met' : 'MISSED'})`);
  } else {
    console.log('idle RSS with DATABASE_URL: set DATABASE_URL to a PostgreSQL server to measure it');
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await server.drop();
}
