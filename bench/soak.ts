// Soak (issue 28): the API as `npm start` runs it, under mixed traffic at about half of the
// capacity measured at the start of the same run, for SOAK_MINUTES. Browsing and the cached
// settings read anonymously; timelines, creators' pages, unread counts, direct messages and tips
// signed in; photos sent in messages; live viewers reading a real RTMP publish's HLS; sockets
// connecting and disconnecting all along. Each minute prints the server's RSS, its active handles
// (from /metrics), the p99 of the HTTP mix and the error answers. Fails (exit 1) when any answer
// was an error, when the ledger is not sound at the end, and (in runs of 10 minutes or more) when
// after the warm-up RSS or handles grew more than 10 % or the p99 drifted more than 20 %.
// CI runs a 3-minute slice on PostgreSQL (.ci/run).
//   npm run soak     SOAK_MINUTES=30 SOAK_RATE=<req/s; default half the measured capacity>
//                    SOAK_SOCKETS=100 SOAK_HLS_VIEWERS=20 SOAK_PORT=3551 (RTMP on the next port)
//                    SOAK_HEAP_SNAPSHOTS=<folder>: the server's heap written there as the warm-up ends and
//                    as the soak ends, to compare what grew (Chrome's DevTools, Memory, "Comparison")
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { IDEMPOTENCY_HEADER, socketClientOptions } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import { openEmbedded, openPostgres } from '../apps/api/src/db/client';
import { sessions } from '../apps/api/src/db/schema';
import { ffmpegPath } from '../apps/api/src/platform/ffmpeg';
import { checkLedger } from '../apps/api/src/platform/ledger-check';
import { newOpaqueToken } from '../apps/api/src/platform/tokens';
import {
  type BenchRequest,
  benchDatabase,
  cpuMsOf,
  fundFans,
  insertCreators,
  killedOnExit,
  median,
  openConversations,
  percentile,
  rssMb,
  startApi,
  stop,
  testPattern,
} from './lib';

const minutes = Number(process.env.SOAK_MINUTES ?? 30);
const port = Number(process.env.SOAK_PORT ?? 3551);
const rtmpPort = port + 1;
const socketCount = Number(process.env.SOAK_SOCKETS ?? 100);
const hlsViewers = Number(process.env.SOAK_HLS_VIEWERS ?? 20);
const heapSnapshots = process.env.SOAK_HEAP_SNAPSHOTS;
/**
 * Drift (RSS, handles, p99) compares the first and last third of the minutes after warm-up; in a
 * shorter run (CI's slice) those are single minutes, where this machine's noise alone moves the
 * p99 by a third: it is printed but only errors and the ledger are judged.
 */
const DRIFT_JUDGED_FROM_MINUTES = 10;
const judgesDrift = minutes >= DRIFT_JUDGED_FROM_MINUTES;
/** Memory and JIT settle in the first minutes (caches fill, code optimises): judged after them. */
const warmupMinutes = Math.max(1, Math.round(minutes / 6));
const CREATORS = 100;
const FANS = 1000;
const POSTS_PER_CREATOR = 20;
/** Each creator's fans follow this many creators, so a timeline mixes several. */
const FOLLOWED = 20;
/** The capacity probe: the HTTP mix as fast as the server answers, from this many connections. */
const PROBE_SECONDS = 20;
const PROBE_CONCURRENCY = 32;
/** More answers awaited than this and the client stops sending: the server is not keeping up, an error. */
const MAX_IN_FLIGHT = 512;
const PHOTOS_PER_SECOND = 0.5;
/** A socket stays connected 5 to 25 s, then another account connects in its place. */
const SOCKET_LIFE_MS = [5_000, 25_000] as const;
/** How long a socket may take to be signed in before it counts as an error (socket.io-client's own connect timeout). */
const SOCKET_PATIENCE_MS = 20_000;
/** An HLS viewer watches 30 s (the player reading the playlist and its newest segment every 2 s), then leaves for 5 s. */
const WATCH_MS = 30_000;
const HLS_POLL_MS = 2_000;
const SAMPLE_MS = 5_000;
const GROWTH_LIMIT = 0.1;
const DRIFT_LIMIT = 0.2;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limelight-soak-'));
const server = benchDatabase();
const open = () => (server.url ? openPostgres(server.url) : openEmbedded(dataDir));

