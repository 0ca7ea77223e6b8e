import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { closeRedis, FAIL_FAST, newRedis } from './bus';
import { redisOrLocalStore } from './rate-limit-store';

const log = pino({ level: 'silent' });
const opened: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((close) => close()));
});

/** A process with one route allowed twice a minute, counted in `redisUrl`'s Redis when it answers. */
async function limitedProcess(redisUrl: string, nameSpace: string) {
  const redis = newRedis(redisUrl, log, 'test', FAIL_FAST);
  const app = Fastify();
  await app.register(rateLimit, { global: false, store: redisOrLocalStore(redis, nameSpace) });
  app.get('/limited', { config: { rateLimit: { max: 2, timeWindow: '1 minute' } } }, async () => ({ ok: true }));
  opened.push(
    () => app.close(),
    () => closeRedis(redis),
  );
  return { app, redis, status: async () => (await app.inject({ url: '/limited' })).statusCode };
}

describe('rate limits while Redis is away', () => {
  it('still limits, counting in the process, when Redis cannot be reached', async () => {
    // Nothing listens on port 1: the client never connects.
    const { status } = await limitedProcess('redis://127.0.0.1:1', `test-${Date.now()}-`);
    expect([await status(), await status(), await status()]).toEqual([200, 200, 429]);
  });

  it.skipIf(!process.env.REDIS_URL)('counts in Redis, shared by processes, when it answers', async () => {
    const nameSpace = `test-${Date.now()}-`;
    const [first, second] = await Promise.all([
      limitedProcess(process.env.REDIS_URL!, nameSpace),
      limitedProcess(process.env.REDIS_URL!, nameSpace),
    ]);
    await Promise.all(
      [first, second].map(({ redis }) => redis.status === 'ready' || new Promise((resolve) => redis.once('ready', resolve))),
    );
    expect([await first.status(), await second.status(), await first.status()]).toEqual([200, 200, 429]);
  });
});
