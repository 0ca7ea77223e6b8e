import { createHmac } from 'node:crypto';
import { ErrorCode, type PrivateSignal, type SocketAnswer } from '@limelight/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectSoundLedger, fundWallet, setSetting, signedIn, verifiedPerformer } from '../../../test/factories';
import { type ClientSocket, nextEvent, realtimeSuite } from '../../../test/realtime';
import { privateShowRequests, walletCharges } from '../../db/schema';
import { balanceOf, earningsOf, walletOf } from '../../platform/ledger';
import { chargeMinute } from './billing';

type Account = Awaited<ReturnType<typeof signedIn>>;
/** A minute of 1.5 s and a grace of 1 s, so that minutes and departures happen within a test. */
const MINUTE_MS = 1500;
const suite = realtimeSuite({ privateShow: { minuteMs: MINUTE_MS, graceMs: 1000 } });
const label = process.env.REDIS_URL ? ' across two processes over Redis' : '';

const call = (account: Account, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  suite.app.inject({ method, url: `/api${url}`, headers: account.headers, ...(payload ? { payload } : {}) });
const connected = (socket: ClientSocket, showId: string) =>
  new Promise<SocketAnswer>((resolve) => socket.emit('private/connected', { showId }, resolve));
const showRow = async (id: string) =>
  (await suite.app.deps.db.select().from(privateShowRequests).where(eq(privateShowRequests.id, id)))[0]!;
const minuteCharges = (showId: string) =>
  suite.app.deps.db
    .select()
    .from(walletCharges)
    .where(and(eq(walletCharges.type, 'stream'), eq(walletCharges.itemId, showId)));
const cents = (account: Account, kind: 'wallet' | 'earnings') =>
  balanceOf(suite.app.deps.db, kind === 'wallet' ? walletOf(account.user.id) : earningsOf(account.user.id));

/** A creator at 10 tokens a minute, a fan holding `tokens`, and the fan's request the creator accepted. */
async function acceptedShow(tokens: number) {
  const creator = await verifiedPerformer(suite.app);
  await call(creator, 'PUT', '/streaming/update', { privateShowPrice: 10 });
  const fan = await signedIn(suite.app, 'user');
  await fundWallet(suite.app, fan.user.id, tokens);
  const request = (await call(fan, 'POST', '/streaming/private-requests', { performerId: creator.user.id })).json();
  expect((await call(creator, 'PUT', `/streaming/private-requests/${request._id}`, { action: 'accept' })).json().status).toBe('accepted');
  return { creator, fan, showId: request._id as string };
}

/** The fan on one process, the creator on the other when there are two. */
async function sockets(fan: Account, creator: Account) {
  return { fanSocket: await suite.connected(fan, suite.app), creatorSocket: await suite.connected(creator, suite.other ?? suite.app) };
}

const offer: PrivateSignal = { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };

describe(`private show calls${label}`, () => {
  it('relay signalling between the two parties only, only while accepted or live, never for a blocked fan', async () => {
    const { creator, fan, showId } = await acceptedShow(50);
    const { fanSocket, creatorSocket } = await sockets(fan, creator);
    const relayed = nextEvent(creatorSocket, 'private/signal');
    fanSocket.emit('private/signal', { showId, signal: offer });
    expect(await relayed).toEqual({ showId, fromUserId: fan.user.id, signal: offer });
    const answered = nextEvent(fanSocket, 'private/signal');
    const candidate: PrivateSignal = {
      type: 'candidate',
      candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host', sdpMid: '0' },
    };
    creatorSocket.emit('private/signal', { showId, signal: candidate });
    expect(await answered).toEqual({ showId, fromUserId: creator.user.id, signal: candidate });

    const strangerSocket = await suite.connected(await signedIn(suite.app, 'user'), suite.app);
    let overheard = 0;
    for (const socket of [fanSocket, creatorSocket]) socket.on('private/signal', () => overheard++);
    const refused = nextEvent(strangerSocket, 'event_refused');
    strangerSocket.emit('private/signal', { showId, signal: offer });
    expect(await refused).toMatchObject({ event: 'private/signal', code: ErrorCode.notFound });
    expect(await connected(strangerSocket, showId)).toMatchObject({ ok: false, code: ErrorCode.notFound });
    const malformed = nextEvent(fanSocket, 'event_refused');
    fanSocket.emit('private/signal', { showId, signal: { type: 'offer', sdp: 'x'.repeat(30_000) } as PrivateSignal });
    expect(await malformed).toMatchObject({ code: ErrorCode.validation, message: 'signal.sdp: must be at most 20000 characters' });

    // A pending request has no call yet.
    const other = await acceptedShow(50);
    const pending = (await call(fan, 'POST', '/streaming/private-requests', { performerId: other.creator.user.id })).json();
    const notYet = nextEvent(fanSocket, 'event_refused');
    fanSocket.emit('private/signal', { showId: pending._id, signal: offer });
    expect(await notYet).toMatchObject({ event: 'private/signal', code: ErrorCode.conflict, message: 'This private show is pending' });

    // Blocked: neither side may signal, connect or fetch the call; a blocked fan cannot ask again.
    await call(creator, 'POST', '/block/users', { targetId: fan.user.id });
    const blocked = nextEvent(fanSocket, 'event_refused');
    fanSocket.emit('private/signal', { showId, signal: offer });
    expect(await blocked).toMatchObject({ code: ErrorCode.blocked, message: 'This creator has blocked you' });
    expect(await connected(creatorSocket, showId)).toMatchObject({
      ok: false,
      code: ErrorCode.blocked,
      message: 'You have blocked this fan',
    });
    expect((await call(fan, 'GET', `/streaming/private-requests/${showId}/call`)).statusCode).toBe(403);
    await call(fan, 'PUT', `/streaming/private-requests/${showId}`, { action: 'cancel' });
    const again = await call(fan, 'POST', '/streaming/private-requests', { performerId: creator.user.id });
    expect(again.json()).toMatchObject({ code: ErrorCode.blocked });
    expect(overheard).toBe(0);
  });

  it('answer the call’s parties what they need: roles, STUN/TURN with time-limited credentials, or Agora', async () => {
    const { creator, fan, showId } = await acceptedShow(50);
    const fanCall = (await call(fan, 'GET', `/streaming/private-requests/${showId}/call`)).json();
    expect(fanCall).toMatchObject({
      request: { _id: showId, status: 'accepted' },
      role: 'caller',
      media: { mode: 'webrtc', iceServers: [] },
    });
    expect((await call(creator, 'GET', `/streaming/private-requests/${showId}/call`)).json().role).toBe('callee');
    expect((await call(await signedIn(suite.app, 'user'), 'GET', `/streaming/private-requests/${showId}/call`)).statusCode).toBe(404);
    expect((await call(fan, 'GET', '/streaming/private-requests/nope/call')).statusCode).toBe(400);

    const admin = await signedIn(suite.app, 'admin');
    const refused = await call(admin, 'PUT', '/admin/settings/iceServerUrls', { value: 'http://stun.example.test' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('value: must be stun:, turn: or turns: URLs, one a line');
    await setSetting(suite.app, 'iceServerUrls', 'stun:stun.example.test:3478\nturn:turn.example.test:3478?transport=udp');
    await setSetting(suite.app, 'turnSecret', 'north-wind');
    const { iceServers } = (await call(fan, 'GET', `/streaming/private-requests/${showId}/call`)).json().media;
    expect(iceServers[0]).toEqual({ urls: ['stun:stun.example.test:3478'] });
    const turn = iceServers[1];
    expect(turn.urls).toEqual(['turn:turn.example.test:3478?transport=udp']);
    const [expiry, account] = turn.username.split(':');
    expect(account).toBe(fan.user.id);
    expect(Number(expiry) - Date.now() / 1000).toBeGreaterThan(23 * 3600);
    expect(turn.credential).toBe(createHmac('sha1', 'north-wind').update(turn.username).digest('base64'));

    await setSetting(suite.app, 'agoraEnable', true);
    await setSetting(suite.app, 'agoraAppId', 'a'.repeat(32));
    await setSetting(suite.app, 'agoraCertificate', 'b'.repeat(32));
    try {
      expect((await call(creator, 'GET', `/streaming/private-requests/${showId}/call`)).json().media).toEqual({
        mode: 'agora',
        appId: 'a'.repeat(32),
        channel: `private-${showId}`,
      });
      const token = await call(creator, 'POST', '/streaming/agora/token', { showId });
      expect(token.json()).toMatchObject({ channel: `private-${showId}`, uid: creator.user.id, role: 'publisher' });
      const stranger = await signedIn(suite.app, 'user');
      expect((await call(stranger, 'POST', '/streaming/agora/token', { showId })).statusCode).toBe(404);
      expect((await call(fan, 'POST', '/streaming/agora/token', {})).json().message).toBe('Session: give either session or show');
    } finally {
      await setSetting(suite.app, 'agoraEnable', false);
      await setSetting(suite.app, 'iceServerUrls', '');
    }
  });

  it('go live when both sides are connected, charge each started minute once, and end at a hangup', async () => {
    const { creator, fan, showId } = await acceptedShow(100);
    const { fanSocket, creatorSocket } = await sockets(fan, creator);
    expect(await connected(fanSocket, showId)).toEqual({ ok: true });
    expect((await showRow(showId)).status).toBe('accepted');
    const [live, firstFan, firstCreator] = [
      nextEvent(fanSocket, 'private/request_updated'),
      nextEvent(fanSocket, 'private/minute_charged'),
      nextEvent(creatorSocket, 'private/minute_charged'),
    ];
    // Duplicates, concurrent ones too, change nothing.
    const answers = await Promise.all([connected(creatorSocket, showId), connected(creatorSocket, showId), connected(fanSocket, showId)]);
    expect(answers).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect((await live).request).toMatchObject({ status: 'live', startedAt: expect.any(String) });
    expect(await firstFan).toEqual({ showId, minute: 1, amount: 10 });
    expect(await firstCreator).toEqual({ showId, minute: 1, amount: 10 });
    expect(await cents(fan, 'wallet')).toBe(9000);
    expect(await cents(creator, 'earnings')).toBe(900);
    expect((await showRow(showId)).minutesCharged).toBe(1);
    expect(await minuteCharges(showId)).toMatchObject([{ grossCents: 1000, commissionCents: 100, netCents: 900, status: 'success' }]);

    const second = await nextEvent(creatorSocket, 'private/minute_charged');
    expect(second).toEqual({ showId, minute: 2, amount: 10 });
    const [endedFan, endedCreator] = [nextEvent(fanSocket, 'private/request_updated'), nextEvent(creatorSocket, 'private/request_updated')];
    fanSocket.emit('private/hangup', { showId });
    const { minutesCharged } = (await endedFan).request;
    expect((await endedFan).request).toMatchObject({ status: 'ended', endedReason: 'fan' });
    expect(minutesCharged).toBeGreaterThanOrEqual(2); // a slow machine may have started minute 3 before the hangup
    expect((await endedCreator).request).toMatchObject({ status: 'ended', endedReason: 'fan', minutesCharged });
    // No minute is charged after the end, though its job was queued.
    await new Promise((resolve) => setTimeout(resolve, MINUTE_MS + 1200));
    expect((await minuteCharges(showId)).length).toBe(minutesCharged);
    expect(await cents(fan, 'wallet')).toBe(10_000 - 1000 * minutesCharged);
    expect(await cents(creator, 'earnings')).toBe(900 * minutesCharged);
    expect(await connected(fanSocket, showId)).toMatchObject({
      ok: false,
      code: ErrorCode.conflict,
      message: 'This private show is ended',
    });
    await expectSoundLedger(suite.app);
  });

  it('charge a wallet holding 2.5 minutes exactly 2, warn both sides, and end the show for the wallet', async () => {
    const { creator, fan, showId } = await acceptedShow(25);
    const { fanSocket, creatorSocket } = await sockets(fan, creator);
    const warned = [nextEvent(fanSocket, 'private/low_balance'), nextEvent(creatorSocket, 'private/low_balance')];
    const ended = [waitFor(fanSocket, 'ended'), waitFor(creatorSocket, 'ended')];
    await connected(creatorSocket, showId);
    await connected(fanSocket, showId);
    for (const warning of await Promise.all(warned)) {
      expect(warning.showId).toBe(showId);
      expect(warning.secondsLeft).toBeLessThanOrEqual(1);
    }
    for (const request of await Promise.all(ended)) expect(request).toMatchObject({ endedReason: 'wallet', minutesCharged: 2 });
    expect(await cents(fan, 'wallet')).toBe(500);
    expect(await cents(creator, 'earnings')).toBe(1800);
    expect((await minuteCharges(showId)).length).toBe(2);
    await expectSoundLedger(suite.app);
  });

  it('charge a minute once when its step runs twice at once or again later', async () => {
    const { creator, fan, showId } = await acceptedShow(100);
    // Live without a socket, so that only this test runs the charging step.
    await suite.app.deps.db
      .update(privateShowRequests)
      .set({ status: 'live', startedAt: new Date() })
      .where(eq(privateShowRequests.id, showId));
    await Promise.all([chargeMinute(suite.app.deps, showId, 1), chargeMinute(suite.app.deps, showId, 1)]);
    await chargeMinute(suite.app.deps, showId, 1);
    expect((await minuteCharges(showId)).length).toBe(1);
    expect((await showRow(showId)).minutesCharged).toBe(1);
    expect(await cents(fan, 'wallet')).toBe(9000);
    await Promise.all([chargeMinute(suite.app.deps, showId, 2), chargeMinute(suite.app.deps, showId, 2)]);
    expect((await minuteCharges(showId)).length).toBe(2);
    expect(await cents(creator, 'earnings')).toBe(1800);
    const hangup = await suite.connected(creator, suite.app);
    hangup.emit('private/hangup', { showId });
    await expect.poll(async () => (await showRow(showId)).endedReason).toBe('performer');
    await expectSoundLedger(suite.app);
  });

  it('end a show whose party does not come back within the grace', async () => {
    const { creator, fan, showId } = await acceptedShow(100);
    const { fanSocket, creatorSocket } = await sockets(fan, creator);
    await connected(fanSocket, showId);
    await connected(creatorSocket, showId);
    await nextEvent(creatorSocket, 'private/minute_charged');
    const ended = waitFor(creatorSocket, 'ended');
    fanSocket.disconnect();
    const request = await ended;
    expect(request).toMatchObject({ endedReason: 'disconnected' });
    expect((await minuteCharges(showId)).length).toBe(request.minutesCharged);
  });
});

/** The request as `socket` hears it reach `status`. */
function waitFor(socket: ClientSocket, status: string) {
  return new Promise<Record<string, unknown>>((resolve) => {
    const listener = ({ request }: { request: Record<string, unknown> }) => {
      if (request.status !== status) return;
      socket.off('private/request_updated', listener);
      resolve(request);
    };
    socket.on('private/request_updated', listener);
  });
}