type Person = { id: string; token: string };
type Pair = { fan: Person; creatorId: string; conversationId: string };

/** What each minute saw: the HTTP mix's latencies, error answers by kind, and the server's samples. */
type Minute = {
  /** The HTTP mix's latencies by kind of request (which kind a drift comes from); `latenciesOf` joins them. */
  byKind: Map<string, number[]>;
  errors: Map<string, number>;
  rss: number[];
  handles: number[];
  /** The V8 heap in use, MB. */
  heap: number[];
  /** The event loop's p99 delay over each sample's interval (prom-client resets it at every read), ms. */
  loop: number[];
  /** Garbage collection time since the sample before, ms. */
  gcMs: number[];
  hls: number;
  photos: number;
  /** Times the server cut the broadcast. */
  liveCuts: number;
};
const newMinute = (): Minute => ({
  byKind: new Map(),
  errors: new Map(),
  rss: [],
  handles: [],
  heap: [],
  loop: [],
  gcMs: [],
  hls: 0,
  photos: 0,
  liveCuts: 0,
});
const latenciesOf = (seen: Minute) => [...seen.byKind.values()].flat();
const p99Of = (latencies: number[]) =>
  percentile(
    [...latencies].sort((x, y) => x - y),
    0.99,
  );
/** Why the server cut the broadcast, the first few times (ffmpeg's last words). */
const liveCuts: string[] = [];
let minute = newMinute();
/** The first few errors of each kind, word for word, to say what went wrong. */
const firstErrors = new Map<string, string[]>();
function error(kind: string, detail: string) {
  minute.errors.set(kind, (minute.errors.get(kind) ?? 0) + 1);
  const seen = firstErrors.get(kind) ?? [];
  if (seen.length < 3) firstErrors.set(kind, [...seen, detail.slice(0, 300)]);
}
const describeErrors = () => [...firstErrors].map(([kind, details]) => `    ${kind}: ${details.join(' | ')}`).join('\n');

async function seed() {
  const database = await open();
  const { db } = database;
  await insertCreators(db, CREATORS);
  await db.execute(sql`
    insert into users (role, name, username, email, password_hash)
    select 'user', 'Fan ' || g, 'fan' || g, 'fan' || g || '@soak.test', '-' from generate_series(1, ${FANS}) g`);
  await fundFans(db, 10_000_000);
  const pairs = await openConversations(db);
  // Each fan subscribed to the creator they write to and to the one who goes live (the first),
  // and following FOLLOWED creators; every creator with POSTS_PER_CREATOR text posts.
  const [live] = (await db.execute(sql`select id from users where username = 'creator1'`)).rows as Array<{ id: string }>;
  await db.execute(sql`
    insert into subscriptions (user_id, performer_id, type, status, started_at, expired_at)
    select distinct user_id, performer_id, 'monthly', 'active', now(), now() + interval '30 days' from (
      select m.user_id, m.other_user_id as performer_id from conversation_members m join users u on u.id = m.user_id and u.role = 'user'
      union select id, ${live!.id}::uuid from users where role = 'user') s`);
  await db.execute(sql`
    insert into follows (follower_id, performer_id)
    select f.id, c.id from (select id, row_number() over (order by id) as n from users where role = 'user') f
    join (select id, row_number() over (order by id) as n from users where role = 'performer') c
      on (c.n - f.n + ${CREATORS * FANS}) % ${CREATORS} < ${FOLLOWED}`);
  await db.execute(sql`
    insert into feeds (performer_id, type, text, published_at, created_at)
    select u.id, 'text', 'Post ' || g, now() - make_interval(mins => g * 37), now() - make_interval(mins => g * 37)
    from users u cross join generate_series(1, ${POSTS_PER_CREATOR}) g where u.role = 'performer'`);
  const people = (await db.execute(sql`select id, role, username from users order by id`)).rows as Array<{
    id: string;
    role: string;
    username: string;
  }>;
  const logins = people.map((person) => ({ ...person, ...newOpaqueToken() }));
  await db
    .insert(sessions)
    .values(
      logins.map(({ id, tokenHash }) => ({ userId: id, tokenHash, method: 'password', expiresAt: new Date(Date.now() + 86_400_000) })),
    );
  await db.execute(sql`analyze`);
  await database.close();
  const tokenOf = new Map(logins.map((login) => [login.id, login.token]));
  return {
    pairs: pairs.map(
      (pair): Pair => ({
        fan: { id: pair.fan_id, token: tokenOf.get(pair.fan_id)! },
        creatorId: pair.creator_id,
        conversationId: pair.conversation_id,
      }),
    ),
    everyone: logins.map((login) => ({ id: login.id, token: login.token })),
    creatorNames: logins.filter((login) => login.role === 'performer').map((login) => login.username),
    live: { id: live!.id, token: tokenOf.get(live!.id)! },
  };
}
type Seeded = Awaited<ReturnType<typeof seed>>;

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

