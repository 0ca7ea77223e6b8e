// Live streaming (issue 17): stream-chat fan-out to many watching sockets (a line POSTed by a fan
// until every viewer's socket has it), beside a bare Socket.IO server relaying to a room in the
// same run.
//   npm run bench -- live     BENCH_VIEWERS=1000 BENCH_RATE=10 BENCH_SECONDS=10
// The viewers' sockets live in two child processes (as they would on other machines), so the
// receiving side's CPU is not charged to the server under test.
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { socketClientOptions } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { openEmbedded, openPostgres } from '../apps/api/src/db/client';
import { sessions } from '../apps/api/src/db/schema';
import { newOpaqueToken } from '../apps/api/src/platform/tokens';
import { benchDatabase, cpuMsOf, startApi, stop } from './lib';

const viewers = Number(process.env.BENCH_VIEWERS ?? 1000);
const rate = Number(process.env.BENCH_RATE ?? 10);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENT_PROCESSES = 2;
const VIEWERS_PER_WAVE = 50;
const port = 3995;

/** A wall clock with sub-millisecond precision that agrees across processes on one machine. */
const now = () => performance.timeOrigin + performance.now();
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** What the parent tells a viewers' process: where to connect, as whom, and which room to join. */
type ViewerBrief = { url: string; tokens: string[]; sessionId?: string };
type ViewerReport = { latencies: number[] };

/**
 * A viewers' process: connects its sockets (signed in and joined to the session's room through
 * the API, or plainly to the bare server, which puts every socket in its room), says ready, and
 * when told, reports how long each line took from its send (`at` in the text) to each socket.
 */
async function runViewers(brief: ViewerBrief) {
  const latencies: number[] = [];
  const hear = (text: string) => {
    const at = Number(text.split(' ')[1]);
    if (at) latencies.push(now() - at);
  };
  const connectOne = (token: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(brief.url, { ...socketClientOptions, reconnection: false, forceNew: true, query: { token } });
      socket.on('stream/message_created', (payload: { message: { text: string } }) => hear(payload.message.text));
      socket.on('connect_error', reject);
      if (!brief.sessionId) socket.once('connect', () => resolve(socket));
      else {
        socket.once('auth/success', () =>
          socket.emit('stream/join', { sessionId: brief.sessionId! }, (answer: { ok: boolean; message?: string }) =>
            answer.ok ? resolve(socket) : reject(new Error(answer.message)),
          ),
        );
      }
    });
  // In waves, as viewers arrive: all at once, the last ones' connections time out behind the
  // first ones' sign-in and join.
  const sockets: Socket[] = [];
  for (let at = 0; at < brief.tokens.length; at += VIEWERS_PER_WAVE) {
    sockets.push(...(await Promise.all(brief.tokens.slice(at, at + VIEWERS_PER_WAVE).map(connectOne))));
  }
  process.send!('ready');
  process.once('message', () => {
    for (const socket of sockets) socket.disconnect();
    // Exits once the report has gone: a large one is still being written when send returns.
    process.send!({ latencies } satisfies ViewerReport, () => process.exit(0));
  });
}

/** Starts the viewers' processes over `tokens` and resolves once every socket is in the room. */
async function startViewers(url: string, tokens: string[], sessionId?: string) {
  const share = Math.ceil(tokens.length / CLIENT_PROCESSES);
  const children = Array.from({ length: CLIENT_PROCESSES }, (_, index) =>
    fork(import.meta.filename, [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        LIVE_BENCH_VIEWERS: JSON.stringify({ url, tokens: tokens.slice(index * share, (index + 1) * share), sessionId }),
      },
    }),
  );
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve, reject) => {
          child.once('message', resolve);
          child.once('exit', (code) => reject(new Error(`a viewers' process ended early (exit ${code})`)));
        }),
    ),
  );
  return children;
}

/** Asks the viewers' processes for what they heard and ends them. */
async function collect(children: ChildProcess[]) {
  const reports = await Promise.all(
    children.map(
      (child) =>
        new Promise<ViewerReport>((resolve) => {
          child.once('message', (report) => resolve(report as ViewerReport));
          child.send('report');
        }),
    ),
  );
  return reports.flatMap((report) => report.latencies);
}

/**
 * Sends `rate` lines a second for `seconds` (open loop), each stamped with its send time, then
 * waits for the stragglers; `send` POSTs line `index`.
 */
async function steadyLines(send: (index: number, text: string) => Promise<void>) {
  const total = rate * seconds;
  let sent = 0;
  await new Promise<void>((done) => {
    const started = performance.now();
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
      while (sent < due) {
        const index = sent++;
        void send(index, `line ${now()}`);
      }
      if (sent >= total) {
        clearInterval(tick);
        setTimeout(done, 3000);
      }
    }, 5);
  });
  return total;
}

