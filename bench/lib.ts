import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../apps/api/src/db/client';
import { ffmpegPath } from '../apps/api/src/platform/ffmpeg';

export const repoRoot = new URL('..', import.meta.url).pathname;

/** The processes a bench started that still run (see `killedOnExit`). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Every process a bench starts (servers, ffmpeg publishers, client processes) goes through here:
 * it is killed when the bench exits however it ends, so a bench that fails midway leaves nothing
 * holding its port, its database or the CPU (a failed soak once left its server and publisher).
 */
export function killedOnExit<T extends ChildProcess>(child: T): T {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** Starts a command and resolves with the milliseconds until `url` first answers 200. */
export async function timeToFirstResponse(command: string, args: string[], env: NodeJS.ProcessEnv, url: string) {
  const started = performance.now();
  // A variable set to undefined is left out (the embedded run of a bench started with DATABASE_URL).
  const childEnv = Object.fromEntries(Object.entries({ ...process.env, ...env }).filter(([, value]) => value !== undefined));
  const child = killedOnExit(spawn(command, args, { cwd: repoRoot, env: childEnv, stdio: ['ignore', 'ignore', 'pipe'] }));
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} exited early:\n${stderr}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { ms: performance.now() - started, child };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Starts a bench file again as its own floor process: the file reads `variable` (its port and
 * database as JSON) and serves the floor instead of running the bench; resolves once /health answers.
 */
export function startFloor(file: string, variable: string, config: { port: number; databaseUrl: string }) {
  return timeToFirstResponse(
    'node',
    ['--import', 'tsx', file],
    { [variable]: JSON.stringify(config) },
    `http://127.0.0.1:${config.port}/health`,
  );
}

/** A bare node:http server answering a tiny JSON hello on `port`: the plainest baseline. */
export function startBareHello(port: number) {
  return timeToFirstResponse(
    'node',
    ['-e', `require('http').createServer((q, s) => s.end('{"ok":true}')).listen(${port})`],
    {},
    `http://127.0.0.1:${port}/`,
  );
}

/** The API's figure as a share of its floor's: req/s ratio, and p99 against the floor's. */
export function vsFloor(api: Awaited<ReturnType<typeof load>>, floor: Awaited<ReturnType<typeof load>>) {
  return `= ${((100 * api.rps) / floor.rps).toFixed(0)} % of the floor's req/s, p99 ${(api.p99 / floor.p99).toFixed(1)}x the floor's`;
}

/**
 * The command line of the API as `npm start` runs it: the compiled bundle, built first when a
 * source changed (scripts/build-api.mjs).
 */
export function apiCommand() {
  execFileSync('node', ['scripts/build-api.mjs', '--if-stale'], { cwd: repoRoot, stdio: 'inherit' });
  return ['--enable-source-maps', '--import', new URL('apps/api/dist/telemetry.js', `file://${repoRoot}`).href, 'apps/api/dist/main.js'];
}

/** Resident memory of a process now, in MB, from /proc. */
export function rssMb(pid: number) {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line!.split(/\s+/)[1]) / 1024;
}

/**
 * The API as `npm start` runs it, on `port`, over the bench's data: its embedded database in
 * `dataDir`, or PostgreSQL at `databaseUrl`. BENCH_PROFILE=1 writes a CPU profile of it to
 * /tmp/limelight-prof when it stops.
 */
export async function startApi({
  port,
  dataDir,
  databaseUrl,
  logLevel = 'warn',
  env = {},
}: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  logLevel?: string;
  /** More of the API's configuration (RTMP_PORT). */
  env?: Record<string, string>;
}) {
  // A long run (the soak) samples less often: BENCH_PROFILE_INTERVAL_US=10000 keeps its profile small.
  const interval = process.env.BENCH_PROFILE_INTERVAL_US ? [`--cpu-prof-interval=${process.env.BENCH_PROFILE_INTERVAL_US}`] : [];
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/limelight-prof', ...interval] : [];
  const { child } = await timeToFirstResponse(
    'node',
    [...profile, ...apiCommand()],
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: logLevel,
      SEED_DEMO: 'false',
      INIT_CWD: '',
      // Undefined for the embedded database: the bench's own DATABASE_URL is then left out, not inherited.
      DATABASE_URL: databaseUrl,
      ...env,
    },
    `http://127.0.0.1:${port}/api/health`,
  );
  return { child, base: `http://127.0.0.1:${port}` };
}

