import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { signedIn, subscribe, verifiedPerformer } from '../../../test/factories';
import { type ClientSocket, nextEvent, realtimeSuite } from '../../../test/realtime';
import { runFfmpeg } from '../../platform/ffmpeg';
import { RENEW_EVERY_MS } from '../../platform/live-lease';

type Account = Awaited<ReturnType<typeof signedIn>>;
type Suite = ReturnType<typeof realtimeSuite>;
const ALREADY_BROADCAST = 'This live session is already being broadcast: stop the other broadcast first';

const workDir = fs.mkdtemp(path.join(os.tmpdir(), 'limelight-live-processes-'));
/** Three seconds of a browser recording (H.264 and Opus in Matroska), as the studio sends it. */
const recording = workDir.then(async (dir) => {
  const file = path.join(dir, 'recording.mkv');
  await runFfmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '3'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-g', '15', '-c:a', 'libopus', '-f', 'matroska', file],
  ]);
  return fs.readFile(file);
});
afterAll(async () => fs.rm(await workDir, { recursive: true, force: true }));

const originOf = (app: TestApp) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const call = (app: TestApp, account: Account, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: account.headers, ...(payload ? { payload } : {}) });
const statusOf = async (url: string | URL) => {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.status;
};

const startOn = (socket: ClientSocket, sessionId: string) =>
  new Promise<Record<string, unknown>>((resolve) =>
    socket.emit('live/start', { sessionId, mimeType: 'video/x-matroska;codecs=avc1,opus' }, (answer) => resolve(answer as never)),
  );
const send = (socket: ClientSocket, data: Buffer) => {
  for (let offset = 0; offset < data.length; offset += 50_000) {
    const part = data.subarray(offset, offset + 50_000);
    socket.emit('live/chunk', part.buffer.slice(part.byteOffset, part.byteOffset + part.byteLength) as ArrayBuffer);
  }
};

/** A creator with a live session, a subscribed fan, and the creator's socket on each process. */
async function liveOnBoth(suite: Suite) {
  const [app, other] = [suite.app, suite.other!];
  const creator = await verifiedPerformer(app);
  const fan = await signedIn(app, 'user');
  await subscribe(app, fan.user.id, creator.user.id);
  const session = (await call(app, creator, 'POST', '/streaming/live', { title: 'Two processes' })).json();
  return {
    creator,
    fan,
    sessionId: session._id as string,
    onFirst: await suite.connected(creator, app),
    onSecond: await suite.connected(creator, other),
  };
}

/** The same broadcast, packaged by the first process and watched through the second, on storage both reach. */
function servedAcrossProcesses(suite: Suite) {
  it('serves a broadcast packaged by one process through the other’s signed links, until the session ends', async () => {
    const [app, other] = [suite.app, suite.other!];
    const { creator, fan, sessionId, onFirst } = await liveOnBoth(suite);
    expect(await startOn(onFirst, sessionId)).toEqual({ ok: true });
    const ready = nextEvent(onFirst, 'stream/ready');
    send(onFirst, await recording);
    onFirst.emit('live/stop', { sessionId });
    await ready;

    // The join through the second process finds the playlist in the storage, and so do its links.
    const { playback } = (await call(other, fan, 'GET', `/streaming/join/${sessionId}`)).json();
    expect(playback).toMatchObject({ mode: 'hls', ready: true });
    const playlistUrl = `${originOf(other)}${playback.playlistUrl}`;
    // Read once the packager's last playlist is stored: the tests' S3 (s3rver) rewrites an object in
    // place, so a read racing a rewrite can see it empty, which real S3 never shows.
    let text = '';
    await expect
      .poll(
        async () => {
          const playlist = await fetch(playlistUrl);
          text = await playlist.text();
          return `${playlist.status} ${text}`;
        },
        { timeout: 10_000 },
      )
      .toMatch(/^200 [\s\S]*#EXT-X-ENDLIST/);
    expect(text).toContain('#EXT-X-MAP:URI="init-1.mp4"');
    const segments = text.split('\n').filter((line) => line.endsWith('.m4s'));
    expect(segments.length).toBeGreaterThan(0);
    for (const name of ['init-1.mp4', ...segments]) expect(await statusOf(new URL(name, playlistUrl))).toBe(200);

    await call(app, creator, 'PUT', `/streaming/live/${sessionId}`, { status: 'ended' });
    await expect.poll(() => statusOf(playlistUrl), { timeout: 5000 }).toBe(404);
    expect(await statusOf(new URL(segments[0]!, playlistUrl))).toBe(404);
  });
}

describe('live streaming across two processes on one database and a shared disk', () => {
  const suite = realtimeSuite({}, { sharedStorage: 'disk' });

  it('refuses a second broadcast of a session on another process with 409, and takes it once the first stopped', async () => {
    const { sessionId, onFirst, onSecond } = await liveOnBoth(suite);
    expect(await startOn(onFirst, sessionId)).toEqual({ ok: true });
    expect(await startOn(onSecond, sessionId)).toEqual({ ok: false, code: ErrorCode.conflict, message: ALREADY_BROADCAST });
    expect(await suite.other!.deps.live.broadcasting(sessionId)).toBe(true);

    onFirst.emit('live/stop', { sessionId });
    await expect.poll(() => suite.other!.deps.live.broadcasting(sessionId), { timeout: 5000 }).toBe(false);
    expect(await startOn(onSecond, sessionId)).toEqual({ ok: true });
    expect(await startOn(onFirst, sessionId)).toMatchObject({ ok: false, message: ALREADY_BROADCAST });
    onSecond.emit('live/stop', { sessionId });
  });

  it('lets the creator broadcast again by themselves once a crashed process’s lease lapses', async () => {
    const { sessionId, onSecond } = await liveOnBoth(suite);
    // What a process killed mid-broadcast leaves behind: its lease, renewed a moment before.
    await suite.app.deps.db.execute(
      sql`insert into live_publishers (session_id, holder, expires_at) values (${sessionId}, gen_random_uuid(), now() + interval '2 seconds')`,
    );
    expect(await startOn(onSecond, sessionId)).toMatchObject({ ok: false, message: ALREADY_BROADCAST });
    await expect.poll(async () => (await startOn(onSecond, sessionId)).ok, { timeout: 5000, interval: 500 }).toBe(true);
    onSecond.emit('live/stop', { sessionId });
  });

  it(
    'stops a packager whose lease another process took after it lapsed, telling the creator',
    async () => {
      const { sessionId, onFirst } = await liveOnBoth(suite);
      expect(await startOn(onFirst, sessionId)).toEqual({ ok: true });
      const error = nextEvent(onFirst, 'live/error');
      await suite.app.deps.db.execute(sql`update live_publishers set holder = gen_random_uuid() where session_id = ${sessionId}`);
      expect(await error).toEqual({ sessionId, message: 'This live session is being broadcast from elsewhere now' });
    },
    RENEW_EVERY_MS + 5000,
  );

  servedAcrossProcesses(suite);
});

describe('live streaming across two processes on S3', () => {
  servedAcrossProcesses(realtimeSuite({}, { sharedStorage: 's3' }));
});