/** The HTTP mix, by weight: what a browsing crowd asks of the API, most of it signed in. */
function mix({ pairs, creatorNames }: Seeded) {
  const signedIn = (request: Exclude<BenchRequest, string>, token: string): Exclude<BenchRequest, string> => ({
    ...request,
    headers: { ...request.headers, authorization: `Bearer ${token}` },
  });
  const kinds: Array<[weight: number, name: string, next: () => Exclude<BenchRequest, string>]> = [
    [10, 'settings', () => ({ path: '/api/settings/public', method: 'GET' })],
    [15, 'browse', () => ({ path: `/api/performers/user/search?limit=12&offset=${12 * Math.floor(Math.random() * 8)}`, method: 'GET' })],
    [25, 'timeline', () => signedIn({ path: '/api/user/feeds', method: 'GET' }, pick(pairs).fan.token)],
    [15, 'creator page', () => signedIn({ path: `/api/user/feeds/search/${pick(creatorNames)}`, method: 'GET' }, pick(pairs).fan.token)],
    [10, 'unread', () => signedIn({ path: '/api/messages/total-unread-messages', method: 'GET' }, pick(pairs).fan.token)],
    [
      5,
      'conversation',
      () => {
        const pair = pick(pairs);
        return signedIn({ path: `/api/messages/conversations/${pair.conversationId}`, method: 'GET' }, pair.fan.token);
      },
    ],
    [
      12,
      'message',
      () => {
        const pair = pick(pairs);
        return signedIn(
          { path: `/api/messages/conversations/${pair.conversationId}`, method: 'POST', body: { text: `Soak ${randomUUID()}` } },
          pair.fan.token,
        );
      },
    ],
    [
      8,
      'tip',
      () => {
        const pair = pick(pairs);
        return signedIn(
          {
            path: `/api/wallet/charges/tip/${pair.creatorId}`,
            method: 'POST',
            // Each with its own Idempotency-Key, as the web app sends one with every payment.
            headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
            body: { price: 10 },
          },
          pair.fan.token,
        );
      },
    ],
  ];
  const total = kinds.reduce((sum, [weight]) => sum + weight, 0);
  return () => {
    let at = Math.random() * total;
    for (const [weight, name, next] of kinds) {
      at -= weight;
      if (at < 0) return { name, ...next() };
    }
    return { name: kinds[0]![1], ...kinds[0]![2]() };
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** Sends one request of the mix; resolves with its latency, or undefined after counting it as an error. */
function send(base: string, request: Exclude<BenchRequest, string> & { name: string }) {
  const started = performance.now();
  const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
  return new Promise<number | undefined>((resolve) => {
    const outgoing = http.request(
      `${base}${request.path}`,
      { method: request.method, agent, headers: { ...request.headers, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (response) => {
        let body = '';
        response.on('data', (chunk) => {
          if (body.length < 300) body += chunk;
        });
        response.on('end', () => {
          if (response.statusCode === 200) return resolve(performance.now() - started);
          error(request.name, `${response.statusCode} ${request.method} ${request.path} ${body.slice(0, 200)}`);
          resolve(undefined);
        });
      },
    );
    outgoing.on('error', (cause) => {
      error(request.name, `${request.method} ${request.path}: ${cause.message}`);
      resolve(undefined);
    });
    outgoing.end(payload);
  });
}

/** The mix as fast as the server answers from PROBE_CONCURRENCY connections: the capacity the soak takes half of. */
async function probeCapacity(base: string, next: ReturnType<typeof mix>) {
  let answered = 0;
  const deadline = performance.now() + PROBE_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: PROBE_CONCURRENCY }, async () => {
      while (performance.now() < deadline) if ((await send(base, next())) !== undefined) answered++;
    }),
  );
  return answered / PROBE_SECONDS;
}

/** Open loop at `rate` a second (a slow answer does not slow the sending) until `until()` says stop. */
async function steadyLoad(base: string, next: ReturnType<typeof mix>, rate: number, until: () => boolean) {
  let inFlight = 0;
  let sent = 0;
  const started = performance.now();
  await new Promise<void>((done) => {
    const tick = setInterval(() => {
      if (until()) {
        clearInterval(tick);
        return done();
      }
      const due = Math.floor(((performance.now() - started) / 1000) * rate);
      for (; sent < due; sent++) {
        if (inFlight >= MAX_IN_FLIGHT) {
          error('client backlog', `${inFlight} answers awaited`);
          continue;
        }
        inFlight++;
        const current = minute;
        const request = next();
        void send(base, request).then((latency) => {
          inFlight--;
          if (latency === undefined) return;
          const ofKind = current.byKind.get(request.name) ?? [];
          if (!ofKind.length) current.byKind.set(request.name, ofKind);
          ofKind.push(latency);
        });
      }
    }, 5);
  });
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** SOAK_SOCKETS sockets of random accounts, each leaving after a while for another to take its place. */
function churnSockets(base: string, everyone: Person[]) {
  const live = new Set<Socket>();
  let stopping = false;
  const connectOne = () => {
    if (stopping) return;
    const socket = connect(base, { ...socketClientOptions, reconnection: false, forceNew: true, query: { token: pick(everyone).token } });
    live.add(socket);
    const replace = () => {
      live.delete(socket);
      socket.disconnect();
      connectOne();
    };
    const timeout = setTimeout(() => {
      error('socket', `no auth/success within ${SOCKET_PATIENCE_MS / 1000} s (${socket.connected ? 'connected' : 'not connected'})`);
      replace();
    }, SOCKET_PATIENCE_MS);
    socket.once('auth/error', (refusal: { message: string }) => error('socket', `auth/error: ${refusal.message}`));
    socket.once('auth/success', () => {
      clearTimeout(timeout);
      setTimeout(replace, SOCKET_LIFE_MS[0] + Math.random() * (SOCKET_LIFE_MS[1] - SOCKET_LIFE_MS[0]));
    });
    socket.once('connect_error', (cause) => {
      clearTimeout(timeout);
      error('socket', cause.message);
      setTimeout(replace, 1000);
    });
  };
  // Staggered over the first seconds, as a crowd arrives.
  for (let index = 0; index < socketCount; index++) setTimeout(connectOne, (index * 5000) / socketCount);
  return () => {
    stopping = true;
    for (const socket of live) socket.disconnect();
  };
}

/** Fans sending a photo in a message, PHOTOS_PER_SECOND: the upload path and the image pipeline. */
function sendPhotos(base: string, pairs: Pair[], photo: Buffer) {
  const timer = setInterval(async () => {
    const pair = pick(pairs);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'soak.jpg');
    form.append('conversationId', pair.conversationId);
    form.append('text', 'A photo');
    const answer = await fetch(`${base}/api/messages/private/file/photo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${pair.fan.token}` },
      body: form,
    }).catch((cause: Error) => cause);
    if (answer instanceof Error) return error('photo', answer.message);
    const body = await answer.text();
    if (answer.status === 200) minute.photos++;
    else error('photo', `${answer.status} ${body.slice(0, 200)}`);
  }, 1000 / PHOTOS_PER_SECOND);
  return () => clearInterval(timer);
}