export async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * CPU time (user and system, in ms) a process has used so far, from /proc: read before and after
 * a phase, it says what the phase cost that process, whatever else the machine was doing.
 */
export function cpuMsOf(pid: number) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}
/** The CPU time (ms) of every running process of one command (`postgres`: the server and its backends). */
export function cpuMsOfCommand(command: string) {
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === command) total += cpuMsOf(Number(pid));
    } catch {
      // The process ended while we looked.
    }
  }
  return total;
}

/** Linux's USER_HZ, the unit of /proc's CPU times, is 100 on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** The value at share `p` (0 to 1) of an ascending list. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A GET of a path, or a request with its own method, headers and JSON body. */
export type BenchRequest = string | { path: string; method: string; headers?: Record<string, string>; body?: unknown };

/**
 * Sends requests from `concurrency` keep-alive connections for `seconds`, each the next one
 * from `nextRequest`, and reports requests per second and latency percentiles.
 */
export async function load(
  base: string,
  nextRequest: () => BenchRequest,
  options: { seconds: number; concurrency: number; headers?: Record<string, string> },
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + options.seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      const next = nextRequest();
      const { path, method, headers, body } = typeof next === 'string' ? { path: next, method: 'GET', headers: {}, body: undefined } : next;
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const status = await new Promise<number>((resolve) => {
        const request = http.request(
          `${base}${path}`,
          { method, agent, headers: { ...options.headers, ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) } },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        request.on('error', () => resolve(0));
        request.end(payload);
      });
      if (status !== 200) errors++;
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / options.seconds, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), errors };
}

export function formatLoad(name: string, result: Awaited<ReturnType<typeof load>>, baseline?: Awaited<ReturnType<typeof load>>) {
  const ratio = baseline
    ? `  (${(result.rps / baseline.rps).toFixed(2)}x bare Node req/s, p99 ${(result.p99 / baseline.p99).toFixed(1)}x)`
    : '';
  return `${name.padEnd(34)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${result.p50.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms  errors ${result.errors}${ratio}`;
}

/**
 * With DATABASE_URL, a fresh database on that PostgreSQL server for one bench run (made by
 * `create`, dropped by `drop`); without it, nothing: the bench uses the embedded PGlite.
 */
export function benchDatabase() {
  const serverUrl = process.env.DATABASE_URL;
  const name = `limelight_bench_${process.pid}`;
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  return {
    url: serverUrl ? Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString() : undefined,
    create: async () => serverUrl && (await onServer(`create database "${name}"`)),
    drop: async () => serverUrl && (await onServer(`drop database if exists "${name}" with (force)`)),
  };
}

/**
 * A bare `node:http` server writing what `answer` returns as JSON: the floors' server, with none of
 * the API's plugin chain, so a floor measures only the SQL and the answer.
 */
export function serveJson(port: number, answer: (request: http.IncomingMessage) => Promise<readonly [number, unknown]>) {
  http
    .createServer((request, response) => {
      answer(request).then(
        ([status, body]) => {
          response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
          response.end(JSON.stringify(body));
        },
        (error: Error) => {
          response.writeHead(500);
          response.end(error.message);
        },
      );
    })
    .listen(port);
}

/** POSTs JSON as a signed-in account over `agent` and resolves with the status (0 when the connection failed). */
export function postJson(agent: http.Agent, url: string, token: string, body: unknown) {
  return new Promise<number>((resolve) => {
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', () => resolve(0));
    request.end(JSON.stringify(body));
  });
}

