import type { couponQuerySchema } from '@limelight/contracts';
import { and, eq, gt, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../../db/client';
import { pageOf } from '../../../db/paging';
import { coupons, couponUses } from '../../../db/schema/payments';
import { escapeLike, orderBy } from '../../../platform/http';

type CouponColumns = typeof coupons.$inferInsert;

/** A coupon by its id or its (valid) code, if there is one. */
export async function findCoupon(db: Queryable, by: { id: string } | { code: string }) {
  const [coupon] = await db
    .select()
    .from(coupons)
    .where('id' in by ? eq(coupons.id, by.id) : eq(coupons.code, by.code));
  return coupon;
}

/** Whether the fan has used the coupon before. */
export async function couponUsedBy(db: Queryable, couponId: string, userId: string) {
  const [used] = await db
    .select({ couponId: couponUses.couponId })
    .from(couponUses)
    .where(and(eq(couponUses.couponId, couponId), eq(couponUses.userId, userId)));
  return !!used;
}

/** Takes one use of a coupon still active, unexpired and with uses left: whether it could. */
export async function takeCouponUse(tx: Queryable, couponId: string) {
  const [taken] = await tx
    .update(coupons)
    .set({ remainingUses: sql`${coupons.remainingUses} - 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        eq(coupons.isActive, true),
        or(isNull(coupons.remainingUses), gt(coupons.remainingUses, 0)),
        or(isNull(coupons.expiredAt), gt(coupons.expiredAt, new Date())),
      ),
    )
    .returning({ id: coupons.id });
  return !!taken;
}

/** Records the fan's use of a coupon for a payment: false when they had used it already (the one-per-fan key). */
export async function recordCouponUse(tx: Queryable, use: { couponId: string; userId: string; transactionId: string }) {
  const rows = await tx.insert(couponUses).values(use).onConflictDoNothing().returning();
  return rows.length > 0;
}

/** Gives the use back when the payment it was reserved for failed. */
export async function releaseCoupon(tx: Queryable, transactionId: string) {
  const [use] = await tx.delete(couponUses).where(eq(couponUses.transactionId, transactionId)).returning();
  if (!use) return;
  await tx
    .update(coupons)
    .set({ remainingUses: sql`${coupons.remainingUses} + 1` })
    .where(and(eq(coupons.id, use.couponId), sql`${coupons.remainingUses} is not null`));
}

/** The codes of these coupons, by id (no query for none). */
export const couponCodes = async (db: Queryable, ids: string[]) =>
  ids.length ? db.select({ id: coupons.id, code: coupons.code }).from(coupons).where(inArray(coupons.id, ids)) : [];

const couponSort = { createdAt: coupons.createdAt, updatedAt: coupons.updatedAt, code: coupons.code };

/** One page of the coupons whose code holds `q`, with the count. */
export function couponsPage(db: Queryable, query: z.output<typeof couponQuerySchema>) {
  const where = query.q ? ilike(coupons.code, `%${escapeLike(query.q.toUpperCase())}%`) : undefined;
  return pageOf(
    db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(...orderBy(couponSort, query.sortBy, query.sort, coupons.id))
      .$dynamic(),
    query,
    db.$count(coupons, where),
  );
}

/** Adds a coupon, returning its row (fails on the unique code). */
export async function insertCoupon(db: Queryable, columns: CouponColumns) {
  const [row] = await db.insert(coupons).values(columns).returning();
  return row!;
}

/** Changes a coupon, returning its row (undefined when there is no such coupon; fails on the unique code). */
export async function updateCouponRow(db: Queryable, id: string, columns: CouponColumns) {
  const [row] = await db.update(coupons).set(columns).where(eq(coupons.id, id)).returning();
  return row;
}

/** Whether a coupon was ever used. */
export async function couponEverUsed(db: Queryable, couponId: string) {
  const [used] = await db.select({ couponId: couponUses.couponId }).from(couponUses).where(eq(couponUses.couponId, couponId)).limit(1);
  return !!used;
}

/** Deletes a coupon: whether there was one. */
export async function deleteCouponRow(db: Queryable, id: string) {
  const deleted = await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id });
  return deleted.length > 0;
}