function summary(latencies: number[], lines: number, audience: number, cpuMs?: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const expected = lines * audience;
  const cpu = cpuMs === undefined ? '' : `  server CPU ${(cpuMs / (seconds * 10)).toFixed(0)} % of a core`;
  return `${(latencies.length / seconds).toFixed(0).padStart(6)} deliveries/s  p50 ${percentile(sorted, 0.5).toFixed(1)} ms  p99 ${percentile(sorted, 0.99).toFixed(1)} ms  delivered ${latencies.length}/${expected}${cpu}`;
}

const post = (agent: http.Agent, url: string, token: string, body: unknown) =>
  new Promise<number>((resolve) => {
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

/** The floor: a bare Socket.IO server that relays a POSTed line to one room holding every viewer. */
async function bareFanOut() {
  const httpServer = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const { text } = JSON.parse(body) as { text: string };
      io.to('stream').emit('stream/message_created', { message: { text } });
      response.end('{}');
    });
  });
  const io = new Server(httpServer, { path: socketClientOptions.path });
  io.on('connection', (socket) => socket.join('stream'));
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  const children = await startViewers(
    url,
    Array.from({ length: viewers }, () => ''),
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const cpuBefore = process.cpuUsage();
  const lines = await steadyLines(async (_index, text) => {
    await post(agent, `${url}/send`, '', { text });
  });
  const cpu = process.cpuUsage(cpuBefore);
  const latencies = await collect(children);
  agent.destroy();
  io.close();
  return summary(latencies, lines, viewers, (cpu.user + cpu.system) / 1000);
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limelight-bench-live-'));
  const server = benchDatabase();
  try {
    await server.create();
    const database = await (server.url ? openPostgres(server.url) : openEmbedded(dataDir));
    const { db } = database;
    // One creator and their subscribers, every one signed in.
    await db.execute(sql`
      insert into users (role, name, username, email, password_hash) values ('performer', 'Creator', 'creator', 'creator@bench.test', '-')`);
    await db.execute(sql`insert into performer_profiles (user_id, gender, verified_document) select id, 'female', true from users`);
    await db.execute(sql`
      insert into users (role, name, username, email, password_hash)
      select 'user', 'Viewer ' || g, 'viewer' || g, 'viewer' || g || '@bench.test', '-' from generate_series(1, ${viewers}) g`);
    await db.execute(sql`
      insert into subscriptions (user_id, performer_id, type, status, started_at, expired_at)
      select f.id, c.id, 'monthly', 'active', now(), now() + interval '30 days'
      from users f cross join users c where f.role = 'user' and c.role = 'performer'`);
    const people = (await db.execute(sql`select id, role from users order by role, id`)).rows as Array<{ id: string; role: string }>;
    const logins = people.map((person) => ({ userId: person.id, role: person.role, ...newOpaqueToken() }));
    await db
      .insert(sessions)
      .values(
        logins.map(({ userId, tokenHash }) => ({ userId, tokenHash, method: 'password', expiresAt: new Date(Date.now() + 3_600_000) })),
      );
    await db.execute(sql`analyze`);
    await database.close();
    const creatorToken = logins.find((login) => login.role === 'performer')!.token;
    const fanTokens = logins.filter((login) => login.role === 'user').map((login) => login.token);

    const bare = await bareFanOut();

    const app = await startApi({ port, dataDir, databaseUrl: server.url });
    const live = await fetch(`${app.base}/api/streaming/live`, {
      method: 'POST',
      headers: { authorization: `Bearer ${creatorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Bench', access: 'subscribers' }),
    });
    const session = (await live.json()) as { _id: string; conversationId: string };
    if (!live.ok) throw new Error(`going live failed: ${JSON.stringify(session)}`);
    const joining = performance.now();
    const children = await startViewers(app.base, fanTokens, session._id);
    const joinSeconds = (performance.now() - joining) / 1000;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
    let refused = 0;
    const cpuBefore = cpuMsOf(app.child.pid!);
    // Lines by different fans in turn: each account may write 30 lines a minute.
    const lines = await steadyLines(async (index, text) => {
      const status = await post(agent, `${app.base}/api/messages/stream/${session.conversationId}`, fanTokens[index % fanTokens.length]!, {
        text,
      });
      if (status !== 200) refused++;
    });
    const cpuMs = cpuMsOf(app.child.pid!) - cpuBefore;
    const latencies = await collect(children);
    agent.destroy();
    await stop(app.child);

    console.log(
      `${viewers} viewers watching one session, ${rate} chat lines/s for ${seconds} s, on ${server.url ? 'PostgreSQL' : 'PGlite'}`,
    );
    console.log(`bare Socket.IO fan-out (POST to every socket in a room)  ${bare}`);
    console.log(`stream chat through the API                            ${summary(latencies, lines, viewers, cpuMs)}  refused ${refused}`);
    console.log(`  ${viewers} viewers signed in and joined in ${joinSeconds.toFixed(1)} s`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await server.drop();
  }
}

if (process.env.LIVE_BENCH_VIEWERS) await runViewers(JSON.parse(process.env.LIVE_BENCH_VIEWERS) as ViewerBrief);
else await main();
