import { DELETED_MESSAGE_TEXT, type ServerToClientEvents } from '@limelight/contracts';
import { describe, expect, it } from 'vitest';
import { signedIn, subscribedPair as subscribedPairOf } from '../../../test/factories';
import { nextEvent, realtimeSuite } from '../../../test/realtime';

type Account = Awaited<ReturnType<typeof signedIn>>;
const suite = realtimeSuite();

const subscribedPair = () => subscribedPairOf(suite.app);

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

  it('leaves a message hidden by moderation out of every unseen count, at once, and counts it again once restored', async () => {
    const { creator, fan, conversationId } = await subscribedPair();
    const admin = await signedIn(suite.app, 'admin');
    const creatorSocket = await suite.connected(creator, suite.other ?? suite.app);
    const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
      suite.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
    const send = async (text: string) =>
      (await call('POST', `/messages/conversations/${conversationId}`, fan.headers, { text })).json()._id as string;
    const moderate = async (targetId: string, action: 'hide' | 'restore') => {
      const answer = await call('POST', '/admin/moderation/actions', admin.headers, {
        targetType: 'message',
        targetId,
        action,
        reason: 'Spam',
      });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    /** The header badge's total and the conversation list's count, as the creator reads them. */
    const counts = async () => ({
      total: (await call('GET', '/messages/total-unread-messages', creator.headers)).json().total,
      listed: (await call('GET', '/conversations', creator.headers)).json().data.find((row: { _id: string }) => row._id === conversationId)
        .totalNotSeenMessages,
      opened: (await call('GET', `/conversations/${conversationId}`, creator.headers)).json().totalNotSeenMessages,
    });

    const first = await send('Hello');
    const spam = await send('Buy followers here');
    expect(await counts()).toEqual({ total: 2, listed: 2, opened: 2 });

    // Events of the sends may still be on their way: each wait is for the event that says the count.
    const pushed = <E extends 'unread_total' | 'conversation_updated'>(
      event: E,
      says: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean,
    ) =>
      new Promise<void>((resolve) => {
        const listener = ((payload: Parameters<ServerToClientEvents[E]>[0]) => {
          if (!says(payload)) return;
          creatorSocket.off(event, listener as never);
          resolve();
        }) as never;
        creatorSocket.on(event, listener);
      });
    const retracted = pushed('unread_total', (payload) => payload.total === 1);
    await moderate(spam, 'hide');
    await retracted;
    expect(await counts()).toEqual({ total: 1, listed: 1, opened: 1 });
    // A new message counts on top of what may be read, in the totals its send pushes too.
    const told = Promise.all([
      pushed('unread_total', (payload) => payload.total === 2),
      pushed(
        'conversation_updated',
        ({ conversation }) => conversation.lastMessage === 'Sorry about that' && conversation.totalNotSeenMessages === 2,
      ),
    ]);
    await send('Sorry about that');
    await told;

    await moderate(spam, 'restore');
    expect(await counts()).toEqual({ total: 3, listed: 3, opened: 3 });
    // Once read, hiding a message takes nothing off: the counts stay at nought.
    await call('POST', `/messages/read-all/${conversationId}`, creator.headers);
    await moderate(first, 'hide');
    expect(await counts()).toEqual({ total: 0, listed: 0, opened: 0 });
  });
});
