import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { lazyRequire } from './lazy';

/** @fastify/rate-limit's own two stores, which it does not export by name. */
type RedisStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key: string) => FastifyRateLimitStore;
type LocalStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean) => FastifyRateLimitStore;
const RedisStore = lazyRequire<RedisStoreCtor>('@fastify/rate-limit/store/RedisStore.js');
const LocalStore = lazyRequire<LocalStoreCtor>('@fastify/rate-limit/store/LocalStore.js');

/** Counts in Redis while it is connected and answers, in this process otherwise. */
class RedisOrLocalStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
  ) {}

  incr(...[key, callback, timeWindow, max]: Parameters<FastifyRateLimitStore['incr']>) {
    if (this.redis.status !== 'ready') return this.local.incr(key, callback, timeWindow, max);
    this.shared.incr(
      key,
      (error, result) => (error ? this.local.incr(key, callback, timeWindow, max) : callback(null, result)),
      timeWindow,
      max,
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new RedisOrLocalStore(this.redis, this.shared.child(routeOptions), this.local.child(routeOptions));
  }
}

/**
 * Rate limits counted in Redis, shared by every process, while Redis answers; counted by each
 * process alone while it does not (decision 057). A site whose Redis is down keeps limits that
 * still mean something (each process allows the limit, where `skipOnError` would allow anything),
 * and never refuses a sign-in because a counter is out of reach. Counts start again from zero on
 * each side of the switch. `redis` should fail fast (bus.ts FAIL_FAST): a request waits on it.
 */
export function redisOrLocalStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  return class extends RedisOrLocalStore {
    // The plugin hands its settings (typed as the per-route options, which lack these two) to `new`.
    constructor({ continueExceeding = false, exponentialBackoff = false }: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      super(
        redis,
        new (RedisStore())(continueExceeding, exponentialBackoff, redis, nameSpace),
        new (LocalStore())(continueExceeding, exponentialBackoff),
      );
    }
  };
}
