/** How many of one socket event an account may send: `burst` at once, then `perSecond`. */
export type EventLimit = {
  burst: number;
  perSecond: number;
  /** Events past the limit are dropped without a word (typing: a hint, sent again soon anyway). */
  quietly?: boolean;
};

/** What a handler gets unless it names its own: generous for people, a wall for a script. */
export const DEFAULT_EVENT_LIMIT: EventLimit = { burst: 20, perSecond: 5 };

/** `limit` with `scale` times its allowance (SOCKET_EVENT_LIMIT_SCALE). */
export const scaled = (limit: EventLimit, scale = 1): EventLimit =>
  scale === 1 ? limit : { ...limit, burst: limit.burst * scale, perSecond: limit.perSecond * scale };

type Bucket = { tokens: number; at: number };
/** Buckets untouched this long are full again and are forgotten. */
const FORGET_AFTER_MS = 60_000;

/**
 * Token buckets per account and socket event, in this process. A flood of events is the work of a
 * script on one connection, which one process serves; an account spread over processes gets each
 * process's allowance, a small multiple of a person's, so nothing needs sharing here.
 */
export class EventThrottle {
  private readonly buckets = new Map<string, Bucket>();
  private sweptAt = Date.now();

  /** Whether `userId` may send one more `event` now (and counts it). */
  take(userId: string, event: string, limit: EventLimit, now = Date.now()): boolean {
    if (now - this.sweptAt > FORGET_AFTER_MS) this.sweep(now);
    const key = `${userId}\u0000${event}`;
    const bucket = this.buckets.get(key) ?? { tokens: limit.burst, at: now };
    bucket.tokens = Math.min(limit.burst, bucket.tokens + ((now - bucket.at) / 1000) * limit.perSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  private sweep(now: number) {
    this.sweptAt = now;
    for (const [key, bucket] of this.buckets) if (now - bucket.at > FORGET_AFTER_MS) this.buckets.delete(key);
  }
}

/** The refusal past the limit, naming it. */
export const throttledMessage = (event: string, limit: EventLimit) =>
  `Too many ${event} events: at most ${limit.burst} at once and ${limit.perSecond} a second after that`;
