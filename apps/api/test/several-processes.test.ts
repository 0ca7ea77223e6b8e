import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ErrorCode, socketClientOptions } from '@limelight/contracts';
import pg from 'pg';
import sharp from 'sharp';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../src/db/client';
import { ffmpegPath } from '../src/platform/ffmpeg';
import { fundWallet, signedIn, subscribe, subscribedPair, verifiedPerformer } from './factories';
import { withDatabase } from './global-setup';
import { startSmtpServer } from './mail';
import { generateVideo } from './media';
import { type ClientSocket, nextEvent } from './realtime';
import { startS3Server } from './s3';
import { type ServerProcess, startServerProcess } from './server-process';
import { type Site, siteOverHttp } from './site';

/**
 * Issue 28, item 7: two API processes (JOBS_CONCURRENCY=0) and a worker (`--worker`), each a real
 * process started as `npm start` and `npm run worker` start it, on one new PostgreSQL database,
 * the machine's Redis and an S3 server, behave as one site, seen only through their HTTP and
 * Socket.IO interfaces. `npm run test:processes` runs it; the CI's PostgreSQL and Redis pass too.
 */
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const title =
  databaseUrl && redisUrl
    ? 'two API processes and a worker behave as one site'
    : 'two API processes and a worker behave as one site (skipped: needs DATABASE_URL and REDIS_URL; run `npm run test:processes`)';

type Account = Awaited<ReturnType<typeof signedIn>>;
/** How long a change made through one process may take to apply on the other (decision 061 measured 31 ms at most). */
const PROPAGATION_BOUND_MS = 1_000;
const figures: Record<string, string> = {};