type Api = (token: string, method: string, url: string, body?: unknown) => Promise<Record<string, unknown>>;
const apiCaller =
  (base: string): Api =>
  async (token, method, url, body) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };

/**
 * The first creator publishes a looped test pattern over RTMP (copied: the encoder costs the
 * machine nothing), and SOAK_HLS_VIEWERS fans come and go watching it as a player does: the live
 * list, a join for a signed playlist link, then the playlist and its newest segment every
 * HLS_POLL_MS. When the server cuts the broadcast (its packager fell behind: the machine is
 * overloaded) the encoder publishes again after 2 s, as OBS does, and each cut is counted; a
 * viewer told in that gap that the session ended is answered rightly, not in error.
 */
async function watchLive(base: string, seeded: Seeded) {
  const call = apiCaller(base);
  const { streamKey } = (await call(seeded.live.token, 'PUT', '/api/streaming/update', { rotateStreamKey: true })) as { streamKey: string };
  const pattern = testPattern(dataDir);
  let stopping = false;
  let publisher: ChildProcess | undefined;
  /** Which broadcast is on: a viewer's failure during an older one was the cut, not an error. */
  let broadcast = 0;
  const publish = () => {
    const child = killedOnExit(
      spawn(
        ffmpegPath(),
        ['-hide_banner', '-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', pattern, '-c', 'copy', '-f', 'flv'].concat(
          `rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`,
        ),
        { stdio: ['ignore', 'ignore', 'pipe'] },
      ),
    );
    let said = '';
    child.stderr!.on('data', (chunk) => {
      said = (said + chunk).slice(-300);
    });
    child.once('exit', () => {
      if (stopping) return;
      broadcast++;
      minute.liveCuts++;
      if (liveCuts.length < 3) liveCuts.push(said.trim().split('\n')[0] ?? '');
      setTimeout(publish, 2000);
    });
    publisher = child;
  };
  publish();
  const hlsAgent = new http.Agent({ keepAlive: true, maxSockets: hlsViewers });
  /** A failure while `watching` is still the broadcast on (3 s later, once a cut has been seen) is an error. */
  const failed = (watching: number, kind: string, detail: string) =>
    void setTimeout(() => {
      if (watching === broadcast && !stopping) error(kind, detail);
    }, 3000);
  const get = (url: string, watching: number) =>
    new Promise<string | undefined>((resolve) => {
      http
        .get(url, { agent: hlsAgent }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            minute.hls++;
            if (response.statusCode === 200) return resolve(Buffer.concat(chunks).toString('latin1'));
            failed(watching, 'hls', `${response.statusCode} ${url.split('/').at(-1)}`);
            resolve(undefined);
          });
        })
        .on('error', (cause) => {
          failed(watching, 'hls', cause.message);
          resolve(undefined);
        });
    });
  const viewer = async (fan: Person) => {
    while (!stopping) {
      const watching = broadcast;
      const live = (await call(fan.token, 'GET', '/api/streaming/user/search').catch((cause: Error) => {
        error('live', cause.message);
        return { data: [] };
      })) as { data: Array<{ _id: string }> };
      const sessionId = live.data[0]?._id;
      const join = sessionId
        ? ((await call(fan.token, 'GET', `/api/streaming/join/${sessionId}`).catch((cause: Error) => {
            failed(watching, 'live', cause.message);
            return {};
          })) as { playback?: { ready?: boolean; playlistUrl?: string } })
        : {};
      const playlistUrl = join.playback?.ready ? join.playback.playlistUrl : undefined;
      const leaving = performance.now() + WATCH_MS;
      while (playlistUrl && !stopping && watching === broadcast && performance.now() < leaving) {
        const playlist = await get(`${base}${playlistUrl}`, watching);
        const newest = playlist
          ?.trim()
          .split('\n')
          .filter((line) => line && !line.startsWith('#'))
          .at(-1);
        if (newest) await get(`${base}${playlistUrl.replace(/index\.m3u8$/, newest)}`, watching);
        await new Promise((resolve) => setTimeout(resolve, HLS_POLL_MS));
      }
      await new Promise((resolve) => setTimeout(resolve, playlistUrl ? 5000 : 1000));
    }
  };
  const watching = Array.from({ length: hlsViewers }, (_, index) => viewer(seeded.pairs[index % seeded.pairs.length]!.fan));
  return async () => {
    stopping = true;
    await Promise.all(watching);
    hlsAgent.destroy();
    publisher?.kill('SIGKILL');
  };
}

