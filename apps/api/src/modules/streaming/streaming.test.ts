import { createRequire } from 'node:module';
import { agoraChannelOf, ErrorCode, STREAM_DELETED_MESSAGE_TEXT } from '@limelight/contracts';
import type { AccessToken2 as AccessToken2Type } from 'agora-token/src/AccessToken2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { expectSoundLedger, fundWallet, refusedFields, setSetting, signedIn, subscribe, verifiedPerformer } from '../../../test/factories';
import { streamSessions, walletCharges } from '../../db/schema';
import { endStaleSessions } from './sessions';

const { AccessToken2 } = createRequire(import.meta.url)('agora-token/src/AccessToken2') as { AccessToken2: typeof AccessToken2Type };

type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const call = (account: Account | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: account?.headers ?? {}, ...(payload ? { payload } : {}) });

async function live(creator: Account, body: object = { title: 'Hello live' }) {
  const response = await call(creator, 'POST', '/streaming/live', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { _id: string; conversationId: string; price: number };
}

/** A creator live for subscribers, a subscribed fan and a fan who is not. */
async function subscribersSession() {
  const creator = await verifiedPerformer(app);
  const session = await live(creator);
  const subscriber = await signedIn(app, 'user');
  await subscribe(app, subscriber.user.id, creator.user.id);
  const stranger = await signedIn(app, 'user');
  return { creator, session, subscriber, stranger };
}

async function block(creator: Account, fan: Account) {
  const response = await call(creator, 'POST', '/block/users', { targetId: fan.user.id });
  expect(response.statusCode, response.body).toBe(200);
}

describe('going live', () => {
  it('starts a session with its chat; one live session per creator, also when asked twice at once', async () => {
    const creator = await verifiedPerformer(app);
    const [first, second] = await Promise.all([
      call(creator, 'POST', '/streaming/live', { title: 'One' }),
      call(creator, 'POST', '/streaming/live', { title: 'Two' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const session = (first.statusCode === 200 ? first : second).json();
    expect(session).toMatchObject({ status: 'live', access: 'subscribers', price: 0, canWatch: true, performerId: creator.user.id });
    expect(session.conversationId).toEqual(expect.any(String));
    expect((first.statusCode === 409 ? first : second).json().message).toBe('You are already live: end that session first');
  });

  it('refuses fans, bad input naming the field, and a price outside the site limits', async () => {
    const fan = await signedIn(app, 'user');
    expect((await call(fan, 'POST', '/streaming/live', {})).statusCode).toBe(403);
    const creator = await verifiedPerformer(app);
    const noPrice = await call(creator, 'POST', '/streaming/live', { access: 'paid' });
    expect(noPrice.statusCode).toBe(400);
    expect(refusedFields(noPrice)).toEqual(['price']);
    const tooDear = await call(creator, 'POST', '/streaming/live', { access: 'paid', price: 5000 });
    expect(tooDear.statusCode).toBe(400);
    expect(tooDear.json().message).toBe('price: must be between 1 and 1000 tokens');
    expect((await call(creator, 'POST', '/streaming/live', { access: 'everyone' })).statusCode).toBe(400);
    expect((await call(creator, 'POST', '/streaming/live', { title: 'x'.repeat(201) })).statusCode).toBe(400);
  });

  it('lets only its creator change or end a session; the duration only grows and is the heartbeat', async () => {
    const { creator, session, subscriber } = await subscribersSession();
    const otherCreator = await verifiedPerformer(app);
    for (const stranger of [subscriber, otherCreator]) {
      expect((await call(stranger, 'PUT', `/streaming/live/${session._id}`, { title: 'Mine' })).statusCode).toBe(404);
      expect((await call(stranger, 'PUT', `/streaming/live/${session._id}`, { status: 'ended' })).statusCode).toBe(404);
    }
    expect((await call(otherCreator, 'PUT', '/streaming/set-duration', { id: session._id, duration: 1 })).statusCode).toBe(404);

    const changed = await call(creator, 'PUT', `/streaming/live/${session._id}`, { title: 'New title', access: 'paid', price: 5 });
    expect(changed.json()).toMatchObject({ title: 'New title', access: 'paid', price: 5 });
    const back = await call(creator, 'PUT', `/streaming/live/${session._id}`, { access: 'subscribers' });
    expect(back.json()).toMatchObject({ access: 'subscribers', price: 0 });

    await app.deps.db
      .update(streamSessions)
      .set({ startedAt: new Date(Date.now() - 600_000) })
      .where(eq(streamSessions.id, session._id));
    expect((await call(creator, 'PUT', '/streaming/set-duration', { id: session._id, duration: 120 })).json().duration).toBe(120);
    expect((await call(creator, 'PUT', '/streaming/set-duration', { id: session._id, duration: 60 })).json().duration).toBe(120);
    const tooLong = await call(creator, 'PUT', '/streaming/set-duration', { id: session._id, duration: 3600 });
    expect(tooLong.statusCode).toBe(422);
    expect(refusedFields(tooLong)).toEqual(['duration']);
    expect(refusedFields(await call(creator, 'PUT', '/streaming/set-duration', { id: session._id, duration: -1 }))).toEqual(['duration']);

    const ended = await call(creator, 'PUT', `/streaming/live/${session._id}`, { status: 'ended' });
    expect(ended.json()).toMatchObject({ status: 'ended', endedReason: 'performer', endedAt: expect.any(String) });
    expect((await call(creator, 'PUT', `/streaming/live/${session._id}`, { status: 'ended' })).statusCode).toBe(409);
    expect((await call(creator, 'PUT', '/streaming/set-duration', { id: session._id, duration: 130 })).statusCode).toBe(409);
    // A new session once the last has ended.
    await live(creator);
  });

  it('ends a session whose broadcaster stopped sending heartbeats, after the grace period', async () => {
    const { creator, session } = await subscribersSession();
    const fresh = await live(await verifiedPerformer(app));
    await app.deps.db
      .update(streamSessions)
      .set({ lastHeartbeatAt: new Date(Date.now() - 61_000) })
      .where(eq(streamSessions.id, session._id));
    expect(await endStaleSessions(app.deps)).toBeGreaterThanOrEqual(1);
    const [row] = await app.deps.db.select().from(streamSessions).where(eq(streamSessions.id, session._id));
    expect(row).toMatchObject({ status: 'ended', endedReason: 'timeout' });
    const [still] = await app.deps.db.select().from(streamSessions).where(eq(streamSessions.id, fresh._id));
    expect(still!.status).toBe('live');
    expect((await call(creator, 'PUT', '/streaming/set-duration', { id: session._id, duration: 1 })).statusCode).toBe(409);
  });

  it('keeps the RTMP stream key secret: shown once when made, stored hashed, rotatable', async () => {
    const creator = await verifiedPerformer(app);
    const before = await call(creator, 'PUT', '/streaming/update', {});
    expect(before.json()).toMatchObject({ hasStreamKey: false, streamKey: null });
    const made = (await call(creator, 'PUT', '/streaming/update', { rotateStreamKey: true })).json();
    expect(made.streamKey).toMatch(/^sk_live_[\w-]{32}$/);
    const read = (await call(creator, 'PUT', '/streaming/update', { title: 'Default title', slowModeSeconds: 5 })).json();
    expect(read).toMatchObject({ hasStreamKey: true, streamKey: null, title: 'Default title', slowModeSeconds: 5 });
    const rotated = (await call(creator, 'PUT', '/streaming/update', { rotateStreamKey: true })).json();
    expect(rotated.streamKey).not.toBe(made.streamKey);
    expect((await call(creator, 'PUT', '/streaming/update', { privateShowPrice: 0.5 })).statusCode).toBe(400);
    expect((await call(await signedIn(app, 'user'), 'PUT', '/streaming/update', {})).statusCode).toBe(403);
    // The session takes the stream's defaults.
    expect((await call(creator, 'POST', '/streaming/live', {})).json().title).toBe('Default title');
    // The creator reads their settings back; the key is never shown again; fans and visitors are refused.
    const settings = await call(creator, 'GET', '/streaming/settings');
    expect(settings.json()).toMatchObject({ hasStreamKey: true, streamKey: null, title: 'Default title', slowModeSeconds: 5 });
    expect((await call(await signedIn(app, 'user'), 'GET', '/streaming/settings')).statusCode).toBe(403);
    expect((await call(undefined, 'GET', '/streaming/settings')).statusCode).toBe(401);
  });

  it('shows a session to whoever may reach its creator, with what watching would take; 404 once blocked', async () => {
    const { creator, session, subscriber, stranger } = await subscribersSession();
    expect((await call(creator, 'PUT', '/streaming/update', { privateShowPrice: 3 })).statusCode).toBe(200);
    const asStranger = (await call(stranger, 'GET', `/streaming/live/${session._id}`)).json();
    expect(asStranger).toMatchObject({
      _id: session._id,
      canWatch: false,
      isSubscribed: false,
      access: 'subscribers',
      privateShowPrice: 3,
    });
    expect((await call(undefined, 'GET', `/streaming/live/${session._id}`)).json()).toMatchObject({ canWatch: false });
    expect((await call(subscriber, 'GET', `/streaming/live/${session._id}`)).json()).toMatchObject({ canWatch: true, isSubscribed: true });
    await block(creator, stranger);
    expect((await call(stranger, 'GET', `/streaming/live/${session._id}`)).statusCode).toBe(404);
    await call(creator, 'PUT', `/streaming/live/${session._id}`, { status: 'ended' });
    expect((await call(subscriber, 'GET', `/streaming/live/${session._id}`)).json()).toMatchObject({ status: 'ended' });
    expect((await call(subscriber, 'GET', '/streaming/live/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('joining', () => {
  it('lets subscribers join a subscribers session; others are told to subscribe; the blocked are refused', async () => {
    const { creator, session, subscriber, stranger } = await subscribersSession();
    const joined = await call(subscriber, 'GET', `/streaming/join/${session._id}`);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({
      conversationId: session.conversationId,
      session: { _id: session._id, canWatch: true, isSubscribed: true },
      playback: { mode: 'hls', ready: false, playlistUrl: null, expiresAt: null },
    });
    const refused = await call(stranger, 'GET', `/streaming/join/${session._id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: ErrorCode.subscriptionRequired });
    expect((await call(creator, 'GET', `/streaming/join/${session._id}`)).statusCode).toBe(200);
    expect((await call(await signedIn(app, 'admin'), 'GET', `/streaming/join/${session._id}`)).statusCode).toBe(200);
    expect((await call(undefined, 'GET', `/streaming/join/${session._id}`)).statusCode).toBe(401);

    await block(creator, subscriber);
    const blocked = await call(subscriber, 'GET', `/streaming/join/${session._id}`);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: ErrorCode.blocked, message: 'This creator has blocked you' });

    expect((await call(stranger, 'GET', '/streaming/join/not-an-id')).statusCode).toBe(400);
    expect((await call(stranger, 'GET', `/streaming/join/${crypto.randomUUID()}`)).statusCode).toBe(404);
    await call(creator, 'PUT', `/streaming/live/${session._id}`, { status: 'ended' });
    const another = await signedIn(app, 'user');
    await subscribe(app, another.user.id, creator.user.id);
    expect((await call(another, 'GET', `/streaming/join/${session._id}`)).json().message).toBe('This live session has ended');
  });

  it('charges a paid session once per fan, even with ten charges at once, and only payers join', async () => {
    const creator = await verifiedPerformer(app);
    const session = await live(creator, { title: 'Paid', access: 'paid', price: 12 });
    const fan = await signedIn(app, 'user');
    await fundWallet(app, fan.user.id, 100);
    await subscribe(app, fan.user.id, creator.user.id);
    const unpaid = await call(fan, 'GET', `/streaming/join/${session._id}`);
    expect(unpaid.statusCode).toBe(402);
    expect(unpaid.json()).toMatchObject({
      code: ErrorCode.paymentRequired,
      message: 'This live session costs 12.00 tokens: pay to watch it',
    });

    const answers = await Promise.all(Array.from({ length: 10 }, () => call(fan, 'POST', `/wallet/charges/stream/${session._id}`, {})));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(new Set(answers.map((answer) => answer.json().charge._id)).size).toBe(1);
    expect(answers[0]!.json()).toMatchObject({ charge: { type: 'stream', itemId: session._id, price: 12 }, balance: 88 });
    const charges = await app.deps.db.select().from(walletCharges).where(eq(walletCharges.userId, fan.user.id));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ grossCents: 1200, commissionCents: 120, netCents: 1080 });
    expect((await call(fan, 'GET', '/users/me')).json().balance).toBe(88);
    const joins = await Promise.all(Array.from({ length: 10 }, () => call(fan, 'GET', `/streaming/join/${session._id}`)));
    expect(joins.map((join) => join.statusCode)).toEqual(Array(10).fill(200));
    expect(joins[0]!.json().session).toMatchObject({ isBought: true, canWatch: true });
    await expectSoundLedger(app);

    // An admin refund takes the session back; paying again is one new charge.
    const admin = await signedIn(app, 'admin');
    expect((await call(admin, 'POST', `/admin/wallet/charges/${charges[0]!.id}/refund`)).statusCode).toBe(200);
    expect((await call(fan, 'GET', `/streaming/join/${session._id}`)).statusCode).toBe(402);
    const again = await Promise.all(Array.from({ length: 3 }, () => call(fan, 'POST', `/wallet/charges/stream/${session._id}`, {})));
    expect(new Set(again.map((answer) => answer.json().charge._id)).size).toBe(1);
    expect(again[0]!.json().charge._id).not.toBe(charges[0]!.id);
    expect(again[0]!.json().balance).toBe(88);
    expect((await call(fan, 'GET', `/streaming/join/${session._id}`)).statusCode).toBe(200);
    await expectSoundLedger(app);
  });

  it('refuses to charge a subscribers session, an ended one, a blocked fan, and a short wallet', async () => {
    const { creator, session, subscriber } = await subscribersSession();
    await fundWallet(app, subscriber.user.id, 100);
    expect((await call(subscriber, 'POST', `/wallet/charges/stream/${session._id}`, {})).json().message).toBe(
      'This live session is for subscribers: subscribe to watch it',
    );
    const paid = await live(await verifiedPerformer(app), { access: 'paid', price: 50 });
    const poor = await signedIn(app, 'user');
    await fundWallet(app, poor.user.id, 10);
    expect((await call(poor, 'POST', `/wallet/charges/stream/${paid._id}`, {})).statusCode).toBe(402);
    const blockedFan = await signedIn(app, 'user');
    await fundWallet(app, blockedFan.user.id, 100);
    const paidByCreator = await call(creator, 'PUT', `/streaming/live/${session._id}`, { access: 'paid', price: 5 });
    expect(paidByCreator.statusCode).toBe(200);
    await block(creator, blockedFan);
    const blocked = await call(blockedFan, 'POST', `/wallet/charges/stream/${session._id}`, {});
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe(ErrorCode.blocked);
    await call(creator, 'PUT', `/streaming/live/${session._id}`, { status: 'ended' });
    expect((await call(subscriber, 'POST', `/wallet/charges/stream/${session._id}`, {})).statusCode).toBe(409);
    expect((await call(subscriber, 'POST', `/wallet/charges/stream/${session._id}`, { quantity: 1 })).statusCode).toBe(400);
    await expectSoundLedger(app);
  });
});

describe('who is live', () => {
  it('lists live sessions with viewer counts, hiding creators who blocked the viewer and ended sessions', async () => {
    const { creator, session, subscriber } = await subscribersSession();
    await app.deps.db.update(streamSessions).set({ viewerCount: 7 }).where(eq(streamSessions.id, session._id));
    const search = (viewer: Account | undefined) =>
      call(viewer, 'GET', `/streaming/user/search?performerId=${creator.user.id}`).then((response) => response.json());
    expect((await search(undefined)).data).toMatchObject([{ _id: session._id, viewerCount: 7, canWatch: false }]);
    expect((await search(subscriber)).data).toMatchObject([{ _id: session._id, canWatch: true }]);
    await block(creator, subscriber);
    expect((await search(subscriber)).total).toBe(0);
    await call(creator, 'PUT', `/streaming/live/${session._id}`, { status: 'ended' });
    expect((await search(undefined)).total).toBe(0);
    expect((await call(undefined, 'GET', '/streaming/user/search?limit=-1')).statusCode).toBe(400);
  });

  it('lets an admin list live sessions and end any of them; nobody else', async () => {
    const { creator, session, subscriber } = await subscribersSession();
    const admin = await signedIn(app, 'admin');
    const listed = (await call(admin, 'GET', `/admin/streaming/sessions?status=live&performerId=${creator.user.id}`)).json();
    expect(listed.data).toMatchObject([{ _id: session._id, status: 'live' }]);
    expect((await call(subscriber, 'GET', '/admin/streaming/sessions')).statusCode).toBe(403);
    expect((await call(creator, 'POST', `/admin/streaming/sessions/${session._id}/end`)).statusCode).toBe(403);
    const ended = await call(admin, 'POST', `/admin/streaming/sessions/${session._id}/end`);
    expect(ended.json()).toMatchObject({ status: 'ended', endedReason: 'admin' });
    expect((await call(admin, 'POST', `/admin/streaming/sessions/${session._id}/end`)).statusCode).toBe(409);
  });
});

describe('Agora tokens', () => {
  const appId = '970ca35de60c44645bbae8a215061b33';
  const certificate = '5cfd2fd1755d40ecb72977518be15d3b';

  it('are refused until Agora is turned on with an app id and certificate, which never leaves the server', async () => {
    const { session, subscriber } = await subscribersSession();
    const refused = await call(subscriber, 'POST', '/streaming/agora/token', { sessionId: session._id });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ code: ErrorCode.providerNotConfigured });
    await setSetting(app, 'agoraEnable', true);
    await setSetting(app, 'agoraAppId', appId);
    expect((await call(subscriber, 'POST', '/streaming/agora/token', { sessionId: session._id })).statusCode).toBe(503);
    await setSetting(app, 'agoraCertificate', certificate);
    const settings = await call(undefined, 'GET', '/settings/public');
    expect(settings.body).not.toContain(certificate);
    expect(settings.json()).toMatchObject({ agoraEnable: true, agoraAppId: appId });
  });

  it('decode with the package’s own AccessToken2 to the caller, the session’s channel and one hour', async () => {
    await setSetting(app, 'agoraEnable', true);
    await setSetting(app, 'agoraAppId', appId);
    await setSetting(app, 'agoraCertificate', certificate);
    const { creator, session, subscriber, stranger } = await subscribersSession();
    const join = (await call(subscriber, 'GET', `/streaming/join/${session._id}`)).json();
    expect(join.playback).toEqual({ mode: 'agora', appId, channel: agoraChannelOf(session._id) });

    for (const [caller, role, privileges] of [
      [subscriber, 'subscriber', [1]],
      [creator, 'publisher', [1, 2, 3, 4]],
    ] as const) {
      const issuedAt = Math.floor(Date.now() / 1000);
      const answer = await call(caller, 'POST', '/streaming/agora/token', { sessionId: session._id });
      expect(answer.statusCode, answer.body).toBe(200);
      const body = answer.json();
      expect(body).toMatchObject({ appId, channel: agoraChannelOf(session._id), uid: caller.user.id, role });
      expect(body.token.startsWith('007')).toBe(true);
      expect(body.token).not.toContain(certificate);
      const token = new AccessToken2();
      token.from_string(body.token);
      expect(String(token.appId)).toBe(appId);
      expect(token.expire).toBe(3600);
      expect(Math.abs(token.issueTs - issuedAt)).toBeLessThanOrEqual(5);
      // One service, RTC (type 1), with the channel, the account and each privilege's expiry.
      expect(token.services.map((service) => service.service_type())).toEqual([1]);
      const rtc = token.services[0]!;
      expect(String(rtc.__channel_name)).toBe(agoraChannelOf(session._id));
      expect(String(rtc.__uid)).toBe(caller.user.id);
      expect(Object.keys(rtc.__privileges).map(Number).sort()).toEqual(privileges);
      for (const expiry of Object.values(rtc.__privileges)) expect(expiry).toBe(3600);
      expect(token.verifySignature(certificate)).toBe(true);
      expect(token.verifySignature('0'.repeat(32))).toBe(false);
    }
    const refused = await call(stranger, 'POST', '/streaming/agora/token', { sessionId: session._id });
    expect(refused.json()).toMatchObject({ code: ErrorCode.subscriptionRequired });
    expect(refusedFields(await call(stranger, 'POST', '/streaming/agora/token', { sessionId: 'x' }))).toEqual(['sessionId']);
    await setSetting(app, 'agoraEnable', false);
  });
});

describe('stream chat', () => {
  it('lets those who may watch read and write; others, and blocked fans, are refused', async () => {
    const { creator, session, subscriber, stranger } = await subscribersSession();
    const conversation = await call(subscriber, 'GET', `/conversations/stream/performer/${creator.user.id}`);
    expect(conversation.json()).toMatchObject({ _id: session.conversationId, type: 'stream', sessionId: session._id, status: 'live' });
    const sent = await call(subscriber, 'POST', `/messages/stream/${session.conversationId}`, { text: 'Hi!' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ text: 'Hi!', tip: null, senderId: subscriber.user.id, sender: { _id: subscriber.user.id } });
    expect((await call(stranger, 'POST', `/messages/stream/${session.conversationId}`, { text: 'Me too' })).statusCode).toBe(403);
    expect((await call(stranger, 'GET', `/messages/stream/${session.conversationId}`)).statusCode).toBe(403);
    for (const path of ['/messages/stream', '/messages/conversations/public']) {
      const page = (await call(subscriber, 'GET', `${path}/${session.conversationId}`)).json();
      expect(page).toMatchObject({ total: 1, data: [{ text: 'Hi!' }] });
    }
    expect(refusedFields(await call(subscriber, 'POST', `/messages/stream/${session.conversationId}`, { text: '  ' }))).toEqual(['text']);
    expect(refusedFields(await call(subscriber, 'POST', `/messages/stream/${session.conversationId}`, { text: 'x'.repeat(501) }))).toEqual([
      'text',
    ]);
    // A private conversation's routes do not open a stream chat.
    expect((await call(subscriber, 'GET', `/messages/conversations/${session.conversationId}`)).statusCode).toBe(404);

    await block(creator, subscriber);
    const blocked = await call(subscriber, 'POST', `/messages/stream/${session.conversationId}`, { text: 'Still here' });
    expect(blocked.json()).toMatchObject({ code: ErrorCode.blocked });
    expect((await call(subscriber, 'GET', `/conversations/stream/performer/${creator.user.id}`)).statusCode).toBe(403);
  });

  it('slows fans down in slow mode with a clear error, never the creator; only the creator sets it', async () => {
    const { creator, session, subscriber } = await subscribersSession();
    expect(
      (await call(subscriber, 'PUT', `/conversations/stream/${session.conversationId}/update`, { slowModeSeconds: 30 })).statusCode,
    ).toBe(404);
    const set = await call(creator, 'PUT', `/conversations/stream/${session.conversationId}/update`, { slowModeSeconds: 30 });
    expect(set.json()).toMatchObject({ slowModeSeconds: 30 });
    expect(
      refusedFields(await call(creator, 'PUT', `/conversations/stream/${session.conversationId}/update`, { slowModeSeconds: 301 })),
    ).toEqual(['slowModeSeconds']);
    expect((await call(subscriber, 'POST', `/messages/stream/${session.conversationId}`, { text: 'one' })).statusCode).toBe(200);
    const slowed = await call(subscriber, 'POST', `/messages/stream/${session.conversationId}`, { text: 'two' });
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toMatch(/^Slow mode is on: you can write again in (29|30) seconds$/);
    for (const text of ['a', 'b'])
      expect((await call(creator, 'POST', `/messages/stream/${session.conversationId}`, { text })).statusCode).toBe(200);
  });

  it('stops a flood from one fan with a rate limit', async () => {
    const { session, subscriber } = await subscribersSession();
    const answers = [];
    for (let n = 0; n < 31; n++)
      answers.push(await call(subscriber, 'POST', `/messages/stream/${session.conversationId}`, { text: `line ${n}` }));
    expect(answers.slice(0, 30).every((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers[30]!.statusCode).toBe(429);
    expect(answers[30]!.json().message).toMatch(/^Too many requests, please try again in \d+ seconds$/);
  });

  it('deletes a line for its sender or the creator ("Message deleted"); the creator clears the chat', async () => {
    const { creator, session, subscriber } = await subscribersSession();
    const other = await signedIn(app, 'user');
    await subscribe(app, other.user.id, creator.user.id);
    const line = (await call(subscriber, 'POST', `/messages/stream/${session.conversationId}`, { text: 'oops' })).json();
    const second = (await call(subscriber, 'POST', `/messages/stream/${session.conversationId}`, { text: 'rude' })).json();
    expect((await call(other, 'DELETE', `/messages/${line._id}`)).statusCode).toBe(404);
    const deleted = await call(subscriber, 'DELETE', `/messages/${line._id}`);
    expect(deleted.json()).toMatchObject({ isDeleted: true, text: STREAM_DELETED_MESSAGE_TEXT });
    expect((await call(creator, 'DELETE', `/messages/${second._id}`)).json()).toMatchObject({ isDeleted: true });
    const page = (await call(other, 'GET', `/messages/stream/${session.conversationId}`)).json();
    expect(page.data.map((row: { text: string }) => row.text)).toEqual([STREAM_DELETED_MESSAGE_TEXT, STREAM_DELETED_MESSAGE_TEXT]);

    for (const stranger of [subscriber, await verifiedPerformer(app)]) {
      expect((await call(stranger, 'DELETE', `/messages/stream/${session.conversationId}/remove-all-message`)).statusCode).toBe(404);
    }
    expect((await call(creator, 'DELETE', `/messages/stream/${session.conversationId}/remove-all-message`)).json()).toEqual({ removed: 2 });
    expect((await call(other, 'GET', `/messages/stream/${session.conversationId}`)).json().total).toBe(0);
  });

  it('posts a tip sent in the chat as a highlighted line, paid as a stream tip', async () => {
    const { creator, session, subscriber, stranger } = await subscribersSession();
    await fundWallet(app, subscriber.user.id, 100);
    const tip = await call(subscriber, 'POST', `/wallet/charges/tip/${creator.user.id}`, {
      price: 15,
      message: 'Great show',
      sessionId: session._id,
    });
    expect(tip.statusCode, tip.body).toBe(200);
    expect(tip.json()).toMatchObject({ charge: { type: 'stream_tip', itemId: session._id, price: 15 }, balance: 85 });
    const page = (await call(subscriber, 'GET', `/messages/stream/${session.conversationId}`)).json();
    expect(page.data).toMatchObject([{ text: 'Great show', tip: 15, senderId: subscriber.user.id }]);

    await fundWallet(app, stranger.user.id, 100);
    const outsider = await call(stranger, 'POST', `/wallet/charges/tip/${creator.user.id}`, { price: 15, sessionId: session._id });
    expect(outsider.json()).toMatchObject({ code: ErrorCode.subscriptionRequired });
    const elsewhere = await verifiedPerformer(app);
    const wrongCreator = await call(subscriber, 'POST', `/wallet/charges/tip/${elsewhere.user.id}`, { price: 15, sessionId: session._id });
    expect(refusedFields(wrongCreator)).toEqual(['sessionId']);
    expect(refusedFields(await call(subscriber, 'POST', `/wallet/charges/feed/${session._id}`, { sessionId: session._id }))).toEqual([
      'sessionId',
    ]);
    await expectSoundLedger(app);
  });
});

describe('private show requests', () => {
  it('go to the creator at their price a minute; only the two parties see or answer them', async () => {
    const creator = await verifiedPerformer(app);
    const fan = await signedIn(app, 'user');
    await fundWallet(app, fan.user.id, 50);
    const ask = () => call(fan, 'POST', '/streaming/private-requests', { performerId: creator.user.id, message: 'Hi' });
    expect((await ask()).json().message).toBe('This creator does not take private shows');
    await call(creator, 'PUT', '/streaming/update', { privateShowPrice: 10 });
    const poor = await signedIn(app, 'user');
    expect((await call(poor, 'POST', '/streaming/private-requests', { performerId: creator.user.id })).statusCode).toBe(402);

    const requested = await ask();
    expect(requested.statusCode, requested.body).toBe(200);
    const request = requested.json();
    expect(request).toMatchObject({
      status: 'pending',
      pricePerMinute: 10,
      performerId: creator.user.id,
      conversationId: expect.any(String),
    });
    expect((await ask()).statusCode).toBe(409);

    const otherCreator = await verifiedPerformer(app);
    expect((await call(otherCreator, 'GET', '/streaming/private-requests')).json().total).toBe(0);
    expect((await call(otherCreator, 'PUT', `/streaming/private-requests/${request._id}`, { action: 'accept' })).statusCode).toBe(404);
    expect(
      (await call(await signedIn(app, 'user'), 'PUT', `/streaming/private-requests/${request._id}`, { action: 'cancel' })).statusCode,
    ).toBe(404);
    expect((await call(creator, 'GET', '/streaming/private-requests?status=pending')).json().data).toMatchObject([{ _id: request._id }]);
    expect((await call(fan, 'PUT', `/streaming/private-requests/${request._id}`, { action: 'accept' })).statusCode).toBe(403);
    const accepted = await call(creator, 'PUT', `/streaming/private-requests/${request._id}`, { action: 'accept' });
    expect(accepted.json()).toMatchObject({ status: 'accepted', respondedAt: expect.any(String) });
    expect((await call(creator, 'PUT', `/streaming/private-requests/${request._id}`, { action: 'accept' })).statusCode).toBe(409);
    expect((await call(fan, 'PUT', `/streaming/private-requests/${request._id}`, { action: 'cancel' })).json().status).toBe('cancelled');
    expect(refusedFields(await call(fan, 'PUT', `/streaming/private-requests/${request._id}`, { action: 'maybe' }))).toEqual(['action']);

    await block(creator, fan);
    expect((await ask()).json()).toMatchObject({ code: ErrorCode.blocked });
  });
});
