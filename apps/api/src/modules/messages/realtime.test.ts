import type { AddressInfo } from 'node:net';
import { type ClientToServerEvents, DELETED_MESSAGE_TEXT, type ServerToClientEvents, socketClientOptions } from '@limelight/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { signedIn, subscribe, verifiedPerformer } from '../../../test/factories';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
/** With Redis, a second process on the same database: the recipient's socket is there. */
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

/** A creator, a fan subscribed to them, and the conversation the fan opened. */
async function subscribedPair() {
  const creator = await verifiedPerformer(app);
  const fan = await signedIn(app, 'user');
  await subscribe(app, fan.user.id, creator.user.id);
  const opened = await app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: fan.headers,
    payload: { source: 'performer', sourceId: creator.user.id },
  });
  return { creator, fan, conversationId: opened.json()._id as string };
}

describe(`messaging events${process.env.REDIS_URL ? ' across two processes over Redis' : ''}`, () => {
  it('reaches the recipient at once: the message, its deletion, typing, reads and unread totals', async () => {
    const { creator, fan, conversationId } = await subscribedPair();
    // The creator is connected to the other process, when there is one; the fan to this one.
    const creatorSocket = await connected(creator, other ?? app);
    const fanSocket = await connected(fan, app);

    const [created, summary, total] = [
      next(creatorSocket, 'message_created'),
      next(creatorSocket, 'conversation_updated'),
      next(creatorSocket, 'unread_total'),
    ];
    const sent = await app.inject({
      method: 'POST',
      url: `/api/messages/conversations/${conversationId}`,
      headers: fan.headers,
      payload: { text: 'Hi there' },
    });
    expect((await created).message).toMatchObject({ _id: sent.json()._id, text: 'Hi there', senderId: fan.user.id });
    expect((await summary).conversation).toMatchObject({ _id: conversationId, lastMessage: 'Hi there', totalNotSeenMessages: 1 });
    expect(await total).toEqual({ total: 1 });

    const typing = next(fanSocket, 'typing');
    creatorSocket.emit('typing', { conversationId });
    expect(await typing).toEqual({ conversationId, userId: creator.user.id });

    const seen = next(fanSocket, 'message_seen');
    const cleared = next(creatorSocket, 'unread_total');
    await (other ?? app).inject({ method: 'POST', url: `/api/messages/read-all/${conversationId}`, headers: creator.headers });
    expect(await seen).toMatchObject({ conversationId, readerId: creator.user.id });
    expect(await cleared).toEqual({ total: 0 });

    // Writing counts as reading: the creator's reply turns the fan's ticks, and the fan's answer
    // clears their own unseen total and turns the creator's; the fan writing again after their
    // own message turns nothing (it would be told before the unread total).
    const [ticked, creatorCleared] = [next(fanSocket, 'message_seen'), next(creatorSocket, 'unread_total')];
    await (other ?? app).inject({
      method: 'POST',
      url: `/api/messages/conversations/${conversationId}`,
      headers: creator.headers,
      payload: { text: 'Hello!' },
    });
    expect(await ticked).toMatchObject({ conversationId, readerId: creator.user.id });
    expect(await creatorCleared).toEqual({ total: 0 });
    let ticks = 0;
    creatorSocket.on('message_seen', () => ticks++);
    const [first, second] = [next(creatorSocket, 'unread_total'), next(fanSocket, 'unread_total')];
    await app.inject({
      method: 'POST',
      url: `/api/messages/conversations/${conversationId}`,
      headers: fan.headers,
      payload: { text: 'Thanks' },
    });
    expect(await Promise.all([first, second])).toEqual([{ total: 1 }, { total: 0 }]);
    expect(ticks).toBe(1);
    const again = next(creatorSocket, 'unread_total');
    await app.inject({
      method: 'POST',
      url: `/api/messages/conversations/${conversationId}`,
      headers: fan.headers,
      payload: { text: 'And…' },
    });
    await again;
    expect(ticks).toBe(1);

    const deleted = next(creatorSocket, 'message_deleted');
    await app.inject({ method: 'DELETE', url: `/api/messages/${sent.json()._id}`, headers: fan.headers });
    expect((await deleted).message).toMatchObject({ isDeleted: true, text: DELETED_MESSAGE_TEXT });
  });

  it('shows each member whether the other is online, fans as well as creators, and when they were last', async () => {
    const { creator, fan, conversationId } = await subscribedPair();
    const presenceSeenBy = async (reader: Account) =>
      (await app.inject({ method: 'GET', url: `/api/conversations/${conversationId}`, headers: reader.headers })).json().recipientPresence;
    expect(await presenceSeenBy(fan)).toEqual({ isOnline: false, lastSeenAt: null });
    const creatorSocket = await connected(creator, other ?? app);
    const fanSocket = await connected(fan, app);
    await expect.poll(() => presenceSeenBy(fan)).toMatchObject({ isOnline: true });
    await expect.poll(() => presenceSeenBy(creator)).toMatchObject({ isOnline: true });
    fanSocket.disconnect();
    await expect.poll(() => presenceSeenBy(creator)).toMatchObject({ isOnline: false, lastSeenAt: expect.any(String) });
    creatorSocket.disconnect();
  });

  it('passes on typing only from a member of the conversation', async () => {
    const { fan, conversationId } = await subscribedPair();
    const fanSocket = await connected(fan, app);
    const strangerSocket = await connected(await signedIn(app, 'user'), app);
    let told = false;
    fanSocket.on('typing', () => {
      told = true;
    });
    strangerSocket.emit('typing', { conversationId });
    strangerSocket.emit('typing', { conversationId: 'not-an-id' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(told).toBe(false);
  });

  it('delivers again after the connection drops and the client reconnects and signs in again, as the web client does', async () => {
    const { creator, fan, conversationId } = await subscribedPair();
    const socket: ClientSocket = connect(urlOf(other ?? app), { ...socketClientOptions, forceNew: true, reconnectionDelay: 50 });
    sockets.push(socket);
    socket.io.on('reconnect', () => socket.emit('auth/login', { token: creator.token }));
    socket.emit('auth/login', { token: creator.token });
    await next(socket, 'auth/success');

    const reconnected = next(socket, 'auth/success');
    socket.io.engine.close();
    await reconnected;
    const created = next(socket, 'message_created');
    await app.inject({
      method: 'POST',
      url: `/api/messages/conversations/${conversationId}`,
      headers: fan.headers,
      payload: { text: 'Still there?' },
    });
    expect((await created).message).toMatchObject({ text: 'Still there?' });
  });
});
