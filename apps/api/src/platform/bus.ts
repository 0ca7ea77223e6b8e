import { EventEmitter } from 'node:events';
import type * as IORedis from 'ioredis';
import type { Redis, RedisOptions } from 'ioredis';
import { lazyRequire } from './lazy';

/** ioredis, loaded only when REDIS_URL is set (decision 019). */
const ioredis = lazyRequire<typeof IORedis>('ioredis');

/** A Redis client; every one the process opens is made here. */
export function newRedis(redisUrl: string, options: RedisOptions = {}): Redis {
  return new (ioredis().Redis)(redisUrl, options);
}

/**
 * Messages between the processes of one deployment (settings changed, and later cache
 * invalidations). In-memory with one process; Redis pub/sub when REDIS_URL is set.
 */
export interface EventBus {
  publish(channel: string, message: unknown): Promise<void>;
  subscribe(channel: string, handler: (message: unknown) => void): Promise<void>;
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
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export function createRedisBus(redisUrl: string): EventBus {
  const publisher = newRedis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscriber = publisher.duplicate();
  const handlers = new Map<string, Array<(message: unknown) => void>>();
  subscriber.on('message', (channel: string, raw: string) => {
    const message = JSON.parse(raw) as unknown;
    for (const handler of handlers.get(channel) ?? []) handler(message);
  });
  return {
    async publish(channel, message) {
      await publisher.publish(channel, JSON.stringify(message));
    },
    async subscribe(channel, handler) {
      if (!handlers.has(channel)) {
        handlers.set(channel, []);
        await subscriber.subscribe(channel);
      }
      handlers.get(channel)?.push(handler);
    },
    async close() {
      await Promise.all([publisher.quit(), subscriber.quit()]);
    },
  };
}
