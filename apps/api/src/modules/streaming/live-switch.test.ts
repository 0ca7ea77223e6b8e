import { spawn } from 'node:child_process';
import { type ClientToServerEvents, ErrorCode } from '@limelight/contracts';
import { describe, expect, it, vi } from 'vitest';
import { fundWallet, setSetting, signedIn, subscribe, verifiedPerformer } from '../../../test/factories';
import { nextEvent, realtimeSuite } from '../../../test/realtime';
import { ffmpegPath } from '../../platform/ffmpeg';

type Account = Awaited<ReturnType<typeof signedIn>>;
const suite = realtimeSuite({ rtmpPort: 0 });
const OFF = { code: ErrorCode.liveStreamingOff, message: 'Live streaming is turned off on this site' };

const call = (account: Account, method: string, url: string, payload?: object) =>
  suite.app.inject({ method: method as 'GET', url: `/api${url}`, headers: account.headers, ...(payload ? { payload } : {}) });

/** The admin switches live streaming on one process; the test goes on once the bus brought it to every process. */
async function switchLive(on: boolean, from = suite.other ?? suite.app) {
  await setSetting(from, 'enableLiveStreaming', on);
  for (const instance of [suite.app, suite.other]) {
    if (instance) await vi.waitFor(() => expect(instance.deps.settings.get('enableLiveStreaming')).toBe(on));
  }
}

/** Every live operation the API documents: the streaming tag, and the admin's streaming pages. */
async function liveOperations() {
  await suite.app.ready();
  const document = suite.app.swagger() as { paths: Record<string, Record<string, { tags?: string[] }>>; servers?: Array<{ url: string }> };
  const prefix = document.servers?.[0]?.url ?? '';
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, operation]) => operation.tags?.includes('streaming') || path.includes('/streaming/'))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path: `${prefix}${path}`, tags: operation.tags })),
  );
}

