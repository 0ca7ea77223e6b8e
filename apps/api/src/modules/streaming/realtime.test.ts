import type { AddressInfo } from 'node:net';
import {
  type ClientToServerEvents,
  ErrorCode,
  type ServerToClientEvents,
  STREAM_DELETED_MESSAGE_TEXT,
  socketClientOptions,
} from '@limelight/contracts';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { fundWallet, signedIn, subscribe, verifiedPerformer } from '../../../test/factories';
import { streamSessions } from '../../db/schema';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
/** With Redis, a second process on the same database: some viewers are there. */
let other: TestApp | undefined;
const sockets: ClientSocket[] = [];

const urlOf = (instance: TestApp) => `http://127.0.0.1:${(instance.server.address() as AddressInfo).port}`;
beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  if (process.env.REDIS_URL) {
    other = await createTestApp({}, { database: app.database });
    await other.listen({ port: 0, host: '127.0.0.1' });
  }
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await other?.close();
  await app.close();
});

async function connected(account: Account, instance: TestApp) {
  const socket: ClientSocket = connect(urlOf(instance), {
    ...socketClientOptions,
    reconnection: false,
    forceNew: true,
    query: { token: account.token },
  });
  sockets.push(socket);
  await next(socket, 'auth/success');
  return socket;
}
const next = <E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E) =>
  new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve) => socket.once(event, ((payload: never) => resolve(payload)) as never));
const join = (socket: ClientSocket, sessionId: string) =>
  new Promise<Record<string, unknown>>((resolve) => socket.emit('stream/join', { sessionId }, (answer) => resolve(answer as never)));

const call = (account: Account, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: account.headers, ...(payload ? { payload } : {}) });

describe(`live session rooms${process.env.REDIS_URL ? ' across two processes over Redis' : ''}`, () => {
  it('admits entitled viewers only, counts them, and carries chat, tips, deletions, clearing and the end', async () => {
    const creator = await verifiedPerformer(app);
    const session = (await call(creator, 'POST', '/streaming/live', { title: 'Room' })).json();
    const [fan, friend, stranger, blocked] = await Promise.all([1, 2, 3, 4].map(() => signedIn(app, 'user')));
    for (const account of [fan!, friend!, blocked!]) await subscribe(app, account.user.id, creator.user.id);
    await call(creator, 'POST', '/block/users', { targetId: blocked!.user.id });

    const creatorSocket = await connected(creator, app);
    const fanSocket = await connected(fan!, app);
    const friendSocket = await connected(friend!, other ?? app);
    expect(await join(creatorSocket, session._id)).toEqual({ ok: true, members: 0 });
    const counted = next(creatorSocket, 'stream/members');
    expect(await join(fanSocket, session._id)).toEqual({ ok: true, members: 1 });
    expect(await counted).toEqual({ sessionId: session._id, members: 1 });
    expect(await join(friendSocket, session._id)).toEqual({ ok: true, members: 2 });

    const strangerSocket = await connected(stranger!, app);
    expect(await join(strangerSocket, session._id)).toMatchObject({ ok: false, code: ErrorCode.subscriptionRequired });
    const blockedSocket = await connected(blocked!, other ?? app);
    expect(await join(blockedSocket, session._id)).toEqual({ ok: false, code: ErrorCode.blocked, message: 'This creator has blocked you' });
    expect(await join(fanSocket, 'nope')).toMatchObject({ ok: false, code: ErrorCode.validation });
    const refused = next(strangerSocket, 'event_refused');
    strangerSocket.emit('stream/join', { sessionId: session._id });
    expect(await refused).toMatchObject({ event: 'stream/join', code: ErrorCode.subscriptionRequired });
    let strangerHeard = 0;
    strangerSocket.on('stream/message_created', () => strangerHeard++);

    const [line, friendLine] = [next(creatorSocket, 'stream/message_created'), next(friendSocket, 'stream/message_created')];
    const sent = (await call(fan!, 'POST', `/messages/stream/${session.conversationId}`, { text: 'Hello room' })).json();
    expect((await line).message).toMatchObject({ _id: sent._id, text: 'Hello room', sender: { _id: fan!.user.id } });
    expect((await friendLine).message._id).toBe(sent._id);

    await fundWallet(app, fan!.user.id, 50);
    const [tip, tipLine] = [next(friendSocket, 'stream/tip'), next(creatorSocket, 'stream/message_created')];
    await call(fan!, 'POST', `/wallet/charges/tip/${creator.user.id}`, { price: 20, message: 'For you', sessionId: session._id });
    expect(await tip).toMatchObject({ sessionId: session._id, amount: 20, message: { text: 'For you', tip: 20 } });
    expect((await tipLine).message).toMatchObject({ tip: 20 });

    const deleted = next(friendSocket, 'stream/message_deleted');
    await call(creator, 'DELETE', `/messages/${sent._id}`);
    expect((await deleted).message).toMatchObject({ _id: sent._id, isDeleted: true, text: STREAM_DELETED_MESSAGE_TEXT });
    const cleared = next(fanSocket, 'stream/chat_cleared');
    await call(creator, 'DELETE', `/messages/stream/${session.conversationId}/remove-all-message`);
    expect(await cleared).toEqual({ sessionId: session._id, conversationId: session.conversationId });
    expect(strangerHeard).toBe(0);

    const left = next(creatorSocket, 'stream/members');
    friendSocket.disconnect();
    expect(await left).toEqual({ sessionId: session._id, members: 1 });

    // Blocked while watching: out of the room at once, and no longer counted.
    const [kicked, recounted] = [next(creatorSocket, 'stream/member_left'), next(creatorSocket, 'stream/members')];
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
      .poll(async () => (await app.deps.db.select().from(streamSessions).where(eq(streamSessions.id, session._id)))[0]!.peakViewerCount)
      .toBe(2);

    const ended = next(fanSocket, 'stream/ended');
    await call(creator, 'PUT', `/streaming/live/${session._id}`, { status: 'ended' });
    expect(await ended).toEqual({ sessionId: session._id, reason: 'performer' });
    expect(await join(fanSocket, session._id)).toMatchObject({ ok: false, message: 'This live session has ended' });
  });

  it('tells the creator of private show requests as they arrive and leave, by conversationId', async () => {
    const creator = await verifiedPerformer(app);
    await call(creator, 'PUT', '/streaming/update', { privateShowPrice: 5 });
    const fan = await signedIn(app, 'user');
    await fundWallet(app, fan.user.id, 20);
    const creatorSocket = await connected(creator, other ?? app);
    const fanSocket = await connected(fan, app);
    const added = next(creatorSocket, 'private/request_added');
    const request = (await call(fan, 'POST', '/streaming/private-requests', { performerId: creator.user.id })).json();
    expect((await added).request).toMatchObject({ _id: request._id, conversationId: request.conversationId, status: 'pending' });
    const [removed, updated] = [next(creatorSocket, 'private/request_removed'), next(fanSocket, 'private/request_updated')];
    await call(creator, 'PUT', `/streaming/private-requests/${request._id}`, { action: 'decline' });
    expect(await removed).toEqual({ conversationId: request.conversationId, status: 'declined' });
    expect((await updated).request).toMatchObject({ status: 'declined' });
  });
});
