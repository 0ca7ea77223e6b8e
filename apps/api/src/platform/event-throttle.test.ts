import { describe, expect, it } from 'vitest';
import { signedIn, subscribedPair } from '../../test/factories';
import { realtimeSuite } from '../../test/realtime';
import { EventThrottle } from './event-throttle';

/** Issue 28: socket events have a rate limit each; a script's flood no longer reaches anyone one for one. */
const suite = realtimeSuite();
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

describe('socket event limits', () => {
  it('lets a burst through, then one event per refill, per account and event', () => {
    const throttle = new EventThrottle();
    const limit = { burst: 3, perSecond: 2 };
    const at = 1_000_000;
    expect([1, 2, 3, 4].map(() => throttle.take('fan', 'typing', limit, at))).toEqual([true, true, true, false]);
    expect(throttle.take('other fan', 'typing', limit, at)).toBe(true);
    expect(throttle.take('fan', 'stream/join', limit, at)).toBe(true);
    expect(throttle.take('fan', 'typing', limit, at + 499)).toBe(false);
    expect(throttle.take('fan', 'typing', limit, at + 500)).toBe(true);
  });

  it('delivers two of 400 typing events sent at once, and says nothing of the rest', async () => {
    const { creator, fan, conversationId } = await subscribedPair(suite.app);
    const [creatorSocket, fanSocket] = [await suite.connected(creator, suite.other ?? suite.app), await suite.connected(fan, suite.app)];
    let told = 0;
    let refused = 0;
    creatorSocket.on('typing', () => told++);
    fanSocket.on('event_refused', () => refused++);
    for (let sent = 0; sent < 400; sent++) fanSocket.emit('typing', { conversationId });
    await settle();
    expect(told).toBe(2);
    expect(refused).toBe(0);
  });

  it('refuses a flood of any other event naming the limit, and the first ones are still handled', async () => {
    const fan = await signedIn(suite.app, 'user');
    const socket = await suite.connected(fan, suite.app);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from(
        { length: 40 },
        () =>
          socket.emitWithAck('stream/join', { sessionId: crypto.randomUUID() }) as Promise<{
            ok: boolean;
            code?: string;
            message?: string;
          }>,
      ),
    );
    const limited = answers.filter((answer) => answer.code === 'RATE_LIMITED');
    // The burst, and what refilled (5 a second) while the 40 went out: more on a loaded machine.
    const refilled = Math.ceil(((performance.now() - started) / 1000) * 5);
    expect(answers.length - limited.length).toBeGreaterThanOrEqual(20);
    expect(answers.length - limited.length).toBeLessThanOrEqual(20 + refilled);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]?.message).toBe('Too many stream/join events: at most 20 at once and 5 a second after that');
  });

  it('lets a socket try to sign in five times at once, then asks it to wait', async () => {
    const socket = suite.open(suite.app, { reconnection: false });
    const errors: string[] = [];
    socket.on('auth/error', ({ message }) => errors.push(message));
    for (let attempt = 0; attempt < 8; attempt++) socket.emit('auth/login', { token: `not-a-token-${attempt}` });
    await settle();
    expect(errors.filter((message) => message.startsWith('Too many auth/login events'))).toHaveLength(3);
  });
});
