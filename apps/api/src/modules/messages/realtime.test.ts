import { DELETED_MESSAGE_TEXT } from '@limelight/contracts';
import { describe, expect, it } from 'vitest';
import { signedIn, subscribe, verifiedPerformer } from '../../../test/factories';
import { nextEvent, realtimeSuite } from '../../../test/realtime';

type Account = Awaited<ReturnType<typeof signedIn>>;
const suite = realtimeSuite();

/** A creator, a fan subscribed to them, and the conversation the fan opened. */
async function subscribedPair() {
  const creator = await verifiedPerformer(suite.app);
  const fan = await signedIn(suite.app, 'user');
  await subscribe(suite.app, fan.user.id, creator.user.id);
  const opened = await suite.app.inject({
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
    const creatorSocket = await suite.connected(creator, suite.other ?? suite.app);
    const fanSocket = await suite.connected(fan, suite.app);

    const [created, summary, total] = [
      nextEvent(creatorSocket, 'message_created'),
      nextEvent(creatorSocket, 'conversation_updated'),
      nextEvent(creatorSocket, 'unread_total'),
    ];
    const sent = await suite.app.inject({
      method: 'POST',
      url: `/api/messages/conversations/${conversationId}`,
      headers: fan.headers,
      payload: { text: 'Hi there' },
    });
    expect((await created).message).toMatchObject({ _id: sent.json()._id, text: 'Hi there', senderId: fan.user.id });
    expect((await summary).conversation).toMatchObject({ _id: conversationId, lastMessage: 'Hi there', totalNotSeenMessages: 1 });
    expect(await total).toEqual({ total: 1 });

    const typing = nextEvent(fanSocket, 'typing');
    creatorSocket.emit('typing', { conversationId });
    expect(await typing).toEqual({ conversationId, userId: creator.user.id });

    const seen = nextEvent(fanSocket, 'message_seen');
    const cleared = nextEvent(creatorSocket, 'unread_total');
    await (suite.other ?? suite.app).inject({ method: 'POST', url: `/api/messages/read-all/${conversationId}`, headers: creator.headers });
    expect(await seen).toMatchObject({ conversationId, readerId: creator.user.id });
    expect(await cleared).toEqual({ total: 0 });

    // Writing counts as reading: the creator's reply turns the fan's ticks, and the fan's answer
    // clears their own unseen total and turns the creator's; the fan writing again after their
    // own message turns nothing (it would be told before the unread total).
    const [ticked, creatorCleared] = [nextEvent(fanSocket, 'message_seen'), nextEvent(creatorSocket, 'unread_total')];
    await (suite.other ?? suite.app).inject({
      method: 'POST',
      url: `/api/messages/conversations/${conversationId}`,
      headers: creator.headers,
      payload: { text: 'Hello!' },
    });
    expect(await ticked).toMatchObject({ conversationId, readerId: creator.user.id });
    expect(await creatorCleared).toEqual({ total: 0 });
    let ticks = 0;
    creatorSocket.on('message_seen', () => ticks++);
    const [first, second] = [nextEvent(creatorSocket, 'unread_total'), nextEvent(fanSocket, 'unread_total')];
    await suite.app.inject({
      method: 'POST',
      url: `/api/messages/conversations/${conversationId}`,
      headers: fan.headers,
      payload: { text: 'Thanks' },
    });
    expect(await Promise.all([first, second])).toEqual([{ total: 1 }, { total: 0 }]);
    expect(ticks).toBe(1);
    const again = nextEvent(creatorSocket, 'unread_total');
    await suite.app.inject({
      method: 'POST',
      url: `/api/messages/conversations/${conversationId}`,
      headers: fan.headers,
      payload: { text: 'And…' },
    });
    await again;
    expect(ticks).toBe(1);

    const deleted = nextEvent(creatorSocket, 'message_deleted');
    await suite.app.inject({ method: 'DELETE', url: `/api/messages/${sent.json()._id}`, headers: fan.headers });
    expect((await deleted).message).toMatchObject({ isDeleted: true, text: DELETED_MESSAGE_TEXT });
  });

  it('shows each member whether the other is online, fans as well as creators, and when they were last', async () => {
    const { creator, fan, conversationId } = await subscribedPair();
    const presenceSeenBy = async (reader: Account) =>
      (await suite.app.inject({ method: 'GET', url: `/api/conversations/${conversationId}`, headers: reader.headers })).json()
        .recipientPresence;
    expect(await presenceSeenBy(fan)).toEqual({ isOnline: false, lastSeenAt: null });
    const creatorSocket = await suite.connected(creator, suite.other ?? suite.app);
    const fanSocket = await suite.connected(fan, suite.app);
    await expect.poll(() => presenceSeenBy(fan)).toMatchObject({ isOnline: true });
    await expect.poll(() => presenceSeenBy(creator)).toMatchObject({ isOnline: true });
    fanSocket.disconnect();
    await expect.poll(() => presenceSeenBy(creator)).toMatchObject({ isOnline: false, lastSeenAt: expect.any(String) });
    creatorSocket.disconnect();
  });

  it('passes on typing only from a member of the conversation', async () => {
    const { fan, conversationId } = await subscribedPair();
    const fanSocket = await suite.connected(fan, suite.app);
    const strangerSocket = await suite.connected(await signedIn(suite.app, 'user'), suite.app);
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
    const socket = suite.open(suite.other ?? suite.app, { reconnectionDelay: 50 });
    socket.io.on('reconnect', () => socket.emit('auth/login', { token: creator.token }));
    socket.emit('auth/login', { token: creator.token });
    await nextEvent(socket, 'auth/success');

    const reconnected = nextEvent(socket, 'auth/success');
    socket.io.engine.close();
    await reconnected;
    const created = nextEvent(socket, 'message_created');
    await suite.app.inject({
      method: 'POST',
      url: `/api/messages/conversations/${conversationId}`,
      headers: fan.headers,
      payload: { text: 'Still there?' },
    });
    expect((await created).message).toMatchObject({ text: 'Still there?' });
  });
});
