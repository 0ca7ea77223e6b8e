// Live streaming (issue 17), each figure beside its floor in the same run:
// - chat: stream-chat fan-out to many watching sockets (a line POSTed by a fan until every
//   viewer's socket has it), beside a bare Socket.IO server relaying to a room;
// - hls: the HLS one process serves to viewers of one live stream (each viewer reads the playlist,
//   then its newest segment, again and again), beside a bare node:http server answering the same
//   bytes from memory; the stream is a real RTMP publish (copied, so encoding costs nothing);
// - g2g: glass to glass, the product's own pages: the studio broadcasts a canvas showing the
//   clock as blocks, the fan's live page plays it, and each sampled frame's clock is compared
//   with the viewer's.
//   npm run bench -- live     BENCH_PARTS=chat,hls,g2g BENCH_VIEWERS=1000 BENCH_RATE=10 BENCH_SECONDS=10
// The viewers' sockets and the HTTP load live in child processes (as they would on other
// machines), so the receiving side's CPU is not charged to the server under test.
import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SESSION_COOKIE, SIGNED_IN_COOKIE, socketClientOptions } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { openEmbedded, openPostgres } from '../apps/api/src/db/client';
import { sessions } from '../apps/api/src/db/schema';
import { ffmpegPath } from '../apps/api/src/platform/ffmpeg';
import { newOpaqueToken } from '../apps/api/src/platform/tokens';
import {
  benchDatabase,
  cpuMsOf,
  killedOnExit,
  median,
  percentile,
  postJson,
  repoRoot,
  startApi,
  stop,
  testPattern,
  timeToFirstResponse,
} from './lib';

const viewers = Number(process.env.BENCH_VIEWERS ?? 1000);
const rate = Number(process.env.BENCH_RATE ?? 10);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const parts = new Set((process.env.BENCH_PARTS ?? 'chat,hls,g2g').split(','));
const CLIENT_PROCESSES = 2;
/** HLS viewers reading at once (each a keep-alive connection) and for how long. */
const HLS_CONNECTIONS = 50;
const HLS_SECONDS = 10;
/** The glass-to-glass run, and how often a frame is sampled. */
const G2G_SECONDS = 30;
const G2G_SAMPLE_MS = 500;
const G2G_ARRIVING_SAMPLES = 20;
const rtmpPort = 19_351;
const VIEWERS_PER_WAVE = 50;
const port = 3995;

/** A wall clock with sub-millisecond precision that agrees across processes on one machine. */
const now = () => performance.timeOrigin + performance.now();

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
    killedOnExit(
      fork(import.meta.filename, [], {
        execArgv: ['--import', 'tsx'],
        env: {
          ...process.env,
          LIVE_BENCH_VIEWERS: JSON.stringify({ url, tokens: tokens.slice(index * share, (index + 1) * share), sessionId }),
        },
      }),
    ),
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
    await postJson(agent, `${url}/send`, '', { text });
  });
  const cpu = process.cpuUsage(cpuBefore);
  const latencies = await collect(children);
  agent.destroy();
  io.close();
  return summary(latencies, lines, viewers, (cpu.user + cpu.system) / 1000);
}

type HlsBrief = { base: string; playlistPath: string; seconds: number; connections: number };
type HlsReport = { requests: number; bytes: number; latencies: number[]; errors: number; statuses: Record<string, number> };

/**
 * An HLS load process: `connections` viewers, each reading the playlist and then its newest
 * segment, as hls.js does at the live edge, as fast as the server answers, for `seconds`.
 */
async function runHlsLoad(brief: HlsBrief) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: brief.connections });
  const report: HlsReport = { requests: 0, bytes: 0, latencies: [], errors: 0, statuses: {} };
  const get = (url: string) =>
    new Promise<Buffer | undefined>((resolve) => {
      const started = performance.now();
      http
        .get(url, { agent }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            report.requests++;
            report.latencies.push(performance.now() - started);
            const body = Buffer.concat(chunks);
            report.bytes += body.length;
            if (response.statusCode !== 200) {
              report.errors++;
              report.statuses[`${response.statusCode} ${url.split('/').at(-1)}`] =
                (report.statuses[`${response.statusCode} ${url.split('/').at(-1)}`] ?? 0) + 1;
            }
            resolve(response.statusCode === 200 ? body : undefined);
          });
        })
        .on('error', () => {
          report.errors++;
          resolve(undefined);
        });
    });
  const playlistUrl = `${brief.base}${brief.playlistPath}`;
  const folder = playlistUrl.slice(0, playlistUrl.lastIndexOf('/') + 1);
  const deadline = performance.now() + brief.seconds * 1000;
  const viewer = async () => {
    while (performance.now() < deadline) {
      const playlist = (await get(playlistUrl))?.toString();
      const newest = playlist
        ?.trim()
        .split('\n')
        .filter((line) => line && !line.startsWith('#'))
        .at(-1);
      if (newest) await get(folder + newest);
    }
  };
  await Promise.all(Array.from({ length: brief.connections }, viewer));
  agent.destroy();
  process.send!(report, () => process.exit(0));
}

