import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@limelight/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { setSetting, signedIn, subscribe, verifiedPerformer } from '../../../test/factories';
import { type ClientSocket, nextEvent, realtimeSuite } from '../../../test/realtime';
import { ffmpegPath, probe, runFfmpeg } from '../../platform/ffmpeg';

type Account = Awaited<ReturnType<typeof signedIn>>;
const suite = realtimeSuite({ rtmpPort: 0 });
const workDir = fs.mkdtemp(path.join(os.tmpdir(), 'limelight-live-'));
const publishers: Array<() => void> = [];
afterAll(async () => {
  for (const stop of publishers) stop();
  await fs.rm(await workDir, { recursive: true, force: true });
});

const call = (account: Account, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  suite.app.inject({ method, url: `/api${url}`, headers: account.headers, ...(payload ? { payload } : {}) });
const origin = () => `http://127.0.0.1:${(suite.app.server.address() as AddressInfo).port}`;
const join = async (account: Account, sessionId: string) => (await call(account, 'GET', `/streaming/join/${sessionId}`)).json();

/** ffmpeg publishing a 640x360 test pattern and a tone over RTMP, in real time, with 1 s keyframes (as OBS set up per README). */
function publish(key: string, seconds: number) {
  const child = spawn(
    ffmpegPath(),
    [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(seconds)],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-g', '30', '-sc_threshold', '0'],
      ...['-threads', '1', '-c:a', 'aac', '-b:a', '64k', '-f', 'flv', `rtmp://127.0.0.1:${suite.app.rtmpPort}/live/${key}`],
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  const stop = () => child.kill('SIGKILL');
  publishers.push(stop);
  return { exited, stop };
}

/** The playlist once it names at least `segments` segments (the packager writes one a second). */
async function playlistWith(url: string, segments: number) {
  for (let attempt = 0; attempt < 40; attempt++) {
    const response = await fetch(url);
    const text = await response.text();
    if (response.ok && text.split('#EXTINF').length > segments) return { response, text };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no playlist with ${segments} segments at ${url}: ${await (await fetch(url)).text()}`);
}

const tokenOf = (playlistUrl: string) => playlistUrl.split('/')[4]!;
/** The status of a GET, its body read to the end: a body left unread holds its connection open. */
const statusOf = async (url: string | URL) => {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.status;
};

describe(`the live media path${process.env.REDIS_URL ? ' with a second process over Redis' : ''}`, () => {
  it('plays an RTMP publish to the stream key for entitled viewers only, through signed links, until a block or the end', async () => {
    const creator = await verifiedPerformer(suite.app);
    const key = (await call(creator, 'PUT', '/streaming/update', { rotateStreamKey: true })).json().streamKey as string;
    const session = (await call(creator, 'POST', '/streaming/live', { title: 'From OBS' })).json();
    const [fan, stranger] = [await signedIn(suite.app, 'user'), await signedIn(suite.app, 'user')];
    await subscribe(suite.app, fan.user.id, creator.user.id);
    const fanSocket = await suite.connected(fan, suite.other ?? suite.app);
    await new Promise((resolve) => fanSocket.emit('stream/join', { sessionId: session._id }, resolve));
    expect((await join(fan, session._id)).playback).toEqual({ mode: 'hls', ready: false, playlistUrl: null, expiresAt: null });

    const wrongKey = publish('sk_live_not-a-key', 5);
    const ready = nextEvent(fanSocket, 'stream/ready');
    const publisher = publish(key, 20);
    expect(await ready).toEqual({ sessionId: session._id });
    expect(await wrongKey.exited).not.toBe(0);
    const second = publish(key, 5);
    expect(await second.exited).not.toBe(0);

    const { playback } = await join(fan, session._id);
    expect(playback).toMatchObject({
      mode: 'hls',
      ready: true,
      playlistUrl: expect.stringMatching(/^\/api\/live\/[\w-]+\/\d+\.[\w-]+\.[\w-]+\/index\.m3u8$/),
    });
    expect(Date.parse(playback.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    // With Agora on, an OBS stream still reaches viewers over HLS: RTMP never goes to Agora.
    await setSetting(suite.app, 'agoraAppId', 'a'.repeat(32));
    await setSetting(suite.app, 'agoraCertificate', 'b'.repeat(32));
    await setSetting(suite.app, 'agoraEnable', true);
    expect((await join(fan, session._id)).playback).toMatchObject({ mode: 'hls', ready: true });
    await setSetting(suite.app, 'agoraEnable', false);
    const playlistUrl = `${origin()}${playback.playlistUrl}`;
    const { response, text } = await playlistWith(playlistUrl, 2);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(text).toMatch(/#EXT-X-TARGETDURATION:[1-9]/);
    const init = text.match(/#EXT-X-MAP:URI="([^"]+)"/)![1]!;
    const segments = text.split('\n').filter((line) => line.endsWith('.m4s'));
    // Relative URLs resolve under the token, as a player resolves them.
    const files = await Promise.all([init, ...segments.slice(-2)].map((name) => fetch(new URL(name, playlistUrl))));
    for (const file of files) {
      expect(file.status).toBe(200);
      expect(file.headers.get('cache-control')).toBe('private, max-age=60');
    }
    const sample = path.join(await workDir, 'rtmp-sample.mp4');
    await fs.writeFile(
      sample,
      Buffer.concat((await Promise.all(files.map(async (file) => Buffer.from(await file.arrayBuffer())))).slice(0, 2)),
    );
    expect(await probe(sample)).toMatchObject({ hasVideo: true, hasAudio: true, width: 640, height: 360 });

    expect((await call(stranger, 'GET', `/streaming/join/${session._id}`)).json()).toMatchObject({ code: ErrorCode.subscriptionRequired });
    const token = tokenOf(playback.playlistUrl);
    const [expires, viewerId] = token.split('.');
    const past = Math.floor(Date.now() / 1000) - 1;
    const forged = [
      `${origin()}/api/live/${crypto.randomUUID()}/${token}/index.m3u8`,
      `${origin()}/api/live/${session._id}/${past}.${viewerId}.${suite.app.deps.mediaSigner.signFor(`live:${session._id}:${viewerId}`, past)}/index.m3u8`,
      `${origin()}/api/live/${session._id}/${expires}.${stranger.user.id}.${token.split('.')[2]}/index.m3u8`,
    ];
    for (const url of forged) {
      const refused = await fetch(url);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toMatch(/invalid or has expired/);
    }
    expect(await statusOf(new URL('seg-99999999.m4s', playlistUrl))).toBe(404);
    expect(await statusOf(new URL('../../../media/protected/live/x/init-1.mp4', playlistUrl))).toBe(404);
    expect(await statusOf(`${origin()}/api/media/protected/live/${session._id}/${init}`)).toBe(404);

    // The other process takes the same link (it has no copy of the files: each test app keeps its
    // own storage), until the block reaches it over the bus.
    const otherPlaylistUrl =
      suite.other && `http://127.0.0.1:${(suite.other.server.address() as AddressInfo).port}${new URL(playlistUrl).pathname}`;
    if (otherPlaylistUrl) expect(await statusOf(otherPlaylistUrl)).not.toBe(403);
    await call(creator, 'POST', '/block/users', { targetId: fan.user.id });
    const blocked = await fetch(playlistUrl);
    expect(blocked.status).toBe(403);
    expect(((await blocked.json()) as { message: string }).message).toBe('You can no longer watch this live session');
    if (otherPlaylistUrl) await expect.poll(() => statusOf(otherPlaylistUrl), { timeout: 2000 }).toBe(403);
    expect((await call(fan, 'GET', `/streaming/join/${session._id}`)).json()).toMatchObject({ code: ErrorCode.blocked });

    await call(creator, 'PUT', `/streaming/live/${session._id}`, { status: 'ended' });
    expect(await publisher.exited).not.toBe(0);
    expect(await statusOf(playlistUrl)).toBe(404);
  });

  it('goes live when a creator starts streaming from OBS without a session, for subscribers, with the stream’s title', async () => {
    const creator = await verifiedPerformer(suite.app);
    const key = (await call(creator, 'PUT', '/streaming/update', { rotateStreamKey: true, title: 'Saved title' })).json()
      .streamKey as string;
    const creatorSocket = await suite.connected(creator, suite.app);
    const ready = nextEvent(creatorSocket, 'stream/ready');
    const publisher = publish(key, 10);
    const { sessionId } = await ready;
    const { session, playback } = await join(creator, sessionId);
    expect(session).toMatchObject({ performerId: creator.user.id, title: 'Saved title', access: 'subscribers', status: 'live' });
    expect(playback.ready).toBe(true);
    publisher.stop();
  });

  it('packages a browser broadcast sent as live/chunk, from its creator only', async () => {
    const recording = path.join(await workDir, 'recording.mkv');
    await runFfmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '3'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-g', '30', '-c:a', 'libopus', '-f', 'matroska', recording],
    ]);
    const creator = await verifiedPerformer(suite.app);
    const fan = await signedIn(suite.app, 'user');
    await subscribe(suite.app, fan.user.id, creator.user.id);
    const session = (await call(creator, 'POST', '/streaming/live', { title: 'From the browser' })).json();
    const creatorSocket = await suite.connected(creator, suite.app);
    const fanSocket = await suite.connected(fan, suite.app);
    const start = (socket: ClientSocket, mimeType: string) =>
      new Promise<Record<string, unknown>>((resolve) =>
        socket.emit('live/start', { sessionId: session._id, mimeType }, (answer) => resolve(answer as never)),
      );

    expect(await start(fanSocket, 'video/x-matroska;codecs=avc1,opus')).toMatchObject({ ok: false, code: ErrorCode.notFound });
    expect(await start(creatorSocket, 'video/ogg')).toMatchObject({
      ok: false,
      code: ErrorCode.validation,
      message: expect.stringMatching(/^mimeType/),
    });
    const refusedChunk = nextEvent(fanSocket, 'event_refused');
    fanSocket.emit('live/chunk', new ArrayBuffer(8));
    expect(await refusedChunk).toMatchObject({ event: 'live/chunk', code: ErrorCode.conflict });

    expect(await start(creatorSocket, 'video/x-matroska;codecs=avc1,opus')).toEqual({ ok: true });
    expect(await start(creatorSocket, 'video/x-matroska;codecs=avc1,opus')).toMatchObject({ ok: false, code: ErrorCode.conflict });
    const ready = nextEvent(creatorSocket, 'stream/ready');
    const data = await fs.readFile(recording);
    for (let offset = 0; offset < data.length; offset += 50_000) {
      const part = data.subarray(offset, offset + 50_000);
      creatorSocket.emit('live/chunk', part.buffer.slice(part.byteOffset, part.byteOffset + part.byteLength) as ArrayBuffer);
    }
    creatorSocket.emit('live/stop', { sessionId: session._id });
    expect(await ready).toEqual({ sessionId: session._id });
    const { playback } = await join(fan, session._id);
    const playlistUrl = `${origin()}${playback.playlistUrl}`;
    const { text } = await playlistWith(playlistUrl, 1);
    expect(text).toContain('#EXT-X-MAP:URI="init-1.mp4"');
    const segment = text.split('\n').find((line) => line.endsWith('.m4s'))!;
    for (const name of ['init-1.mp4', segment]) expect(await statusOf(new URL(name, playlistUrl))).toBe(200);
  });
});
