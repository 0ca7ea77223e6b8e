import { count, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { payoutRequests } from '../../db/schema/payouts';

/** Payout requests the admin has yet to pay (pending or approved) and the cents they hold. */
export async function payoutsToPay(db: Queryable) {
  const [row] = await db
    .select({ count: count(), amountCents: sql<number>`coalesce(sum(${payoutRequests.amountCents}), 0)`.mapWith(Number) })
    .from(payoutRequests)
    .where(inArray(payoutRequests.status, ['pending', 'approved']));
  return { count: row?.count ?? 0, amountCents: row?.amountCents ?? 0 };
}