async function hlsLoad(base: string, playlistPath: string) {
  const child = killedOnExit(
    fork(import.meta.filename, [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        LIVE_BENCH_HLS: JSON.stringify({ base, playlistPath, seconds: HLS_SECONDS, connections: HLS_CONNECTIONS } satisfies HlsBrief),
      },
    }),
  );
  const report = await new Promise<HlsReport>((resolve) => child.once('message', (message) => resolve(message as HlsReport)));
  const sorted = report.latencies.sort((a, b) => a - b);
  return { ...report, rps: report.requests / HLS_SECONDS, mbps: (report.bytes * 8) / 1e6 / HLS_SECONDS, p99: percentile(sorted, 0.99) };
}

const formatHls = (result: Awaited<ReturnType<typeof hlsLoad>>) =>
  `${Object.keys(result.statuses).length ? `(${JSON.stringify(result.statuses)}) ` : ''}${result.rps.toFixed(0).padStart(6)} req/s  ${result.mbps.toFixed(0).padStart(5)} Mbit/s  p99 ${result.p99.toFixed(1)} ms  errors ${result.errors}  = ${Math.floor(result.mbps / STREAM_MBITS)} viewers at ${STREAM_MBITS} Mbit/s`;
/** The test stream's bitrate: 720p as a creator's encoder would send it. */
const STREAM_MBITS = 2.5;

type Api = (token: string, method: string, url: string, body?: unknown) => Promise<Record<string, unknown>>;

