// The plugin chain (issue 16): a trivial route through everything every request passes (session
// resolution, rate limit, helmet, request id, logging, the response serializer), beside a bare
// `node:http` hello and a bare Fastify hello measured in the same run, each in its own process
// under the same load (autocannon, keep-alive connections). On the embedded database, or on a
// fresh database of the PostgreSQL server that DATABASE_URL names.
//   npm run bench -- api        BENCH_SECONDS=10 BENCH_CONCURRENCY=32
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openEmbedded, openPostgres } from '../apps/api/src/db/client';
import { sessions, users } from '../apps/api/src/db/schema';
import { newOpaqueToken } from '../apps/api/src/platform/tokens';
import { benchDatabase, startApi, stop, timeToFirstResponse } from './lib';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONCURRENCY ?? 32);
const port = 4201;
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limelight-bench-api-'));
const server = benchDatabase();
const databaseUrl = server.url;

/** The same small JSON body from both bare servers, so they write what the API writes. */
const hello = JSON.stringify({ hello: 'world' });
const bareHttp = `require('http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end(${JSON.stringify(hello)}); }).listen(${port})`;
const bareFastify = `import('fastify').then(({ default: Fastify }) => { const app = Fastify(); app.get('/', async () => (${hello})); return app.listen({ port: ${port}, host: '127.0.0.1' }); })`;

type Measured = { name: string; rps: number; p99: number; errors: number; bytes: number };

/** One second to warm the JIT, then the measured run. */
async function measure(name: string, urlPath: string, headers: Record<string, string> = {}): Promise<Measured> {
  const url = `${base}${urlPath}`;
  await autocannon({ url, connections, duration: 1, headers });
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    name,
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
  return `const headers = ${JSON.stringify(headers)}; const body = ${JSON.stringify(body)}; require('http').createServer((q, s) => { s.writeHead(200, headers); s.end(body); }).listen(${port})`;
}

async function bare(name: string, script: string): Promise<Measured> {
  const started = await timeToFirstResponse('node', ['-e', script], {}, `${base}/`);
  try {
    return await measure(name, '/');
  } finally {
    await stop(started.child);
  }
}

try {
  await server.create();
  // A signed-in fan: the session cookie makes every request resolve the session in the database.
  const database = databaseUrl ? await openPostgres(databaseUrl) : await openEmbedded(dataDir);
  const [fan] = await database.db
    .insert(users)
    .values({ role: 'user', name: 'Bench Fan', username: 'benchfan', email: 'benchfan@bench.test', passwordHash: '-' })
    .returning({ id: users.id });
  const { token, tokenHash } = newOpaqueToken();
  await database.db.insert(sessions).values({ userId: fan!.id, tokenHash, expiresAt: new Date(Date.now() + 86_400_000) });
  await database.close();

  const chain: Measured[] = [];
  // At the default log level, as `npm start` runs (its output goes nowhere, as to a log shipper).
  const api = await startApi({ port, dataDir, databaseUrl, logLevel: 'info' });
  let sameAnswer: string;
  try {
    sameAnswer = await bareServerOf(await fetch(`${base}/api/settings/public`));
    chain.push(await measure('GET /api/settings/public, anonymous', '/api/settings/public'));
    chain.push(await measure('GET /api/settings/public, signed in', '/api/settings/public', { cookie: `token=${token}` }));
  } finally {
    await stop(api.child);
  }
  const results = [
    await bare('bare node:http hello', bareHttp),
    await bare('bare Fastify hello', bareFastify),
    await bare('bare node:http, the same answer', sameAnswer),
    ...chain,
  ];

  const floor = results[0]!;
  console.log(`plugin chain on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${connections} connections, ${seconds} s each`);
  for (const result of results) {
    const ratio = result === floor ? '' : `  ${((100 * result.rps) / floor.rps).toFixed(0)} % of bare node:http`;
    console.log(
      `${result.name.padEnd(40)} ${result.rps.toFixed(0).padStart(6)} req/s  p99 ${String(result.p99).padStart(3)} ms  ${String(result.bytes).padStart(5)} B/answer  errors ${result.errors}${ratio}`,
    );
  }
  const worst = Math.min(...chain.map((result) => result.rps / floor.rps));
  console.log(`goal: the chain at least 85 % of bare node:http: ${worst >= 0.85 ? 'met' : 'MISSED'} (${(100 * worst).toFixed(0)} %)`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await server.drop();
}
