import { lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database, Queryable } from '../db/client';
import { rateBudgets } from '../db/schema/platform/sessions';
import { retryLater } from './errors';

/**
 * One allowance per account for an action that several routes perform (a direct message sent as
 * text, with a photo or video, or with a tip): the route-by-route limits of @fastify/rate-limit
 * would give each route its own count. Counted where the rate limiter counts when the site has
 * Redis (and Redis answers), otherwise in PostgreSQL, so every process draws from the same budget.
 */
export type AccountBudget = {
  /** Names the count (`messages`), one per action whatever the route. */
  name: string;
  max: number;
  windowMs: number;
  /** What a refused request is told: the limit itself. */
  refusal: string;
};

export const messageBudget: AccountBudget = {
  name: 'messages',
  max: 60,
  windowMs: 60_000,
  refusal: 'You can send at most 60 messages a minute',
};

type Count = { used: number; resetInMs: number };
export type AccountBudgets = {
  /** Counts one use of `budget` by `accountId`; refuses (429, naming the limit) past its maximum. */
  take(budget: AccountBudget, accountId: string): Promise<void>;
};

/** INCR with the window's expiry set by the first use, as the rate limiter's own Redis store does. */
const REDIS_TAKE = `
local used = redis.call('INCR', KEYS[1])
if used == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {used, redis.call('PTTL', KEYS[1])}
`;

export function createAccountBudgets(db: Database, redis?: Redis): AccountBudgets {
  const countInRedis = async (client: Redis, key: string, windowMs: number): Promise<Count | undefined> => {
    const answer = await client.eval(REDIS_TAKE, 1, `limelight-budget-${key}`, windowMs).catch(() => undefined);
    if (!answer) return undefined;
    const [used, ttl] = answer as [number, number];
    return { used, resetInMs: ttl };
  };
  const count = async (key: string, windowMs: number): Promise<Count> => {
    // While Redis is away the count moves to PostgreSQL, which every process shares too (decision
    // 057); each store counts from zero, so a switch can at most grant one extra window's worth.
    const inRedis = redis?.status === 'ready' ? await countInRedis(redis, key, windowMs) : undefined;
    if (inRedis) return inRedis;
    // One statement: concurrent requests of any process queue on the row, and a window that has
    // ended starts again at 1.
    const result = await db.execute<{ used: number; reset_in_ms: number }>(sql`
      insert into ${rateBudgets} (key, used, window_ends_at)
      values (${key}::text, 1, clock_timestamp() + ${windowMs}::int * interval '1 millisecond')
      on conflict (key) do update set
        used = case when ${rateBudgets.windowEndsAt} <= clock_timestamp() then 1 else ${rateBudgets.used} + 1 end,
        window_ends_at = case when ${rateBudgets.windowEndsAt} <= clock_timestamp()
          then excluded.window_ends_at else ${rateBudgets.windowEndsAt} end
      returning used, (extract(epoch from window_ends_at - clock_timestamp()) * 1000)::float8 as reset_in_ms`);
    const [row] = result.rows;
    return { used: Number(row!.used), resetInMs: Number(row!.reset_in_ms) };
  };
  return {
    async take(budget, accountId) {
      const { used, resetInMs } = await count(`${budget.name}:${accountId}`, budget.windowMs);
      if (used > budget.max) {
        const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
        throw retryLater(`${budget.refusal}: please try again in ${seconds} second${seconds === 1 ? '' : 's'}`, seconds);
      }
    },
  };
}

/**
 * A route's preHandler (after its guard) that draws from `budget` for the signed-in account, when
 * `applies` says this request performs the action (a tip that carries a message, say).
 */
export const drawsFrom =
  (budgets: AccountBudgets, budget: AccountBudget, applies: (request: FastifyRequest) => boolean = () => true) =>
  async (request: FastifyRequest) => {
    const accountId = request.session?.user.id;
    if (accountId && applies(request)) await budgets.take(budget, accountId);
  };

/** Deletes the budgets whose window has ended (a new window starts a new row). */
export async function sweepEndedBudgets(db: Queryable, now: Date) {
  await db.delete(rateBudgets).where(lt(rateBudgets.windowEndsAt, now));
}
