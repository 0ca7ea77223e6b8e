import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { rateBudgets } from '../db/schema';
import type { AccountBudget } from './account-budgets';
import { newRedis } from './bus';

/**
 * The per-account budgets when the site has Redis (the CI's second pass sets REDIS_URL): counted
 * there rather than in PostgreSQL, and shared by processes that share nothing else. Without
 * REDIS_URL the suite is skipped, saying so; the PostgreSQL count is tested across two processes
 * by messages/send-budget.test.ts, which also runs over Redis in that pass.
 */
const redisUrl = process.env.REDIS_URL;
const title = redisUrl
  ? 'per-account budgets counted in Redis'
  : 'per-account budgets counted in Redis (skipped: no REDIS_URL; run with REDIS_URL=redis://127.0.0.1:6379)';

describe.skipIf(!redisUrl)(title, () => {
  // Two API processes with a database each: only Redis can make them draw from one budget.
  let first: TestApp;
  let second: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    [first, second] = await Promise.all([createTestApp(), createTestApp()]);
    redis = newRedis(redisUrl!, first.log, 'test');
  });
  afterAll(async () => {
    redis?.disconnect();
    await second?.close();
    await first?.close();
  });

  /** A budget of its own for each test, so that runs and tests never share a count. */
  const budgetOf = (max: number, windowMs: number): AccountBudget => ({
    name: `test-${randomUUID()}`,
    max,
    windowMs,
    refusal: `You can do this at most ${max} times`,
  });
  const refusalOf = (budget: AccountBudget) => ({
    statusCode: 429,
    code: 'RATE_LIMITED',
    retryAfterSeconds: expect.any(Number),
    message: expect.stringMatching(new RegExp(`^${budget.refusal}: please try again in \\d+ seconds?$`)),
  });

  it('shares one count between two processes through Redis alone, refuses past the maximum on either, and leaves other accounts alone', async () => {
    const budget = budgetOf(3, 60_000);
    const account = randomUUID();
    await first.deps.budgets.take(budget, account);
    await second.deps.budgets.take(budget, account);
    await first.deps.budgets.take(budget, account);
    await expect(second.deps.budgets.take(budget, account)).rejects.toMatchObject(refusalOf(budget));
    await expect(first.deps.budgets.take(budget, account)).rejects.toMatchObject(refusalOf(budget));
    await second.deps.budgets.take(budget, randomUUID());

    // Counted in Redis, with the window's expiry; nothing written to either database.
    const key = `limelight-budget-${budget.name}:${account}`;
    expect(await redis.get(key)).toBe('5');
    expect(await redis.pttl(key)).toBeGreaterThan(50_000);
    for (const app of [first, second]) {
      expect(
        await app.deps.db
          .select()
          .from(rateBudgets)
          .where(eq(rateBudgets.key, `${budget.name}:${account}`)),
      ).toEqual([]);
    }
  });

  it('opens a new window once the last one has run out', async () => {
    const budget = budgetOf(1, 300);
    const account = randomUUID();
    await first.deps.budgets.take(budget, account);
    await expect(second.deps.budgets.take(budget, account)).rejects.toMatchObject(refusalOf(budget));
    await new Promise((resolve) => setTimeout(resolve, 400));
    await second.deps.budgets.take(budget, account);
    await expect(first.deps.budgets.take(budget, account)).rejects.toMatchObject(refusalOf(budget));
  });

  it('counts every use of a burst sent at once to both processes: exactly the maximum passes', async () => {
    const budget = budgetOf(10, 60_000);
    const account = randomUUID();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, n) => (n % 2 ? first : second).deps.budgets.take(budget, account)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
  });
});
