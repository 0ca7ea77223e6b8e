import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type * as IORedis from 'ioredis';
import type { Redis, RedisOptions } from 'ioredis';
import { lazyRequire } from './lazy';

/** ioredis, loaded only when REDIS_URL is set (decision 019). */
const ioredis = lazyRequire<typeof IORedis>('ioredis');

/**
 * For a client whose caller has something else to do while Redis is away (count locally, deliver
 * locally, log a lost broadcast): a command fails at once when the connection is down, and within
 * a second when Redis stops answering, instead of queueing until it returns (decision 057).
 */
export const FAIL_FAST: RedisOptions = { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: 1_000 };

/**
 * How a client reconnects: backing off from 50 ms to at most a second (with jitter, so that many
 * processes do not knock at once), where ioredis's own backoff reaches 5 s: everything uses Redis
 * again within about a second of its return, as readiness promises (decision 057). A connection
 * that gets no answer is given up after 2 s rather than ioredis's 10.
 */
const RECONNECT: RedisOptions = {
  retryStrategy: (attempt) => Math.min(2 ** (attempt - 1) * 50, 1_000) + Math.floor(Math.random() * 100),
  connectTimeout: 2_000,
};

/**
 * A Redis client; every one the process opens is made here. It reconnects by itself, and logs one
 * line when Redis goes away and one when it is back, not one per retry.
 */
export function newRedis(redisUrl: string, log: FastifyBaseLogger, role: string, options: RedisOptions = {}): Redis {
  const client = new (ioredis().Redis)(redisUrl, { ...RECONNECT, ...options });
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error, redis: role }, 'Redis unavailable; carrying on without it until it is back');
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ redis: role }, 'Redis is back');
  });
  return client;
}

/** Closes a client: politely when Redis is there, at once when it is not (QUIT would wait for it). */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status !== 'ready') return client.disconnect();
  await client.quit().then(
    () => undefined,
    () => client.disconnect(),
  );
}

/**
 * Messages between the processes of one deployment (settings changed, and later cache
 * invalidations). In-memory with one process; Redis pub/sub when REDIS_URL is set.
 */
export interface EventBus {
  /** Delivers to this process's handlers at once, and to the other processes when Redis can. */
  publish(channel: string, message: unknown): Promise<void>;
  subscribe(channel: string, handler: (message: unknown) => void): Promise<void>;
  /** Told when the bus is back after an outage: messages from other processes may have been lost meanwhile. */
  onResume(listener: () => void): void;
  close(): Promise<void>;
}

export function createInMemoryBus(): EventBus {
  const emitter = new EventEmitter();
  return {
    async publish(channel, message) {
      emitter.emit(channel, message);
    },
    async subscribe(channel, handler) {
      emitter.on(channel, handler);
    },
    onResume() {},
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** Messages held while Redis is away, at most: past that the oldest kept are sent and the rest dropped. */
const MAX_UNSENT = 1_000;

/**
 * Redis pub/sub between processes. This process's own messages are delivered to it directly (and
 * skipped when Redis echoes them back), so a change made here applies here while Redis is down;
 * a publish that cannot reach Redis is held and sent when it returns, never thrown at the request
 * that made the change. A process whose subscriber was cut off is told `onResume` instead.
 */
export function createRedisBus(redisUrl: string, log: FastifyBaseLogger): EventBus {
  const origin = randomUUID();
  const publisher = newRedis(redisUrl, log, 'bus publisher', FAIL_FAST);
  const subscriber = newRedis(redisUrl, log, 'bus subscriber');
  const handlers = new Map<string, Array<(message: unknown) => void>>();
  const resumeListeners: Array<() => void> = [];
  const deliver = (channel: string, message: unknown) => {
    for (const handler of handlers.get(channel) ?? []) handler(message);
  };
  subscriber.on('message', (channel: string, raw: string) => {
    const { from, message } = JSON.parse(raw) as { from: string; message: unknown };
    if (from !== origin) deliver(channel, message);
  });
  // Sent once Redis is back, oldest first: the processes that stayed connected missed them.
  const unsent: Array<[channel: string, raw: string]> = [];
  const send = (channel: string, raw: string) =>
    publisher.publish(channel, raw).catch((error: unknown) => {
      if (!unsent.length) log.warn({ err: error, channel }, 'bus messages held until Redis is back');
      if (unsent.length < MAX_UNSENT) unsent.push([channel, raw]);
    });
  publisher.on('ready', () => {
    for (const [channel, raw] of unsent.splice(0)) void send(channel, raw);
  });
  let interrupted = false;
  subscriber.on('close', () => {
    interrupted = true;
  });
  subscriber.on('ready', () => {
    if (!interrupted) return;
    interrupted = false;
    for (const listener of resumeListeners) listener();
  });
  return {
    async publish(channel, message) {
      deliver(channel, message);
      await send(channel, JSON.stringify({ from: origin, message }));
    },
    async subscribe(channel, handler) {
      if (!handlers.has(channel)) {
        handlers.set(channel, []);
        await subscriber.subscribe(channel);
      }
      handlers.get(channel)?.push(handler);
    },
    onResume(listener) {
      resumeListeners.push(listener);
    },
    async close() {
      await Promise.all([closeRedis(publisher), closeRedis(subscriber)]);
    },
  };
}
