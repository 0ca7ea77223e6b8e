import { and, count, eq, gt, gte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { utcDay } from '../../db/day';
import { subscriptions } from '../../db/schema/subscriptions';

/** Subscriptions giving access now: active and not expired. */
export async function activeSubscriptionCount(db: Queryable) {
  const [row] = await db
    .select({ total: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'active'), gt(subscriptions.expiredAt, sql`now()`)));
  return row?.total ?? 0;
}

/** Subscriptions that started each UTC day since `since`. */
export async function subscriptionsStartedByDay(db: Queryable, since: Date) {
  const day = utcDay(subscriptions.startedAt);
  return db.select({ date: day, count: count() }).from(subscriptions).where(gte(subscriptions.startedAt, since)).groupBy(day);
}
