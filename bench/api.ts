// The plugin chain (issue 16): a trivial route through everything every request passes (session
// resolution, rate limit, helmet, request id, logging, the response serializer), beside a bare
// `node:http` hello and a bare Fastify hello measured in the same run, each in its own process,
// taking turns under the same load (autocannon, keep-alive connections). On the embedded
// database, and when DATABASE_URL names a PostgreSQL server also on a fresh database of it, side
// by side in the same rounds (an API process each).
//   npm run bench -- api        BENCH_SECONDS=2 BENCH_ROUNDS=7 BENCH_CONCURRENCY=32 BENCH_PORT=4201 (and the next four)
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openEmbedded, openPostgres } from '../apps/api/src/db/client';
import { sessions, users } from '../apps/api/src/db/schema';
import { newOpaqueToken } from '../apps/api/src/platform/tokens';
import { benchDatabase, cpuMsOf, median, startApi, stop, timeToFirstResponse } from './lib';

const seconds = Number(process.env.BENCH_SECONDS ?? 2);
const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const connections = Number(process.env.BENCH_CONCURRENCY ?? 32);
const apiPort = Number(process.env.BENCH_PORT ?? 4201);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limelight-bench-api-'));
const server = benchDatabase();
const databaseUrl = server.url;

/** The same small JSON body from both bare servers, so they write what the API writes. */
const hello = JSON.stringify({ hello: 'world' });
const bareHttp = (port: number) =>
  `require('http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end(${JSON.stringify(hello)}); }).listen(${port})`;
const bareFastify = (port: number) =>
  `import('fastify').then(({ default: Fastify }) => { const app = Fastify(); app.get('/', async () => (${hello})); return app.listen({ port: ${port}, host: '127.0.0.1' }); })`;

type Target = { name: string; url: string; pid: number; headers?: Record<string, string> };
type Measured = { rps: number; p99: number; errors: number; bytes: number; cpuUs: number };

/** Also the server's own CPU time per answer (from /proc), which the machine's load barely moves. */
async function measure(target: Target, duration: number): Promise<Measured> {
  const cpuBefore = cpuMsOf(target.pid);
  const result = await autocannon({ url: target.url, connections, duration, headers: target.headers ?? {} });
  return {
    cpuUs: ((cpuMsOf(target.pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total),
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    bytes: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
  };
}

/**
 * A bare node:http server writing the API's answer byte for byte (its headers and body): what
 * the chain costs apart from the bytes it sends.
 */
async function bareServerOf(response: Response) {
  const body = await response.text();
  const skipped = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !skipped.has(name)));
  return (port: number) =>
    `const headers = ${JSON.stringify(headers)}; const body = ${JSON.stringify(body)}; require('http').createServer((q, s) => { s.writeHead(200, headers); s.end(body); }).listen(${port})`;
}

const children: ChildProcess[] = [];
async function bare(name: string, script: (port: number) => string, port: number): Promise<Target> {
  const url = `http://127.0.0.1:${port}/`;
  const started = await timeToFirstResponse('node', ['-e', script(port)], {}, url);
  children.push(started.child);
  return { name, url, pid: started.child.pid! };
}

/** A signed-in fan in the database: the session cookie makes every request resolve the session. */
async function signedInFan(databaseUrl: string | undefined) {
  const database = databaseUrl ? await openPostgres(databaseUrl) : await openEmbedded(dataDir);
  const [fan] = await database.db
    .insert(users)
    .values({ role: 'user', name: 'Bench Fan', username: 'benchfan', email: 'benchfan@bench.test', passwordHash: '-' })
    .returning({ id: users.id });
  const { token, tokenHash } = newOpaqueToken();
  await database.db.insert(sessions).values({ userId: fan!.id, tokenHash, expiresAt: new Date(Date.now() + 86_400_000) });
  await database.close();
  return token;
}