/** Waits until the session is playable for the fan and answers its signed playlist path. */
async function playlistOf(call: Api, fanToken: string, sessionId: string) {
  for (let tries = 0; tries < 60; tries++) {
    const join = (await call(fanToken, 'GET', `/api/streaming/join/${sessionId}`)) as {
      playback?: { ready?: boolean; playlistUrl?: string };
    };
    if (join.playback?.ready && join.playback.playlistUrl) return join.playback.playlistUrl;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the live stream never became playable');
}

/**
 * HLS serving: the creator publishes the test pattern over RTMP (looped, copied), and viewers
 * read it through the API; then the same playlist and segment bytes from a bare server.
 */
async function hlsServing(base: string, call: Api, tokens: { creator: string; fan: string }, dir: string) {
  const { streamKey } = (await call(tokens.creator, 'PUT', '/api/streaming/update', { rotateStreamKey: true })) as { streamKey: string };
  const publisher = killedOnExit(
    spawn(
      ffmpegPath(),
      ['-hide_banner', '-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', testPattern(dir), '-c', 'copy', '-f', 'flv'].concat(
        `rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`,
      ),
      { stdio: 'ignore' },
    ),
  );
  try {
    // Publishing with no session open starts one (decision 024).
    let sessionId: string | undefined;
    for (let tries = 0; !sessionId && tries < 40; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const live = (await call(tokens.fan, 'GET', '/api/streaming/user/search')) as { data: Array<{ _id: string }> };
      sessionId = live.data[0]?._id;
    }
    if (!sessionId) throw new Error('the RTMP publish did not start a session');
    const playlistPath = await playlistOf(call, tokens.fan, sessionId);
    // A few segments in, as a viewer arriving finds it.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const playlist = Buffer.from(await (await fetch(`${base}${playlistPath}`)).arrayBuffer());
    const newest = playlist.toString().trim().split('\n').at(-1)!;
    const segment = Buffer.from(await (await fetch(`${base}${playlistPath.replace(/index\.m3u8$/, newest)}`)).arrayBuffer());
    // The floor in a process of its own, as the API is: the same two answers from memory.
    fs.writeFileSync(path.join(dir, 'floor.m3u8'), playlist);
    fs.writeFileSync(path.join(dir, 'floor.m4s'), segment);
    const floorPort = port + 1;
    const { child: bare } = await timeToFirstResponse(
      'node',
      [
        '-e',
        `const fs = require('fs'); const playlist = fs.readFileSync(${JSON.stringify(path.join(dir, 'floor.m3u8'))}); const segment = fs.readFileSync(${JSON.stringify(path.join(dir, 'floor.m4s'))});
         require('http').createServer((q, s) => { const list = q.url.endsWith('.m3u8'); const body = list ? playlist : segment; s.writeHead(200, { 'content-type': list ? 'application/vnd.apple.mpegurl' : 'video/mp4', 'content-length': body.length }); s.end(body); }).listen(${floorPort});`,
      ],
      {},
      `http://127.0.0.1:${floorPort}/x.m3u8`,
    );
    const floor = await hlsLoad(`http://127.0.0.1:${floorPort}`, playlistPath);
    await stop(bare);
    const api = await hlsLoad(base, playlistPath);
    await call(tokens.creator, 'PUT', `/api/streaming/live/${sessionId}`, { status: 'ended' });
    return { floor, api, segmentKb: segment.length / 1024 };
  } finally {
    publisher.kill('SIGKILL');
  }
}

/**
 * Glass to glass through the product's own pages: the studio's camera is a canvas that shows
 * the clock as 32 black or white blocks; the fan's live page plays the stream; every sample reads
 * the blocks off the playing video and subtracts that time from the viewer's clock.
 */
async function glassToGlass(base: string, tokens: { creator: string; fan: string }) {
  const executablePath =
    process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((file) => fs.existsSync(file));
  const browser = await chromium.launch({
    executablePath,
    args: ['--autoplay-policy=no-user-gesture-required', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  });
  try {
    const contextOf = async (token: string) => {
      const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
      // As a sign-in on the site leaves them: the session's cookie, and the one that tells the web app someone is signed in.
      await context.addCookies([
        { name: SESSION_COOKIE, value: token, url: base, httpOnly: true },
        { name: SIGNED_IN_COOKIE, value: '1', url: base },
      ]);
      return context;
    };
    const studio = await (await contextOf(tokens.creator)).newPage();
    await studio.addInitScript(() => {
      // The camera: the clock's milliseconds (mod 2^32) as a row of blocks, redrawn every frame.
      const canvas = document.createElement('canvas');
      canvas.width = 1280;
      canvas.height = 720;
      const pen = canvas.getContext('2d')!;
      setInterval(() => {
        const now = Date.now() % 2 ** 32;
        pen.fillStyle = '#808080';
        pen.fillRect(0, 0, 1280, 720);
        for (let bit = 0; bit < 32; bit++) {
          pen.fillStyle = Math.floor(now / 2 ** bit) % 2 ? '#fff' : '#000';
          pen.fillRect(bit * 40, 0, 40, 80);
        }
      }, 1000 / 30);
      const audio = new AudioContext();
      const tone = audio.createOscillator();
      const sink = audio.createMediaStreamDestination();
      tone.connect(sink);
      tone.start();
      const stream = new MediaStream([...canvas.captureStream(30).getVideoTracks(), ...sink.stream.getAudioTracks()]);
      navigator.mediaDevices.getUserMedia = async () => stream.clone();
    });
    await studio.goto('/creator/live');
    await studio.getByLabel('Title').fill('Glass to glass');
    await studio.getByRole('button', { name: 'Go live' }).click();
    await studio.getByText('You are live').waitFor({ timeout: 30_000 });
    const href = await studio.getByRole('link', { name: 'Open the fans’ page' }).getAttribute('href');
    const viewer = await (await contextOf(tokens.fan)).newPage();
    await viewer.goto(href!);
    await viewer.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1, undefined, { timeout: 60_000 });
    const delays = await viewer.evaluate(
      async ({ seconds, every }) => {
        const video = document.querySelector('video')!;
        const canvas = document.createElement('canvas');
        canvas.width = 1280;
        canvas.height = 720;
        const pen = canvas.getContext('2d', { willReadFrequently: true })!;
        const found: number[] = [];
        for (let at = 0; at < (seconds * 1000) / every; at++) {
          await new Promise((resolve) => setTimeout(resolve, every));
          pen.drawImage(video, 0, 0, 1280, 720);
          const pixels = pen.getImageData(0, 0, 1280, 80).data;
          let shown = 0;
          for (let bit = 0; bit < 32; bit++) {
            const offset = (40 * 1280 + bit * 40 + 20) * 4;
            if (pixels[offset]! > 128) shown += 2 ** bit;
          }
          const delay = (Date.now() % 2 ** 32) - shown;
          // A frame caught mid-change reads as nonsense: only plausible delays count.
          if (delay > 0 && delay < 20_000) found.push(delay);
        }
        return found;
      },
      { seconds: G2G_SECONDS, every: G2G_SAMPLE_MS },
    );
    await studio.getByRole('button', { name: 'End live session' }).click();
    return delays;
  } finally {
    await browser.close();
  }
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
    const where = server.url ? 'PostgreSQL' : 'PGlite';

    if (parts.has('chat')) {
      const bare = await bareFanOut();
      const app = await startApi({ port, dataDir, databaseUrl: server.url, env: { RTMP_PORT: 'off' } });
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
        const status = await postJson(
          agent,
          `${app.base}/api/messages/stream/${session.conversationId}`,
          fanTokens[index % fanTokens.length]!,
          {
            text,
          },
        );
        if (status !== 200) refused++;
      });
      const cpuMs = cpuMsOf(app.child.pid!) - cpuBefore;
      const latencies = await collect(children);
      agent.destroy();
      await fetch(`${app.base}/api/streaming/live/${session._id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${creatorToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'ended' }),
      });
      await stop(app.child);
      console.log(`chat: ${viewers} viewers watching one session, ${rate} chat lines/s for ${seconds} s, on ${where}`);
      console.log(`  bare Socket.IO fan-out (POST to every socket in a room)  ${bare}`);
      console.log(
        `  stream chat through the API                            ${summary(latencies, lines, viewers, cpuMs)}  refused ${refused}`,
      );
      console.log(`  ${viewers} viewers signed in and joined in ${joinSeconds.toFixed(1)} s`);
    }

    if (parts.has('hls') || parts.has('g2g')) {
      execFileSync('node', ['scripts/build-web-if-stale.mjs'], { cwd: repoRoot, stdio: 'inherit' });
      const app = await startApi({ port, dataDir, databaseUrl: server.url, env: { RTMP_PORT: String(rtmpPort) } });
      const call: Api = async (token, method, url, body) => {
        const response = await fetch(`${app.base}${url}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        const answer = (await response.json()) as Record<string, unknown>;
        if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(answer)}`);
        return answer;
      };
      const tokens = { creator: creatorToken, fan: fanTokens[0]! };
      try {
        if (parts.has('hls')) {
          const { floor, api, segmentKb } = await hlsServing(app.base, call, tokens, dataDir);
          console.log(
            `hls: ${HLS_CONNECTIONS} viewers reading the playlist and its newest segment (${segmentKb.toFixed(0)} KB) for ${HLS_SECONDS} s, on ${where}`,
          );
          console.log(`  bare node:http, the same bytes from memory   ${formatHls(floor)}`);
          console.log(
            `  signed HLS through the API                   ${formatHls(api)}  (${((100 * api.rps) / floor.rps).toFixed(0)} % of the floor's req/s)`,
          );
        }
        if (parts.has('g2g')) {
          const delays = await glassToGlass(app.base, tokens);
          // The first samples are the viewer arriving: the player starts behind the edge and catches up at 1.5x.
          const arriving = delays.slice(0, G2G_ARRIVING_SAMPLES);
          const steady = [...delays.slice(G2G_ARRIVING_SAMPLES)].sort((a, b) => a - b);
          const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
          console.log(`g2g: the studio's broadcast to the fan's live page, ${delays.length} frames read over ${G2G_SECONDS} s (goal: 3 s)`);
          console.log(
            `  glass to glass at the live edge   median ${seconds(median(steady))}  p90 ${seconds(percentile(steady, 0.9))}  max ${seconds(steady.at(-1) ?? 0)}`,
          );
          console.log(
            `  while arriving (first ${(G2G_ARRIVING_SAMPLES * G2G_SAMPLE_MS) / 1000} s)       from ${seconds(arriving[0] ?? 0)} to ${seconds(arriving.at(-1) ?? 0)}`,
          );
        }
      } finally {
        await stop(app.child);
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await server.drop();
  }
}

if (process.env.LIVE_BENCH_VIEWERS) await runViewers(JSON.parse(process.env.LIVE_BENCH_VIEWERS) as ViewerBrief);
else if (process.env.LIVE_BENCH_HLS) await runHlsLoad(JSON.parse(process.env.LIVE_BENCH_HLS) as HlsBrief);
else await main();
