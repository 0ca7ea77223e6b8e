import { ErrorCode, STREAM_DELETED_MESSAGE_TEXT } from '@limelight/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fundWallet, signedIn, subscribe, verifiedPerformer } from '../../../test/factories';
import { type ClientSocket, nextEvent, realtimeSuite } from '../../../test/realtime';
import { streamSessions } from '../../db/schema';

type Account = Awaited<ReturnType<typeof signedIn>>;
const suite = realtimeSuite();
const join = (socket: ClientSocket, sessionId: string) =>
  new Promise<Record<string, unknown>>((resolve) => socket.emit('stream/join', { sessionId }, (answer) => resolve(answer as never)));

const call = (account: Account, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  suite.app.inject({ method, url: `/api${url}`, headers: account.headers, ...(payload ? { payload } : {}) });

describe(`live session rooms${process.env.REDIS_URL ? ' across two processes over Redis' : ''}`, () => {
  it('tells the creator of a viewer leaving only when the viewer was in the room', async () => {
    const creator = await verifiedPerformer(suite.app);
    const session = (await call(creator, 'POST', '/streaming/live', { title: 'Quiet room' })).json();
    const fan = await signedIn(suite.app, 'user');
    await subscribe(suite.app, fan.user.id, creator.user.id);
    const creatorSocket = await suite.connected(creator, suite.app);
    const fanSocket = await suite.connected(fan, suite.other ?? suite.app);
    const told: unknown[] = [];
    creatorSocket.on('stream/member_left', (event) => told.push(event));
    // Leaving a room never joined, again and again: nothing for the creator to hear.
    for (let time = 0; time < 5; time += 1) fanSocket.emit('stream/leave', { sessionId: session._id });
    expect(await join(fanSocket, session._id)).toMatchObject({ ok: true });
    const left = nextEvent(creatorSocket, 'stream/member_left');
    fanSocket.emit('stream/leave', { sessionId: session._id });
    expect(await left).toEqual({ sessionId: session._id, userId: fan.user.id });
    expect(told).toHaveLength(1);
  });

  it('admits entitled viewers only, counts them, and carries chat, tips, deletions, clearing and the end', async () => {
    const creator = await verifiedPerformer(suite.app);
    const session = (await call(creator, 'POST', '/streaming/live', { title: 'Room' })).json();
    const [fan, friend, stranger, blocked] = await Promise.all([1, 2, 3, 4].map(() => signedIn(suite.app, 'user')));
    for (const account of [fan!, friend!, blocked!]) await subscribe(suite.app, account.user.id, creator.user.id);
    await call(creator, 'POST', '/block/users', { targetId: blocked!.user.id });

    const creatorSocket = await suite.connected(creator, suite.app);
    const fanSocket = await suite.connected(fan!, suite.app);
    const friendSocket = await suite.connected(friend!, suite.other ?? suite.app);
    expect(await join(creatorSocket, session._id)).toEqual({ ok: true, members: 0 });
    const counted = nextEvent(creatorSocket, 'stream/members');
    expect(await join(fanSocket, session._id)).toEqual({ ok: true, members: 1 });
    expect(await counted).toEqual({ sessionId: session._id, members: 1 });
    expect(await join(friendSocket, session._id)).toEqual({ ok: true, members: 2 });

    const strangerSocket = await suite.connected(stranger!, suite.app);
    expect(await join(strangerSocket, session._id)).toMatchObject({ ok: false, code: ErrorCode.subscriptionRequired });
    const blockedSocket = await suite.connected(blocked!, suite.other ?? suite.app);
    expect(await join(blockedSocket, session._id)).toEqual({ ok: false, code: ErrorCode.blocked, message: 'This creator has blocked you' });
    expect(await join(fanSocket, 'nope')).toMatchObject({ ok: false, code: ErrorCode.validation });
    const refused = nextEvent(strangerSocket, 'event_refused');
    strangerSocket.emit('stream/join', { sessionId: session._id });
    expect(await refused).toMatchObject({ event: 'stream/join', code: ErrorCode.subscriptionRequired });
    let strangerHeard = 0;
    strangerSocket.on('stream/message_created', () => strangerHeard++);

    const [line, friendLine] = [nextEvent(creatorSocket, 'stream/message_created'), nextEvent(friendSocket, 'stream/message_created')];
    const sent = (await call(fan!, 'POST', `/messages/stream/${session.conversationId}`, { text: 'Hello room' })).json();
    expect((await line).message).toMatchObject({ _id: sent._id, text: 'Hello room', sender: { _id: fan!.user.id } });
    expect((await friendLine).message._id).toBe(sent._id);

    await fundWallet(suite.app, fan!.user.id, 50);
    const [tip, tipLine] = [nextEvent(friendSocket, 'stream/tip'), nextEvent(creatorSocket, 'stream/message_created')];
    await call(fan!, 'POST', `/wallet/charges/tip/${creator.user.id}`, { price: 20, message: 'For you', sessionId: session._id });
    expect(await tip).toMatchObject({ sessionId: session._id, amount: 20, message: { text: 'For you', tip: 20 } });
    expect((await tipLine).message).toMatchObject({ tip: 20 });

    const deleted = nextEvent(friendSocket, 'stream/message_deleted');
    await call(creator, 'DELETE', `/messages/${sent._id}`);
    expect((await deleted).message).toMatchObject({ _id: sent._id, isDeleted: true, text: STREAM_DELETED_MESSAGE_TEXT });
    const cleared = nextEvent(fanSocket, 'stream/chat_cleared');
    await call(creator, 'DELETE', `/messages/stream/${session.conversationId}/remove-all-message`);
    expect(await cleared).toEqual({ sessionId: session._id, conversationId: session.conversationId });
    expect(strangerHeard).toBe(0);

    const left = nextEvent(creatorSocket, 'stream/members');
    friendSocket.disconnect();
    expect(await left).toEqual({ sessionId: session._id, members: 1 });

    // Blocked while watching: out of the room at once, and no longer counted.
    const [kicked, recounted] = [nextEvent(creatorSocket, 'stream/member_left'), nextEvent(creatorSocket, 'stream/members')];
    await call(creator, 'POST', '/block/users', { targetId: fan!.user.id });
    expect(await kicked).toEqual({ sessionId: session._id, userId: fan!.user.id });
    expect(await recounted).toEqual({ sessionId: session._id, members: 0 });
    let fanHeard = 0;
    fanSocket.on('stream/message_created', () => fanHeard++);
    await call(creator, 'POST', `/messages/stream/${session.conversationId}`, { text: 'Only for the room' });
    expect(await join(fanSocket, session._id)).toMatchObject({ ok: false, code: ErrorCode.blocked });
    expect(fanHeard).toBe(0);
    await call(creator, 'DELETE', `/block/users/${fan!.user.id}`);
    expect(await join(fanSocket, session._id)).toEqual({ ok: true, members: 1 });
    await expect
      .poll(
        async () => (await suite.app.deps.db.select().from(streamSessions).where(eq(streamSessions.id, session._id)))[0]!.peakViewerCount,
      )
      .toBe(2);

    const ended = nextEvent(fanSocket, 'stream/ended');
    await call(creator, 'PUT', `/streaming/live/${session._id}`, { status: 'ended' });
    expect(await ended).toEqual({ sessionId: session._id, reason: 'performer' });
    expect(await join(fanSocket, session._id)).toMatchObject({ ok: false, message: 'This live session has ended' });
  });

  it('tells the creator of private show requests as they arrive and leave, by conversationId', async () => {
    const creator = await verifiedPerformer(suite.app);
    await call(creator, 'PUT', '/streaming/update', { privateShowPrice: 5 });
    const fan = await signedIn(suite.app, 'user');
    await fundWallet(suite.app, fan.user.id, 20);
    const creatorSocket = await suite.connected(creator, suite.other ?? suite.app);
    const fanSocket = await suite.connected(fan, suite.app);
    const added = nextEvent(creatorSocket, 'private/request_added');
    const request = (await call(fan, 'POST', '/streaming/private-requests', { performerId: creator.user.id })).json();
    expect((await added).request).toMatchObject({ _id: request._id, conversationId: request.conversationId, status: 'pending' });
    const [removed, updated] = [nextEvent(creatorSocket, 'private/request_removed'), nextEvent(fanSocket, 'private/request_updated')];
    await call(creator, 'PUT', `/streaming/private-requests/${request._id}`, { action: 'decline' });
    expect(await removed).toEqual({ conversationId: request.conversationId, status: 'declined' });
    expect((await updated).request).toMatchObject({ status: 'declined' });
  });
});