/**
 * On PostgreSQL, what the mix costs the database per request of the mix each minute: the CPU
 * time of the backends serving the soak's database (from /proc; the server is shared with other
 * databases, so its own total would not do), and its transactions and rows from pg_stat_database.
 */
async function watchDatabaseCost(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const cpuOf = new Map<number, number>();
  const read = async () => {
    const { rows: backends } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    let cpuMs = 0;
    for (const { pid } of backends) {
      try {
        const now = cpuMsOf(pid);
        cpuMs += now - (cpuOf.get(pid) ?? now);
        cpuOf.set(pid, now);
      } catch {
        // The backend ended while we looked.
      }
    }
    const { rows } = await client.query<{ xacts: string; read: string; written: string }>(
      `select xact_commit + xact_rollback as xacts, tup_returned + tup_fetched as read, tup_inserted + tup_updated + tup_deleted as written
       from pg_stat_database where datname = current_database()`,
    );
    // Per table, rows scanned plus index entries read (dead ones included, which no heap fetch
    // counts): a read that grows with the data shows as the table whose figure per request climbs.
    const { rows: tables } = await client.query<{ name: string; read: string }>(
      `select t.relname as name, coalesce(t.seq_tup_read, 0)
         + coalesce((select sum(i.idx_tup_read) from pg_stat_user_indexes i where i.relid = t.relid), 0) as read
       from pg_stat_user_tables t`,
    );
    const tableReads = new Map(tables.map((table) => [table.name, Number(table.read)]));
    return { cpuMs, xacts: Number(rows[0]!.xacts), read: Number(rows[0]!.read), written: Number(rows[0]!.written), tableReads };
  };
  // Without autovacuum, dead row versions pile up in the busiest indexes (the job queue's) and every
  // scan reads them: a figure that climbs on such a server says more about it than about the API.
  const { rows: autovacuum } = await client.query<{ autovacuum: string }>('show autovacuum');
  if (autovacuum[0]?.autovacuum !== 'on') console.log('  note: this PostgreSQL runs with autovacuum off');
  let last = await read();
  return {
    async perRequest(requests: number) {
      const now = await read();
      const per = (value: number) => (value / Math.max(1, requests)).toFixed(1);
      const mostRead = [...now.tableReads]
        .map(([name, read]) => [name, read - (last.tableReads.get(name) ?? 0)] as const)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([name, read]) => `${name} ${per(read)}`)
        .join(', ');
      const text = `PostgreSQL ${((1000 * now.cpuMs) / Math.max(1, requests)).toFixed(0)} µs/req, ${per(now.xacts - last.xacts)} xacts, ${per(now.read - last.read)} rows read (most: ${mostRead}), ${per(now.written - last.written)} written`;
      last = now;
      return text;
    },
    close: () => client.end(),
  };
}