/** ffmpeg publishing a second of test pattern over RTMP: its exit code and what it printed. */
function publish(key: string) {
  const child = spawn(
    ffmpegPath(),
    [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=15', '-t', '3'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-threads', '1', '-f', 'flv'],
      `rtmp://127.0.0.1:${suite.app.rtmpPort}/live/${key}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise<{ code: number | null; stderr: string }>((resolve) => child.once('close', (code) => resolve({ code, stderr })));
}

describe(`the live streaming switch${process.env.REDIS_URL ? ' across two processes over Redis' : ''}`, () => {
  it('with Agora off, creators go live through the built-in path', async () => {
    const creator = await verifiedPerformer(suite.app);
    const session = await call(creator, 'POST', '/streaming/live', { title: 'Built in' });
    expect(session.statusCode, session.body).toBe(200);
    const joined = (await call(creator, 'GET', `/streaming/join/${session.json()._id}`)).json();
    expect(joined.playback).toMatchObject({ mode: 'hls', ready: false });
    await call(creator, 'PUT', `/streaming/live/${session.json()._id}`, { status: 'ended' });
  });

  it('accepting a private show ends the public session as "private", so its viewers know the creator will be back', async () => {
    const creator = await verifiedPerformer(suite.app);
    await call(creator, 'PUT', '/streaming/update', { privateShowPrice: 5 });
    const session = (await call(creator, 'POST', '/streaming/live', { title: 'Before going private' })).json();
    const [viewer, asker] = [await signedIn(suite.app, 'user'), await signedIn(suite.app, 'user')];
    await subscribe(suite.app, viewer.user.id, creator.user.id);
    await fundWallet(suite.app, asker.user.id, 20);
    const viewerSocket = await suite.connected(viewer, suite.other ?? suite.app);
    expect(await new Promise((resolve) => viewerSocket.emit('stream/join', { sessionId: session._id }, resolve))).toMatchObject({
      ok: true,
    });
    const request = (await call(asker, 'POST', '/streaming/private-requests', { performerId: creator.user.id })).json();
    expect((await call(viewer, 'GET', `/streaming/live/${session._id}`)).json()).toMatchObject({ status: 'live' });
    const ended = nextEvent(viewerSocket, 'stream/ended');
    const accepted = await call(creator, 'PUT', `/streaming/private-requests/${request._id}`, { action: 'accept' });
    expect(accepted.json()).toMatchObject({ status: 'accepted' });
    expect(await ended).toEqual({ sessionId: session._id, reason: 'private' });
    expect((await call(viewer, 'GET', `/streaming/live/${session._id}`)).json()).toMatchObject({ status: 'ended', endedReason: 'private' });
    await call(creator, 'PUT', `/streaming/private-requests/${request._id}`, { action: 'decline' });
  });

  it('off, ends live sessions and refuses every live route, socket event and RTMP publish; on again, all works', async () => {
    const creator = await verifiedPerformer(suite.app);
    const key = (await call(creator, 'PUT', '/streaming/update', { rotateStreamKey: true })).json().streamKey as string;
    const session = (await call(creator, 'POST', '/streaming/live', { title: 'Before the switch' })).json();
    const fan = await signedIn(suite.app, 'user');
    await subscribe(suite.app, fan.user.id, creator.user.id);
    const fanSocket = await suite.connected(fan, suite.other ?? suite.app);
    expect(await new Promise((resolve) => fanSocket.emit('stream/join', { sessionId: session._id }, resolve))).toMatchObject({ ok: true });

    // Switched off on one process: the session ends for its viewers, and the other process refuses too.
    const ended = nextEvent(fanSocket, 'stream/ended');
    await switchLive(false);
    expect(await ended).toEqual({ sessionId: session._id, reason: 'admin' });
    const admin = await signedIn(suite.app, 'admin');
    const sessions = await (suite.other ?? suite.app).inject({
      url: `/api/admin/streaming/sessions?performerId=${creator.user.id}`,
      headers: admin.headers,
    });
    expect(sessions.statusCode).toBe(403);
    await switchLive(true, suite.app);
    expect((await call(admin, 'GET', `/admin/streaming/sessions?performerId=${creator.user.id}`)).json().data[0]).toMatchObject({
      status: 'ended',
      endedReason: 'admin',
    });
    await switchLive(false);

    const operations = await liveOperations();
    expect(operations.length).toBeGreaterThan(20);
    const id = crypto.randomUUID();
    for (const operation of [...operations, { method: 'POST', path: `/api/wallet/charges/stream/{id}`, tags: ['wallet'] }]) {
      const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
        name === 'file' ? 'index.m3u8' : name === 'token' ? '1.a.b' : id,
      );
      // A fan's live payment is refused for the switch; who else may pay is the wallet's own rule.
      for (const account of operation.tags?.includes('wallet') ? [fan] : [creator, fan, admin]) {
        const response = await suite.app.inject({ method: operation.method as 'GET', url, headers: account.headers, payload: {} });
        expect(response.statusCode, `${operation.method} ${url}: ${response.body}`).toBe(403);
        expect(response.json(), `${operation.method} ${url}`).toMatchObject(OFF);
      }
    }
    // A tip during a live session is a live payment.
    const tip = await call(fan, 'POST', `/wallet/charges/tip/${creator.user.id}`, { price: 10, sessionId: session._id });
    expect(tip.json()).toMatchObject(OFF);

    const creatorSocket = await suite.connected(creator, suite.app);
    const events: Array<[keyof ClientToServerEvents, unknown]> = [
      ['stream/join', { sessionId: session._id }],
      ['stream/leave', { sessionId: session._id }],
      ['live/start', { sessionId: session._id, mimeType: 'video/webm' }],
      ['live/chunk', Buffer.from('webm')],
      ['live/stop', { sessionId: session._id }],
      ['private/signal', { showId: id, signal: { type: 'offer', sdp: 'v=0' } }],
      ['private/connected', { showId: id }],
      ['private/hangup', { showId: id }],
    ];
    for (const [event, payload] of events) {
      const answer = await new Promise((resolve) => (creatorSocket.emit as (...args: unknown[]) => void)(event, payload, resolve));
      expect(answer, event).toEqual({ ok: false, ...OFF });
    }
    // Without an acknowledgement, the refusal comes as `event_refused`.
    const refused = nextEvent(creatorSocket, 'event_refused');
    creatorSocket.emit('live/stop', { sessionId: session._id });
    expect(await refused).toMatchObject({ event: 'live/stop', ...OFF });

    // RTMP answers the publish with an error status naming the switch (ffmpeg prints it) and starts no session.
    const refusedPublish = await publish(key);
    expect(refusedPublish.code).not.toBe(0);
    expect(refusedPublish.stderr).toContain(OFF.message);
    await switchLive(true, suite.app);
    const afterOff = (await call(admin, 'GET', `/admin/streaming/sessions?performerId=${creator.user.id}&status=live`)).json();
    expect(afterOff.total).toBe(0);

    // Back on: going live works again on either process.
    const again = await (suite.other ?? suite.app).inject({
      method: 'POST',
      url: '/api/streaming/live',
      headers: creator.headers,
      payload: { title: 'After the switch' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await new Promise((resolve) => fanSocket.emit('stream/join', { sessionId: again.json()._id }, resolve))).toMatchObject({
      ok: true,
    });
    await call(creator, 'PUT', `/streaming/live/${again.json()._id}`, { status: 'ended' });
  }, 60_000);
});
