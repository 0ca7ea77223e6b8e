import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

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
  const publisher = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
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
