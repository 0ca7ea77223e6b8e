import { describe, expect, it } from 'vitest';
import { type signedIn, subscribedPair } from '../../../test/factories';
import { nextEvent, realtimeSuite } from '../../../test/realtime';

/**
 * Issue 27: after a block (either way) the live signals stop crossing it: typing, presence and
 * read receipts, on every process. A second, unblocked pair proves the signals still flow.
 */
type Account = Awaited<ReturnType<typeof signedIn>>;
const suite = realtimeSuite();

async function pairTalking() {
  const pair = await subscribedPair(suite.app);
  await suite.app.inject({
    method: 'POST',
    url: `/api/messages/conversations/${pair.conversationId}`,
    headers: pair.fan.headers,
    payload: { text: 'Hi' },
  });
  return pair;
}
const quiet = () => new Promise((resolve) => setTimeout(resolve, 400));
const presenceSeenBy = async (reader: Account, conversationId: string) =>
  (await suite.app.inject({ method: 'GET', url: `/api/conversations/${conversationId}`, headers: reader.headers })).json()
    .recipientPresence;

describe.each([
  ['the creator blocks the fan', 'creator'],
  ['the fan blocks the creator', 'fan'],
] as const)('after %s', (_title, blocker) => {
  it('typing, online status and read receipts no longer cross between them', async () => {
    const { creator, fan, conversationId } = await pairTalking();
    const creatorSocket = await suite.connected(creator, suite.other ?? suite.app);
    const fanSocket = await suite.connected(fan, suite.app);
    // Before the block every signal crosses (so the checks below can fail).
    const typed = nextEvent(creatorSocket, 'typing');
    fanSocket.emit('typing', { conversationId });
    await typed;
    await expect.poll(() => presenceSeenBy(fan, conversationId)).toMatchObject({ isOnline: true });

    const [by, target] = blocker === 'creator' ? [creator, fan] : [fan, creator];
    const blocked = await suite.app.inject({
      method: 'POST',
      url: '/api/block/users',
      headers: by.headers,
      payload: { targetId: target.user.id },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);

    const told: string[] = [];
    for (const [socket, name] of [
      [creatorSocket, 'creator'],
      [fanSocket, 'fan'],
    ] as const) {
      socket.on('typing', () => told.push(`${name} told typing`));
      socket.on('message_seen', () => told.push(`${name} told seen`));
    }
    fanSocket.emit('typing', { conversationId });
    creatorSocket.emit('typing', { conversationId });
    await suite.app.inject({ method: 'POST', url: `/api/messages/read-all/${conversationId}`, headers: creator.headers });
    await suite.app.inject({ method: 'POST', url: `/api/messages/read-all/${conversationId}`, headers: fan.headers });
    await quiet();
    expect(told).toEqual([]);
    expect(await presenceSeenBy(fan, conversationId)).toEqual({ isOnline: false, lastSeenAt: null });
    expect(await presenceSeenBy(creator, conversationId)).toEqual({ isOnline: false, lastSeenAt: null });
    // Reading across the block kept no receipt: the fan's message reads as unseen to them.
    const thread = await suite.app.inject({ method: 'GET', url: `/api/messages/conversations/${conversationId}`, headers: fan.headers });
    expect(JSON.stringify(thread.json())).not.toContain('"isSeen":true');
    creatorSocket.disconnect();
    fanSocket.disconnect();
  });
});
