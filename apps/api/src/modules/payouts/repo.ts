import type { payoutQuerySchema } from '@limelight/contracts';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { performerBanking, performerPaymentSettings } from '../../db/read/performers';
import { users } from '../../db/read/users';
import { payoutRequests } from '../../db/schema/payouts';
import { orderBy } from '../../platform/http';

type PayoutRow = typeof payoutRequests.$inferSelect;
/** What a creator may change of a pending request. */
type PayoutChange = Pick<PayoutRow, 'amountCents' | 'paymentAccountType' | 'paymentAccountInfo' | 'requestNote'>;

/** Payout requests the admin has yet to pay (pending or approved) and the cents they hold. */
export async function payoutsToPay(db: Queryable) {
  const [row] = await db
    .select({ count: count(), amountCents: sql<number>`coalesce(sum(${payoutRequests.amountCents}), 0)`.mapWith(Number) })
    .from(payoutRequests)
    .where(inArray(payoutRequests.status, ['pending', 'approved']));
  return { count: row?.count ?? 0, amountCents: row?.amountCents ?? 0 };
}

/** The bank account a creator has on file, if any. */
export async function bankAccountOf(db: Queryable, performerId: string) {
  const [bank] = await db.select().from(performerBanking).where(eq(performerBanking.userId, performerId));
  return bank;
}

/** A creator's settings for a payment gateway (PayPal), if any. */
export async function gatewaySettingsOf(db: Queryable, performerId: string, gateway: string) {
  const [settings] = await db
    .select()
    .from(performerPaymentSettings)
    .where(and(eq(performerPaymentSettings.userId, performerId), eq(performerPaymentSettings.gateway, gateway)));
  return settings;
}

/** Adds a payout request (fails on the one-pending-per-creator key). */
export async function insertPayoutRequest(tx: Queryable, values: typeof payoutRequests.$inferInsert) {
  await tx.insert(payoutRequests).values(values);
}

/** The cents a payout request holds (0 when there is none). */
export async function amountHeldBy(db: Queryable, id: string) {
  const [row] = await db.select({ amountCents: payoutRequests.amountCents }).from(payoutRequests).where(eq(payoutRequests.id, id));
  return row?.amountCents ?? 0;
}

/** A creator's payout request, locked for the transaction. */
export async function lockPayoutRequestOf(tx: Queryable, id: string, performerId: string) {
  const [current] = await tx
    .select()
    .from(payoutRequests)
    .where(and(eq(payoutRequests.id, id), eq(payoutRequests.performerId, performerId)))
    .for('update');
  return current;
}

/** Writes a creator's change to their request. */
export async function changePayoutRequest(tx: Queryable, id: string, change: PayoutChange) {
  await tx.update(payoutRequests).set(change).where(eq(payoutRequests.id, id));
}

/** The standing of the creator who asked for a payout (undefined when there is no such request). */
export async function standingOfRequester(tx: Queryable, id: string) {
  const [creator] = await tx
    .select({ standing: users.standing, standingUntil: users.standingUntil, standingReason: users.standingReason })
    .from(payoutRequests)
    .innerJoin(users, eq(users.id, payoutRequests.performerId))
    .where(eq(payoutRequests.id, id));
  return creator;
}

/** Gives a request the admin's status and note if it is in one of the statuses `from`: the updated row, if it was. */
export async function setPayoutStatus(
  tx: Queryable,
  id: string,
  from: PayoutRow['status'][],
  review: { status: PayoutRow['status']; adminNote: string },
) {
  const [updated] = await tx
    .update(payoutRequests)
    .set({ status: review.status, adminNote: review.adminNote })
    .where(and(eq(payoutRequests.id, id), inArray(payoutRequests.status, from)))
    .returning();
  return updated;
}

/** A payout request's status (undefined when there is no such request). */
export async function payoutStatusOf(tx: Queryable, id: string) {
  const [exists] = await tx.select({ status: payoutRequests.status }).from(payoutRequests).where(eq(payoutRequests.id, id));
  return exists?.status;
}

/** A payout request, only if it is `performerId`'s when one is given. */
export async function findPayoutRequest(db: Queryable, id: string, performerId: string | undefined) {
  const [row] = await db
    .select()
    .from(payoutRequests)
    .where(and(eq(payoutRequests.id, id), performerId === undefined ? undefined : eq(payoutRequests.performerId, performerId)));
  return row;
}

/** A creator's request waiting for review, if any. */
export async function pendingRequestOf(db: Queryable, performerId: string) {
  const [row] = await db
    .select()
    .from(payoutRequests)
    .where(and(eq(payoutRequests.performerId, performerId), eq(payoutRequests.status, 'pending')));
  return row;
}

const sortColumns = { createdAt: payoutRequests.createdAt, updatedAt: payoutRequests.updatedAt, amount: payoutRequests.amountCents };

/** One page of payout requests, of one creator when `performerId` is given, with the count. */
export function payoutsPage(db: Queryable, query: z.output<typeof payoutQuerySchema>, performerId: string | undefined) {
  const conditions: SQL[] = [];
  if (performerId) conditions.push(eq(payoutRequests.performerId, performerId));
  if (query.status) conditions.push(eq(payoutRequests.status, query.status));
  const where = conditions.length ? and(...conditions) : undefined;
  return pageOf(
    db
      .select()
      .from(payoutRequests)
      .where(where)
      .orderBy(...orderBy(sortColumns, query.sortBy, query.sort, payoutRequests.id))
      .$dynamic(),
    query,
    db.$count(payoutRequests, where),
  );
}