describe.skipIf(!databaseUrl || !redisUrl)(title, () => {
  let name: string;
  let database: DatabaseHandle;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  /** Each process sends mail through its own SMTP server, so the test sees which one sent a message. */
  const mail = {} as Record<'one' | 'two' | 'worker', Awaited<ReturnType<typeof startSmtpServer>>>;
  const processes = {} as Record<'one' | 'two' | 'worker', ServerProcess>;
  /** The two API processes, as the factories reach a site (over HTTP, with the test's own database connection). */
  let one: Site;
  let two: Site;
  let rtmpPort: number;
  const dataDirs: string[] = [];
  const sockets: ClientSocket[] = [];
  const publishers: ChildProcess[] = [];

  beforeAll(async () => {
    name = `limelight_processes_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    // Empty: the three processes migrate it as they start together, as a first deployment does.
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = withDatabase(databaseUrl!, name);
    s3 = await startS3Server();
    [mail.one, mail.two, mail.worker] = await Promise.all([startSmtpServer(), startSmtpServer(), startSmtpServer()]);
    const start = async (role: 'one' | 'two' | 'worker', env: Record<string, string>) => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `limelight-${role}-`));
      dataDirs.push(dataDir);
      processes[role] = await startServerProcess(
        {
          DATABASE_URL: url,
          REDIS_URL: redisUrl!,
          // Each process has a data directory of its own: a file one of them serves is in S3 or nowhere.
          DATA_DIR: dataDir,
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_FORMAT: 'json',
          SEED_DEMO: 'false',
          REQUIRE_ADMIN_2FA: 'false',
          // Other test files share this Redis and sign in from 127.0.0.1 too.
          AUTH_RATE_LIMIT_PER_MINUTE: '10000',
          SMTP_URL: mail[role].url,
          S3_BUCKET: s3.options.bucket,
          S3_ENDPOINT: s3.options.endpoint!,
          S3_ACCESS_KEY_ID: s3.options.accessKeyId!,
          S3_SECRET_ACCESS_KEY: s3.options.secretAccessKey!,
          ...env,
        },
        role === 'worker' ? { args: ['--worker'] } : {},
      );
    };
    // Settled, not raced: a process still starting when another failed would be left running.
    const started = await Promise.allSettled([
      // Process one ingests RTMP (on a free port it logs); process two leaves it to one.
      start('one', { JOBS_CONCURRENCY: '0', RTMP_PORT: '0' }),
      start('two', { JOBS_CONCURRENCY: '0', RTMP_PORT: 'off' }),
      start('worker', { JOBS_CONCURRENCY: '4', MEDIA_CONCURRENCY: '1' }),
    ]);
    for (const outcome of started) if (outcome.status === 'rejected') throw outcome.reason;
    rtmpPort = Number((await processes.one.logged(/RTMP ingest listening on port (\d+)/))[1]);
    database = await openPostgres(url);
    one = siteOverHttp(processes.one.origin, database.db);
    two = siteOverHttp(processes.two.origin, database.db);
  }, 180_000);

  afterAll(async () => {
    console.log(
      `Several-process figures:\n${Object.entries(figures)
        .map(([figure, value]) => `  ${figure}: ${value}`)
        .join('\n')}`,
    );
    for (const publisher of publishers) publisher.kill('SIGKILL');
    for (const socket of sockets) socket.disconnect();
    const codes = await Promise.all(Object.values(processes).map((server) => server.stop()));
    await database?.close();
    await s3?.close();
    await Promise.all(Object.values(mail).map((server) => server.close()));
    for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    // Each drained and exited by itself on SIGTERM.
    expect(codes).toEqual(codes.map(() => 0));
  }, 60_000);

  const originOf = (site: Site) => (site === one ? processes.one.origin : processes.two.origin);
  /** A socket to `site`'s process signed in as `account`, once the server accepted it. */
  async function connected(account: Account, site: Site) {
    const socket: ClientSocket = connect(originOf(site), {
      ...socketClientOptions,
      forceNew: true,
      reconnection: false,
      query: { token: account.token },
    });
    sockets.push(socket);
    await nextEvent(socket, 'auth/success');
    return socket;
  }
  const call = (site: Site, account: Account | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    site.inject({ method, url: `/api${url}`, headers: account?.headers ?? {}, ...(payload ? { payload } : {}) });
  /** The status of a GET, its body read to the end: a body left unread holds its connection open. */
  const statusOf = async (url: string | URL) => {
    const response = await fetch(url);
    await response.arrayBuffer();
    return response.status;
  };
  /** Polls `check` every 10 ms until it holds; how long that took, or a failure past `limitMs`. */
  async function until(check: () => Promise<boolean>, limitMs: number, what: string) {
    const started = performance.now();
    while (!(await check())) {
      if (performance.now() - started > limitMs) throw new Error(`${what}: not within ${limitMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return Math.round(performance.now() - started);
  }

  it('delivers a message sent through one process, and typing, to sockets on the other', async () => {
    const { creator, fan, conversationId } = await subscribedPair(one);
    const creatorSocket = await connected(creator, two);
    const fanSocket = await connected(fan, one);
    const created = nextEvent(creatorSocket, 'message_created');
    const sent = await call(one, fan, 'POST', `/messages/conversations/${conversationId}`, { text: 'Across processes' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await created).message).toMatchObject({ _id: sent.json()._id, text: 'Across processes', senderId: fan.user.id });

    const typing = nextEvent(fanSocket, 'typing');
    creatorSocket.emit('typing', { conversationId });
    expect(await typing).toEqual({ conversationId, userId: creator.user.id });
  });

  it('runs a job queued by an API process once, on the worker', async () => {
    const fan = await signedIn(one, 'user');
    const asked = await call(two, undefined, 'POST', '/auth/users/forgot', { email: fan.user.email });
    expect(asked.statusCode, asked.body).toBe(200);
    const waited = await until(async () => mail.worker.received.length > 0, 20_000, 'the reset e-mail');
    figures['password-reset e-mail queued on an API process, sent by the worker'] = `${waited} ms`;
    // Another poll of the queue or two: nobody sends it again.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(mail.worker.received.map((message) => message.to)).toEqual([expect.objectContaining({ text: fan.user.email })]);
    expect(mail.worker.received[0]!.subject).toMatch(/password/i);
    expect([mail.one.received.length, mail.two.received.length]).toEqual([0, 0]);
  });

  it('serves a photo uploaded through one process from the other, out of S3', async () => {
    const fan = await signedIn(one, 'user');
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('avatar', new Blob([photo]), 'photo.jpg');
    const uploaded = await one.inject({ method: 'POST', url: '/api/users/avatar/upload', headers: fan.headers, payload: form });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const avatar = uploaded.json().avatar as string;
    const [here, there] = await Promise.all([fetch(processes.one.origin + avatar), fetch(processes.two.origin + avatar)]);
    expect(there.status).toBe(200);
    expect(there.headers.get('content-type')).toBe('image/webp');
    const served = Buffer.from(await there.arrayBuffer());
    expect(served).toEqual(Buffer.from(await here.arrayBuffer()));
    expect(await sharp(served).metadata()).toMatchObject({ format: 'webp', width: 512 });
  });

  it('processes a video uploaded through one process on the worker, and plays it to a subscriber through the other', async () => {
    const creator = await verifiedPerformer(one);
    const fan = await signedIn(two, 'user');
    await subscribe(one, fan.user.id, creator.user.id);
    const form = new FormData();
    form.append('title', 'Made on one, played on two');
    form.append('video', new Blob([await generateVideo(1, 'mp4')]), 'clip.mp4');
    const uploaded = await one.inject({
      method: 'POST',
      url: '/api/performer/performer-assets/videos/upload',
      headers: creator.headers,
      payload: form,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const videoId = uploaded.json()._id as string;
    const view = () => call(two, fan, 'GET', `/performer-assets/videos/${videoId}`);
    const waited = await until(async () => (await view()).json().video?.status === 'finished', 60_000, 'the processed video');
    figures['a 1 s video processed by the worker, seen finished through the other API process'] = `${waited} ms`;
    const seen = (await view()).json();
    expect(seen).toMatchObject({ canView: true, video: { status: 'finished', width: 640 } });
    const played = await fetch(processes.two.origin + seen.video.url);
    expect(played.status).toBe(200);
    expect(played.headers.get('content-type')).toBe('video/mp4');
    expect((await played.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  }, 90_000);

  it('tells the recipient on two, from the worker, when a video sent in a message through one is ready', async () => {
    const { creator, fan, conversationId } = await subscribedPair(one);
    const fanSocket = await connected(fan, two);
    // The message and its video in one request: the processing job is queued with the message.
    const form = new FormData();
    form.append('file', new Blob([await generateVideo(1, 'mp4')]), 'clip.mp4');
    form.append('conversationId', conversationId);
    form.append('text', 'A clip');
    // The worker serves no sockets: its event reaches the fan's process through the Redis adapter.
    const updated = nextEvent(fanSocket, 'message_file_updated');
    const sent = await one.inject({ method: 'POST', url: '/api/messages/private/file/video', headers: creator.headers, payload: form });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().files).toMatchObject([{ status: 'processing' }]);
    const { message } = await updated;
    expect(message).toMatchObject({ _id: sent.json()._id, files: [{ _id: sent.json().files[0]._id, status: 'finished' }] });
    const played = await fetch(processes.two.origin + message.files[0]!.url);
    expect(played.status).toBe(200);
    expect(played.headers.get('content-type')).toBe('video/mp4');
    await played.arrayBuffer();
  }, 60_000);

  it('keeps money exact with both processes charging the same wallets at once, retries with the same key landing on either', async () => {
    const FANS = 4;
    const TIPS_PER_FAN = 50;
    const RETRIED_PER_FAN = 10;
    const PRICE = 10;
    const creator = await verifiedPerformer(one);
    const fans = await Promise.all(
      Array.from({ length: FANS }, async (_, n) => {
        const fan = await signedIn(n % 2 ? two : one, 'user');
        await subscribe(one, fan.user.id, creator.user.id);
        // Enough for half of its tips.
        await fundWallet(one, fan.user.id, (TIPS_PER_FAN / 2) * PRICE);
        return fan;
      }),
    );
    const tip = (site: Site, fan: Account, key: string) =>
      site.inject({
        method: 'POST',
        url: `/api/wallet/charges/tip/${creator.user.id}`,
        headers: { ...fan.headers, 'idempotency-key': key },
        payload: { price: PRICE },
      });
    const sends = fans.flatMap((fan) =>
      Array.from({ length: TIPS_PER_FAN }, (_, n) => {
        const key = `tip-${fan.user.id}-${n}`;
        const first = tip(n % 2 ? two : one, fan, key);
        // A client that gave up waiting sends it again, and the balancer takes it to the other process.
        const retried = n < RETRIED_PER_FAN ? tip(n % 2 ? one : two, fan, key) : undefined;
        return { fan, key, first, retried };
      }),
    );
    const started = performance.now();
    const answers = await Promise.all(
      sends.map(async ({ fan, key, first, retried }) => ({ fan, key, first: await first, retried: await retried })),
    );
    figures[`${sends.length + FANS * RETRIED_PER_FAN} tips over both processes at once`] = `${Math.round(performance.now() - started)} ms`;

    // An answer but for its request id, which is each request's own.
    const outcome = (answer: { statusCode: number; json(): unknown }) => {
      const { requestId: _, ...body } = answer.json() as Record<string, unknown>;
      return { status: answer.statusCode, body };
    };
    for (const { first, retried } of answers) {
      expect([200, 402], first.body).toContain(first.statusCode);
      // The same key answers the same, whichever process took each try.
      if (retried) expect(outcome(retried)).toEqual(outcome(first));
    }
    for (const fan of fans) {
      const paid = answers.filter((answer) => answer.fan === fan && answer.first.statusCode === 200);
      expect(paid).toHaveLength(TIPS_PER_FAN / 2);
      expect((await call(two, fan, 'GET', '/users/me')).json().balance).toBe(0);
    }
    expect((await call(two, creator, 'GET', '/users/me')).json().balance).toBe(FANS * (TIPS_PER_FAN / 2) * PRICE * 0.9);

    // `npm run ledger:check`, as an operator runs it against the site's database.
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/ledger-check.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: withDatabase(databaseUrl!, name) },
    });
    expect(stdout).toContain('The ledger is sound');
  }, 90_000);

  it('applies a settings change made through one process on the other at once', async () => {
    const admin = await signedIn(one, 'admin');
    const { creator, fan } = await subscribedPair(one);
    await fundWallet(one, fan.user.id, 100);
    const minimumOnTwo = async () =>
      (await two.inject({ method: 'POST', url: '/api/settings/keys', payload: { keys: ['minimumTipPrice'] } })).json().minimumTipPrice;
    expect(await minimumOnTwo()).toBe(10);
    const changed = await call(one, admin, 'PUT', '/admin/settings/minimumTipPrice', { value: 20 });
    expect(changed.statusCode, changed.body).toBe(200);
    figures['a settings change made on one, applied on two'] =
      `${await until(async () => (await minimumOnTwo()) === 20, PROPAGATION_BOUND_MS, 'the new minimum on two')} ms`;
    const refused = await call(two, fan, 'POST', `/wallet/charges/tip/${creator.user.id}`, { price: 10 });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().details).toEqual([{ field: 'price', message: 'must be between 20 and 10000' }]);
    await call(one, admin, 'PUT', '/admin/settings/minimumTipPrice', { value: 10 });
    await until(async () => (await minimumOnTwo()) === 10, PROPAGATION_BOUND_MS, 'the minimum restored on two');
  });

  it('enforces a block made through one process on the other', async () => {
    const { creator, fan, conversationId } = await subscribedPair(one);
    const blocked = await call(one, creator, 'POST', '/block/users', { targetId: fan.user.id });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const refused = await call(two, fan, 'POST', `/messages/conversations/${conversationId}`, { text: 'hello?' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: ErrorCode.blocked, message: 'This account has blocked you: messages are off' });
  });

  it('refuses a session logged out through one process on the other, and closes its socket there', async () => {
    const fan = await signedIn(one, 'user');
    expect((await call(two, fan, 'GET', '/users/me')).statusCode).toBe(200);
    const socket = await connected(fan, two);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const loggedOut = await call(one, fan, 'POST', '/auth/logout');
    expect(loggedOut.statusCode, loggedOut.body).toBe(200);
    const refusedAfter = await until(
      async () => (await call(two, fan, 'GET', '/users/me')).statusCode === 401,
      PROPAGATION_BOUND_MS,
      'the session refused on two',
    );
    figures['a logout on one, refused on two'] = `${refusedAfter} ms`;
    expect(await closed).toBe('io server disconnect');
  });

  it('plays a live broadcast ingested by one process through the other, and ends it there', async () => {
    const creator = await verifiedPerformer(one);
    const key = (await call(one, creator, 'PUT', '/streaming/update', { rotateStreamKey: true })).json().streamKey as string;
    const session = (await call(one, creator, 'POST', '/streaming/live', { title: 'Ingested by one' })).json();
    const [fan, blocked] = [await signedIn(two, 'user'), await signedIn(two, 'user')];
    await subscribe(one, fan.user.id, creator.user.id);
    await subscribe(one, blocked.user.id, creator.user.id);
    const fanSocket = await connected(fan, two);
    await new Promise((resolve) => fanSocket.emit('stream/join', { sessionId: session._id }, resolve));

    const ready = nextEvent(fanSocket, 'stream/ready');
    const started = performance.now();
    // ffmpeg publishing a test pattern and a tone in real time with 1 s keyframes, as OBS does, to one.
    const publisher = spawn(
      ffmpegPath(),
      [
        ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '60'],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-g', '30', '-sc_threshold', '0'],
        ...['-threads', '1', '-c:a', 'aac', '-b:a', '64k', '-f', 'flv', `rtmp://127.0.0.1:${rtmpPort}/live/${key}`],
      ],
      { stdio: 'ignore' },
    );
    publishers.push(publisher);
    expect(await ready).toEqual({ sessionId: session._id });
    figures['RTMP publish to one until the viewer on two hears stream/ready'] = `${Math.round(performance.now() - started)} ms`;

    const watch = async (viewer: Account) => {
      const { playback } = (await call(two, viewer, 'GET', `/streaming/join/${session._id}`)).json();
      expect(playback).toMatchObject({ mode: 'hls', ready: true });
      return `${processes.two.origin}${playback.playlistUrl as string}`;
    };
    const playlistUrl = await watch(fan);
    let playlist = '';
    await until(
      async () => {
        const response = await fetch(playlistUrl);
        playlist = await response.text();
        return response.ok && playlist.split('#EXTINF').length > 2;
      },
      20_000,
      'a playlist of two segments through two',
    );
    const init = playlist.match(/#EXT-X-MAP:URI="([^"]+)"/)![1]!;
    const segment = playlist.split('\n').findLast((line) => line.endsWith('.m4s'))!;
    for (const file of [init, segment]) {
      const response = await fetch(new URL(file, playlistUrl));
      expect(response.status, file).toBe(200);
      expect((await response.arrayBuffer()).byteLength, file).toBeGreaterThan(100);
    }

    // The deny list travels: a viewer the creator blocks through one loses the link on two.
    const blockedUrl = await watch(blocked);
    expect(await statusOf(blockedUrl)).toBe(200);
    await call(one, creator, 'POST', '/block/users', { targetId: blocked.user.id });
    figures['a live viewer blocked on one, refused on two'] = `${await until(
      async () => (await statusOf(blockedUrl)) === 403,
      PROPAGATION_BOUND_MS,
      'the blocked viewer refused on two',
    )} ms`;

    const ended = nextEvent(fanSocket, 'stream/ended');
    const ending = performance.now();
    expect((await call(two, creator, 'PUT', `/streaming/live/${session._id}`, { status: 'ended' })).statusCode).toBe(200);
    await ended;
    // Process one hears of the end over the bus (decision 064), lets go of the publisher and
    // removes the files from the storage.
    await until(async () => publisher.exitCode !== null || publisher.signalCode !== null, 5_000, 'the publisher cut by one');
    figures['session ended on two until the publisher on one is cut'] = `${Math.round(performance.now() - ending)} ms`;
    await until(async () => (await statusOf(playlistUrl)) === 404, 5_000, 'the ended playlist gone on two');
  }, 90_000);
});
