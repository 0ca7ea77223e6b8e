// Messaging (issue 14): direct-message delivery latency (the POST until the recipient's socket
// hears `message_created`) at a steady rate across many connected users, beside a bare
// Socket.IO server doing the same relay in the same run; and how long a mass message takes to
// reach every subscriber.
//   npm run bench -- chat     BENCH_USERS=1000 BENCH_RATE=200 BENCH_SECONDS=10 BENCH_SUBSCRIBERS=10000
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
import { benchDatabase, cpuMsOf, cpuMsOfCommand, openConversations, percentile, postJson, startApi, stop } from './lib';

const users = Number(process.env.BENCH_USERS ?? 1000);
const rate = Number(process.env.BENCH_RATE ?? 200);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const subscribers = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
/** Fans write to creators: each creator has this many fans in the DM test (sends are limited per account). */
const FANS_PER_CREATOR = 10;
const port = 3994;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limelight-bench-chat-'));
const server = benchDatabase();
const open = () => (server.url ? openPostgres(server.url) : openEmbedded(dataDir));

type Pair = { fanToken: string; conversationId: string };

const summary = (latencies: number[], sent: number) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 0.5).toFixed(1)} ms  p99 ${percentile(sorted, 0.99).toFixed(1)} ms  delivered ${latencies.length}/${sent}`;
};

/**
 * Sends at `rate` a second for `seconds` (open loop: a slow answer does not slow the sending) and
 * measures each message from the send until the recipient's socket has it.
 */
async function steadyRelay(send: (index: number, key: string) => Promise<boolean>, delivered: Map<string, (at: number) => void>) {
  const latencies: number[] = [];
  let sent = 0;
  const total = rate * seconds;
  await new Promise<void>((done) => {
    const started = performance.now();
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
      while (sent < due) {
        const index = sent++;
        const key = `relay-${index}`;
        const at = performance.now();
        // Listening before sending: the event may arrive before the POST's answer does.
        delivered.set(key, (when) => latencies.push(when - at));
        void send(index, key).then((accepted) => {
          if (!accepted) delivered.delete(key);
        });
      }
      if (sent >= total) {
        clearInterval(tick);
        setTimeout(done, 2000);
      }
    }, 5);
  });
  return summary(latencies, sent);
}

/** The floor: a bare Socket.IO server that relays a POSTed text to one connected client's room. */
async function bareSocketIo(clients: number) {
  const httpServer = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const { to, key } = JSON.parse(body) as { to: number; key: string };
      io.to(`user:${to}`).emit('message_created', { key });
      response.end('{}');
    });
  });
  const io = new Server(httpServer, { path: socketClientOptions.path });
  io.on('connection', (socket) => socket.join(`user:${socket.handshake.query.index}`));
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  const delivered = new Map<string, (at: number) => void>();
  const sockets = await Promise.all(
    Array.from({ length: clients }, (_, index) => {
      const socket = connect(url, { ...socketClientOptions, reconnection: false, forceNew: true, query: { index: String(index) } });
      socket.on('message_created', (payload: { key: string }) => delivered.get(payload.key)?.(performance.now()));
      return new Promise<Socket>((resolve) => socket.once('connect', () => resolve(socket)));
    }),
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const result = await steadyRelay(async (index, key) => {
    const body = JSON.stringify({ to: index % clients, key });
    await new Promise((resolve) => {
      const request = http.request(`${url}/send`, { method: 'POST', agent }, (response) => {
        response.resume();
        response.on('end', resolve);
      });
      request.end(body);
    });
    return true;
  }, delivered);
  for (const socket of sockets) socket.disconnect();
  agent.destroy();
  io.close();
  return result;
}

try {
  await server.create();
  const seeding = performance.now();
  const database = await open();
  const { db } = database;
  const creators = Math.max(1, Math.ceil(users / FANS_PER_CREATOR));
  await db.execute(sql`
    insert into users (role, name, username, email, password_hash)
    select 'performer', 'Creator ' || g, 'creator' || g, 'creator' || g || '@bench.test', '-' from generate_series(1, ${creators}) g`);
  await db.execute(sql`
    insert into performer_profiles (user_id, gender, verified_document, messages_from)
    select id, 'female', true, 'everyone' from users where role = 'performer'`);
  await db.execute(sql`
    insert into users (role, name, username, email, password_hash)
    select 'user', 'Fan ' || g, 'fan' || g, 'fan' || g || '@bench.test', '-' from generate_series(1, ${users - creators}) g`);
  const pairs = await openConversations(db);
  const people = (await db.execute(sql`select id, role from users order by id`)).rows as Array<{ id: string; role: string }>;
  const logins = people.map((person) => ({ userId: person.id, role: person.role, ...newOpaqueToken() }));
  await db
    .insert(sessions)
    .values(
      logins.map(({ userId, tokenHash }) => ({ userId, tokenHash, method: 'password', expiresAt: new Date(Date.now() + 3_600_000) })),
    );
  const tokenOf = new Map(logins.map((login) => [login.userId, login.token]));
  const creatorIds = (await db.execute(sql`select id from users where role = 'performer' order by id`)).rows as Array<{ id: string }>;
  // The mass message's audience: the first creator's subscribers.
  await db.execute(sql`
    insert into users (role, name, email, password_hash)
    select 'user', 'Subscriber ' || g, 'subscriber' || g || '@bench.test', '-' from generate_series(1, ${subscribers}) g`);
  await db.execute(sql`
    insert into subscriptions (user_id, performer_id, type, status, started_at, expired_at)
    select id, ${creatorIds[0]!.id}, 'monthly', 'active', now(), now() + interval '30 days' from users where email like 'subscriber%@bench.test'`);
  await db.execute(sql`analyze`);
  await database.close();
  const dmPairs: Pair[] = pairs.map((pair) => ({
    fanToken: tokenOf.get(pair.fan_id)!,
    conversationId: pair.conversation_id,
  }));
  console.log(
    `seeded ${users} users (${creators} creators), their conversations and ${subscribers} subscribers into ${server.url ? 'PostgreSQL' : 'PGlite'} in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  const bare = await bareSocketIo(users);

  const app = await startApi({ port, dataDir, databaseUrl: server.url });
  const delivered = new Map<string, (at: number) => void>();
  // Every user connected; only the creators (the recipients) time what they hear, not the senders' own echo.
  const sockets = await Promise.all(
    logins.map(
      (login) =>
        new Promise<Socket>((resolve) => {
          const socket = connect(app.base, { ...socketClientOptions, reconnection: false, forceNew: true, query: { token: login.token } });
          if (login.role === 'performer') {
            socket.on('message_created', (payload: { message: { text: string } }) =>
              delivered.get(payload.message.text)?.(performance.now()),
            );
          }
          socket.once('auth/success', () => resolve(socket));
        }),
    ),
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let refused = 0;
  // What the processes use with everyone connected and nobody writing, so it can be taken out
  // of each message's share.
  const cpuNow = () => ({ api: cpuMsOf(app.child.pid!), postgres: cpuMsOfCommand('postgres'), at: performance.now() });
  const idleFrom = cpuNow();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const cpuBefore = cpuNow();
  const idlePerMs = {
    api: (cpuBefore.api - idleFrom.api) / (cpuBefore.at - idleFrom.at),
    postgres: (cpuBefore.postgres - idleFrom.postgres) / (cpuBefore.at - idleFrom.at),
  };
  const api = await steadyRelay(async (index, key) => {
    const pair = dmPairs[index % dmPairs.length]!;
    const status = await postJson(agent, `${app.base}/api/messages/conversations/${pair.conversationId}`, pair.fanToken, { text: key });
    if (status !== 200) refused++;
    return status === 200;
  }, delivered);
  const cpuAfter = cpuNow();
  const elapsed = cpuAfter.at - cpuBefore.at;
  const cpuPerMessage = {
    api: (cpuAfter.api - cpuBefore.api - idlePerMs.api * elapsed) / (rate * seconds),
    postgres: (cpuAfter.postgres - cpuBefore.postgres - idlePerMs.postgres * elapsed) / (rate * seconds),
  };

  const started = performance.now();
  const creatorToken = tokenOf.get(creatorIds[0]!.id)!;
  const mass = await new Promise<{ _id: string }>((resolve) => {
    const request = http.request(
      `${app.base}/api/messages/mass`,
      { method: 'POST', agent, headers: { authorization: `Bearer ${creatorToken}`, 'content-type': 'application/json' } },
      (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve(JSON.parse(body)));
      },
    );
    request.end(JSON.stringify({ audience: 'subscribers', text: 'Hello, all of you' }));
  });
  let state = { status: 'sending', delivered: 0, recipients: 0 };
  while (state.status === 'sending' && performance.now() - started < 300_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answer = await fetch(`${app.base}/api/messages/mass/${mass._id}`, { headers: { authorization: `Bearer ${creatorToken}` } });
    state = (await answer.json()) as typeof state;
  }
  const massSeconds = (performance.now() - started) / 1000;

  for (const socket of sockets) socket.disconnect();
  agent.destroy();
  await stop(app.child);

  console.log(`${users} connected users, ${rate} messages/s for ${seconds} s, on ${server.url ? 'PostgreSQL' : 'PGlite'}`);
  console.log(`bare Socket.IO relay (POST to the recipient's event)   ${bare}`);
  console.log(`direct messages through the API                         ${api}  refused ${refused}`);
  console.log(
    `  CPU per message beyond idle: the API process ${cpuPerMessage.api.toFixed(2)} ms${server.url ? `, PostgreSQL ${cpuPerMessage.postgres.toFixed(2)} ms` : ''} (idle: ${(idlePerMs.api * 100).toFixed(0)} % and ${(idlePerMs.postgres * 100).toFixed(0)} % of a core)`,
  );
  console.log(
    `mass message to ${state.recipients} subscribers: ${state.status}, ${state.delivered} delivered in ${massSeconds.toFixed(1)} s`,
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await server.drop();
}
