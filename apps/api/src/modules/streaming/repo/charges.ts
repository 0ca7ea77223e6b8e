import { and, count, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { walletCharges } from '../../../db/read/money';

/** The latest `stream` charge of a private show to its fan: the minute in progress. */
export async function lastMinuteCharge(db: Queryable, show: { id: string; userId: string }) {
  const [last] = await db
    .select({ id: walletCharges.id })
    .from(walletCharges)
    .where(and(eq(walletCharges.type, 'stream'), eq(walletCharges.itemId, show.id), eq(walletCharges.userId, show.userId)))
    .orderBy(desc(walletCharges.createdAt))
    .limit(1);
  return last;
}

/** How many of the fan's charges for a live session were refunded. */
export async function refundedSessionCharges(db: Queryable, fanId: string, sessionId: string) {
  const [refunded] = await db
    .select({ value: count() })
    .from(walletCharges)
    .where(
      and(
        eq(walletCharges.userId, fanId),
        eq(walletCharges.type, 'stream'),
        eq(walletCharges.itemId, sessionId),
        eq(walletCharges.status, 'refunded'),
      ),
    );
  return refunded?.value ?? 0;
}