/** `count` verified creators, creator1 to creatorN with their profiles: where the read benches start. */
export async function insertCreators(db: Database, count: number) {
  await db.execute(sql`
    insert into users (role, name, username, email, password_hash)
    select 'performer', 'Creator ' || g, 'creator' || g, 'creator' || g || '@bench.test', '-' from generate_series(1, ${count}) g`);
  // Verified and listed, as an admin's verification leaves a creator (no avatar: the timeline's floor presents none).
  await db.execute(
    sql`insert into performer_profiles (user_id, gender, verified_document, listed) select id, 'female', true, true from users`,
  );
}

/**
 * Every fan (role `user`) topped up `cents` by card, recorded as the ledger records it (the
 * platform's clearing account, made by the migrations, keeps no cached balance: it is the sum
 * of its entries).
 */
export async function fundFans(db: Database, cents: number) {
  await db.execute(sql`
    with paid as (
      insert into payment_transactions (user_id, gateway, type, status, amount_cents, tokens_cents)
      select id, 'sandbox', 'wallet_top_up', 'success', ${cents}::bigint, ${cents}::bigint from users where role = 'user' returning id, user_id
    ), journals as (
      insert into ledger_journals (kind, reference_type, reference_id) select 'top_up', 'payment', id from paid returning id, reference_id
    ), wallets as (
      insert into ledger_accounts (kind, owner_id, balance_cents) select 'wallet', user_id, ${cents}::bigint from paid returning id, owner_id
    ), clearing as (
      select id from ledger_accounts where owner_id is null and kind = 'gateway_clearing'
    )
    insert into ledger_entries (journal_id, account_id, amount_cents)
    select j.id, w.id, ${cents}::bigint from journals j join paid p on p.id = j.reference_id join wallets w on w.owner_id = p.user_id
    union all
    select j.id, (select id from clearing), ${-cents}::bigint from journals j`);
}

/**
 * Each fan's conversation with one creator (fan n with creator n modulo the creators), as opening
 * it leaves it, already under way: each has the creator's welcome, so a fan's message is not the
 * conversation's first (which also notifies the creator, a rarer path).
 */
export async function openConversations(db: Database) {
  const pairs = (
    await db.execute(sql`
      with fans as (select id, row_number() over (order by id) - 1 as n from users where role = 'user'),
           makers as (select id, row_number() over (order by id) - 1 as n from users where role = 'performer'),
           paired as (
             select f.id as fan_id, m.id as creator_id from fans f join makers m on m.n = f.n % (select count(*) from makers)),
           opened as (
             insert into conversations (pair_key, started_by)
             select least(fan_id::text, creator_id::text) || ':' || greatest(fan_id::text, creator_id::text), fan_id from paired
             returning id, started_by),
           members as (
             insert into conversation_members (conversation_id, user_id, other_user_id)
             select o.id, p.fan_id, p.creator_id from opened o join paired p on p.fan_id = o.started_by
             union all
             select o.id, p.creator_id, p.fan_id from opened o join paired p on p.fan_id = o.started_by
             returning 1)
      select p.fan_id, p.creator_id, o.id as conversation_id from paired p join opened o on o.started_by = p.fan_id`)
  ).rows as Array<{ fan_id: string; creator_id: string; conversation_id: string }>;
  await db.execute(sql`
    with welcome as (
      insert into messages (conversation_id, sender_id, text)
      select m.conversation_id, m.user_id, 'Welcome!' from conversation_members m join users u on u.id = m.user_id and u.role = 'performer'
      returning id, conversation_id, sender_id, created_at)
    update conversations c set last_message_id = w.id, last_message_text = 'Welcome!', last_message_at = w.created_at, last_sender_id = w.sender_id
    from welcome w where c.id = w.conversation_id`);
  return pairs;
}

/** A 720p test pattern with sound, encoded once (x264, a keyframe a second, 2.5 Mbit/s) for a copy publish. */
export function testPattern(dir: string) {
  const file = path.join(dir, 'pattern.flv');
  execFileSync(ffmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '10'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-g', '30', '-keyint_min', '30'],
    ...['-sc_threshold', '0', '-b:v', '2500k', '-maxrate', '2500k', '-bufsize', '2500k', '-c:a', 'aac', '-b:a', '128k', file],
  ]);
  return file;
}