/**
 * The server's active handles and the V8 heap in use (MB), from its /metrics (prom-client's
 * default process metrics): the heap tells a leak in our objects from native memory (libvips,
 * the allocator) when RSS grows.
 */
async function serverGauges(base: string) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const value = (name: string) => {
    const line = text.split('\n').find((entry) => entry.startsWith(`${name} `));
    return line ? Number(line.split(' ')[1]) : Number.NaN;
  };
  const gcSeconds = text
    .split('\n')
    .filter((entry) => entry.startsWith('nodejs_gc_duration_seconds_sum'))
    .reduce((sum, entry) => sum + Number(entry.split(' ').at(-1)), 0);
  return {
    handles: value('nodejs_active_handles_total'),
    heapMb: value('nodejs_heap_size_used_bytes') / 1024 / 1024,
    loopMs: value('nodejs_eventloop_lag_p99_seconds') * 1000,
    gcSeconds,
  };
}

/** The median of the first and of the last third of the judged minutes' values, and the change between them. */
function drift(values: number[]) {
  const third = Math.max(1, Math.floor(values.length / 3));
  const first = median(values.slice(0, third));
  const last = median(values.slice(-third));
  return { first, last, change: last / first - 1 };
}

let failed = false;
try {
  await server.create();
  const seeding = performance.now();
  const seeded = await seed();
  console.log(
    `seeded ${CREATORS} creators with ${POSTS_PER_CREATOR} posts each and ${FANS} funded fans with their conversations into ${server.url ? 'PostgreSQL' : 'PGlite'} in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  const app = await startApi({
    port,
    dataDir,
    databaseUrl: server.url,
    logLevel: 'info',
    env: {
      RTMP_PORT: String(rtmpPort),
      ...(heapSnapshots && { NODE_OPTIONS: `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${path.resolve(heapSnapshots)}` }),
    },
  });
  const pid = app.child.pid!;
  /** Node writes the heap on the signal, pausing the server meanwhile (seconds for a large heap). */
  const snapshotHeap = (when: string) => {
    if (!heapSnapshots) return;
    app.child.kill('SIGUSR2');
    console.log(`  heap snapshot ${when} asked for, into ${path.resolve(heapSnapshots)}`);
  };
  const next = mix(seeded);
  const photo = await sharp({ create: { width: 1280, height: 960, channels: 3, background: { r: 200, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();

  const stopLive = hlsViewers > 0 ? await watchLive(app.base, seeded) : async () => undefined;
  const stopSockets = churnSockets(app.base, seeded.everyone);
  const stopPhotos = sendPhotos(app.base, seeded.pairs, photo);
  const capacity = await probeCapacity(app.base, next);
  const rate = Number(process.env.SOAK_RATE ?? Math.round(capacity / 2));
  console.log(
    `capacity of the HTTP mix: ${capacity.toFixed(0)} req/s (${PROBE_CONCURRENCY} connections, ${PROBE_SECONDS} s, with the sockets, photos and live viewers running); soaking at ${rate} req/s for ${minutes} min, judged after ${warmupMinutes} min of warm-up`,
  );
  // The probe's errors (a machine saturated on purpose) are reported but not judged.
  const probeErrors = [...minute.errors].map(([kind, count]) => `${kind} ${count}`).join(', ');
  if (probeErrors) console.log(`  errors during the probe: ${probeErrors}; the first:\n${describeErrors()}`);
  firstErrors.clear();
  minute = newMinute();

  const minutesSeen: Minute[] = [];
  const soakStarted = performance.now();
  let gcSecondsBefore = (await serverGauges(app.base)).gcSeconds;
  const sampler = setInterval(async () => {
    const current = minute;
    current.rss.push(rssMb(pid));
    const gauges = await serverGauges(app.base).catch(() => ({
      handles: Number.NaN,
      heapMb: Number.NaN,
      loopMs: Number.NaN,
      gcSeconds: Number.NaN,
    }));
    current.handles.push(gauges.handles);
    current.heap.push(gauges.heapMb);
    current.loop.push(gauges.loopMs);
    if (Number.isFinite(gauges.gcSeconds)) {
      current.gcMs.push(1000 * (gauges.gcSeconds - gcSecondsBefore));
      gcSecondsBefore = gauges.gcSeconds;
    }
  }, SAMPLE_MS);
  // The server's own CPU time per answer of the mix (everything it did that minute, sockets, photos and HLS included): a
  // leak that makes the collector work harder shows here even when the machine's load hides it in the latencies.
  let cpuAtMinute = cpuMsOf(pid);
  const databaseCost = server.url ? await watchDatabaseCost(server.url) : undefined;
  // This process's own stalls: a latency is measured here, so a load generator that waits longer
  // as the run goes on (its sockets, uploads and HLS players share its loop) would read as the
  // server's drift.
  const clientLoop = monitorEventLoopDelay({ resolution: 10 });
  clientLoop.enable();
  const closeMinute = async () => {
    const clientLoopP99 = clientLoop.percentile(99) / 1e6;
    clientLoop.reset();
    const done = minute;
    const cpuNow = cpuMsOf(pid);
    const cpuMs = cpuNow - cpuAtMinute;
    cpuAtMinute = cpuNow;
    minute = newMinute();
    minutesSeen.push(done);
    if (minutesSeen.length === warmupMinutes) snapshotHeap('as the warm-up ends');
    const latencies = latenciesOf(done);
    const sorted = latencies.sort((a, b) => a - b);
    const errors = [...done.errors].map(([kind, count]) => `${kind} ${count}`).join(', ') || '0';
    console.log(
      `minute ${String(minutesSeen.length).padStart(2)}${minutesSeen.length <= warmupMinutes ? ' (warm-up)' : '          '}  ${(latencies.length / 60).toFixed(0).padStart(5)} req/s  p50 ${percentile(sorted, 0.5).toFixed(1).padStart(5)} ms  p99 ${percentile(sorted, 0.99).toFixed(1).padStart(6)} ms  RSS ${median(done.rss).toFixed(0).padStart(4)} MB (heap ${median(done.heap).toFixed(0)})  loop p99 ${Math.max(...done.loop).toFixed(0)} ms (client ${clientLoopP99.toFixed(0)})  GC ${done.gcMs.reduce((sum, ms) => sum + ms, 0).toFixed(0)} ms  handles ${String(median(done.handles)).padStart(4)}  hls ${String(done.hls).padStart(5)}  photos ${String(done.photos).padStart(3)}  live cuts ${done.liveCuts}  CPU ${((1000 * cpuMs) / Math.max(1, latencies.length)).toFixed(0).padStart(5)} µs/req${databaseCost ? `  ${await databaseCost.perRequest(latencies.length)}` : ''}  load ${os.loadavg()[0]!.toFixed(1).padStart(4)}  errors ${errors}`,
    );
  };
  const minuteTimer = setInterval(closeMinute, 60_000);
  await steadyLoad(app.base, next, rate, () => performance.now() - soakStarted >= minutes * 60_000);
  clearInterval(minuteTimer);
  // The last minute ends with the load, a moment before its timer would.
  if (minutesSeen.length < minutes) await closeMinute();
  clearInterval(sampler);
  clientLoop.disable();
  snapshotHeap('as the soak ends');
  await databaseCost?.close();
  stopPhotos();
  stopSockets();
  await stopLive();
  agent.destroy();
  await stop(app.child);

  const database = await open();
  const violations = await checkLedger(database.db);
  const [counted] = (
    await database.db.execute(
      sql`select (select count(*) from wallet_charges)::int as tips, (select count(*) from messages)::int as messages`,
    )
  ).rows as Array<{ tips: number; messages: number }>;
  await database.close();

  const judged = minutesSeen.slice(warmupMinutes);
  const rss = drift(judged.map((seen) => median(seen.rss)));
  const handles = drift(judged.map((seen) => median(seen.handles)));
  const p99 = drift(judged.map((seen) => p99Of(latenciesOf(seen))));
  const errorCount = judged
    .concat(minutesSeen.slice(0, warmupMinutes))
    .reduce((sum, seen) => sum + [...seen.errors.values()].reduce((a, b) => a + b, 0), 0);
  const verdicts = [
    [
      `RSS ${rss.first.toFixed(0)} -> ${rss.last.toFixed(0)} MB (${(100 * rss.change).toFixed(1)} %, limit +${100 * GROWTH_LIMIT} %)`,
      rss.change <= GROWTH_LIMIT,
      judgesDrift,
    ],
    [
      `active handles ${handles.first} -> ${handles.last} (${(100 * handles.change).toFixed(1)} %, limit +${100 * GROWTH_LIMIT} %)`,
      handles.change <= GROWTH_LIMIT,
      judgesDrift,
    ],
    [
      `p99 ${p99.first.toFixed(1)} -> ${p99.last.toFixed(1)} ms (${(100 * p99.change).toFixed(1)} %, limit ±${100 * DRIFT_LIMIT} %)`,
      Math.abs(p99.change) <= DRIFT_LIMIT,
      judgesDrift,
    ],
    [`error answers ${errorCount}`, errorCount === 0, true],
    [
      `ledger after ${counted!.tips} tips and ${counted!.messages} messages: ${violations.length ? violations.join('; ') : 'sound'}`,
      violations.length === 0,
      true,
    ],
  ] as const;
  console.log(
    `soak of ${minutes} min at ${rate} req/s on ${server.url ? 'PostgreSQL' : 'PGlite'} (the first and last third of the ${judged.length} minutes after warm-up, medians):`,
  );
  for (const [text, ok, decides] of verdicts) console.log(`  ${!decides ? 'seen  ' : ok ? 'ok    ' : 'FAILED'} ${text}`);
  console.log('  p99 by kind of request (seen, to find where a drift comes from):');
  for (const kind of new Set(judged.flatMap((seen) => [...seen.byKind.keys()]))) {
    // Only the minutes that sent this kind: an empty one is no latency of 0.
    const kindP99 = drift(judged.flatMap((seen) => (seen.byKind.has(kind) ? [p99Of(seen.byKind.get(kind)!)] : [])));
    console.log(
      `    ${kind.padEnd(28)} ${kindP99.first.toFixed(1).padStart(6)} -> ${kindP99.last.toFixed(1).padStart(6)} ms (${(100 * kindP99.change).toFixed(0)} %)`,
    );
  }
  if (!judgesDrift) console.log(`  ("seen": drift is judged in runs of ${DRIFT_JUDGED_FROM_MINUTES} minutes or more)`);
  const cuts = minutesSeen.reduce((sum, seen) => sum + seen.liveCuts, 0);
  if (cuts) console.log(`  the server cut the broadcast ${cuts} times (the encoder published again each time): ${liveCuts.join(' | ')}`);
  if (firstErrors.size) console.log(`  the first errors:\n${describeErrors()}`);
  failed = verdicts.some(([, ok, decides]) => decides && !ok);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await server.drop();
}
process.exit(failed ? 1 : 0);