/** The API on one database, the cached read anonymous and signed in. */
async function apiTargets(engine: string, port: number, databaseUrl: string | undefined): Promise<Target[]> {
  const token = await signedInFan(databaseUrl);
  // At the default log level, as `npm start` runs (its output goes nowhere, as to a log shipper).
  const api = await startApi({ port, dataDir, databaseUrl, logLevel: 'info' });
  children.push(api.child);
  const route = `${api.base}/api/settings/public`;
  return [
    { name: `anonymous, ${engine}`, url: route, pid: api.child.pid! },
    { name: `signed in, ${engine}`, url: route, pid: api.child.pid!, headers: { cookie: `token=${token}` } },
  ];
}

try {
  await server.create();
  const chains = [
    ...(await apiTargets('PGlite', apiPort, undefined)),
    ...(databaseUrl ? await apiTargets('PostgreSQL', apiPort + 4, databaseUrl) : []),
  ];
  // Every server runs at once and the measurements take turns in short slots, round after
  // round: on a shared machine the load of the moment then weighs on each of them alike. Each
  // ratio is taken within a round (against that round's hello) and the median of the rounds is
  // printed, with the median req/s.
  const targets: Target[] = [
    await bare('bare node:http hello', bareHttp, apiPort + 1),
    await bare('bare Fastify hello', bareFastify, apiPort + 2),
    await bare('bare node:http, the same answer', await bareServerOf(await fetch(chains[0]!.url)), apiPort + 3),
    ...chains.map((chain) => ({ ...chain, name: `GET /api/settings/public, ${chain.name}` })),
  ];
  // One second each to warm the JIT.
  for (const target of targets) await measure(target, 1);
  const runs: Measured[][] = [];
  for (let round = 0; round < rounds; round++) {
    const measured: Measured[] = [];
    for (const target of targets) measured.push(await measure(target, seconds));
    runs.push(measured);
  }
  const results = targets.map((target, index) => {
    const measured = runs.map((round) => round[index]!);
    return {
      name: target.name,
      rps: median(measured.map((run) => run.rps)),
      p99: median(measured.map((run) => run.p99)),
      cpuUs: median(measured.map((run) => run.cpuUs)),
      bytes: measured[0]!.bytes,
      errors: measured.reduce((sum, run) => sum + run.errors, 0),
      ratio: median(runs.map((round) => round[index]!.rps / round[0]!.rps)),
    };
  });

  console.log(
    `plugin chain on PGlite${databaseUrl ? ' and PostgreSQL' : ''}, Node.js ${process.version}, ${connections} connections, ${rounds} rounds of ${seconds} s each (medians)`,
  );
  for (const [index, result] of results.entries()) {
    const ratio = index === 0 ? '' : `  ${(100 * result.ratio).toFixed(0)} % of bare node:http`;
    console.log(
      `${result.name.padEnd(50)} ${result.rps.toFixed(0).padStart(6)} req/s  p99 ${String(result.p99).padStart(3)} ms  ${String(result.bytes).padStart(5)} B/answer  ${result.cpuUs.toFixed(0).padStart(4)} µs CPU/answer  errors ${result.errors}${ratio}`,
    );
  }
  const chain = results.slice(3);
  const worst = Math.min(...chain.map((result) => result.ratio));
  console.log(`goal: the chain at least 85 % of bare node:http: ${worst >= 0.85 ? 'met' : 'MISSED'} (${(100 * worst).toFixed(0)} %)`);
  // The floor as the benches define it: the same answer, byte for byte, written by a bare server (third target).
  for (let index = 3; index < targets.length; index++) {
    const ofFloor = median(runs.map((round) => round[index]!.rps / round[2]!.rps));
    console.log(`${targets[index]!.name.padEnd(50)} ${(100 * ofFloor).toFixed(0)} % of the same answer from bare node:http`);
  }
  // Within each round, each database's signed-in read against its anonymous one (the session cache, decision 061).
  for (let first = 3; first < targets.length; first += 2) {
    const signedIn = median(runs.map((round) => round[first + 1]!.rps / round[first]!.rps));
    console.log(
      `goal: a signed-in read at least 60 % of the anonymous one, ${targets[first]!.name.split(', ').at(-1)}: ${signedIn >= 0.6 ? 'met' : 'MISSED'} (${(100 * signedIn).toFixed(0)} %)`,
    );
  }
} finally {
  for (const child of children) await stop(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
  await server.drop();
}
