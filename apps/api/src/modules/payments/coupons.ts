import { type Coupon, couponCodeSchema, type couponQuerySchema, type saveCouponSchema } from '@limelight/contracts';
import { and, eq, gt, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { coupons, couponUses } from '../../db/schema/payments';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { escapeLike, orderBy, uniqueViolation } from '../../platform/http';
import { fromBps, shareOf, toBps } from '../money';

type CouponRow = typeof coupons.$inferSelect;

export const presentCoupon = (row: CouponRow): Coupon => ({
  _id: row.id,
  name: row.name,
  code: row.code,
  discountRate: fromBps(row.discountBps),
  expiredAt: row.expiredAt?.toISOString() ?? null,
  remainingUses: row.remainingUses,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * A coupon this fan may still use (active, not expired, uses left, not used by them before), by
 * the code they typed or by its id (a payment tried again).
 */
export async function usableCoupon(db: Queryable, user: SessionUser, by: { code: string } | { id: string }) {
  let where: SQL;
  if ('id' in by) where = eq(coupons.id, by.id);
  else {
    const code = couponCodeSchema.safeParse(by.code);
    if (!code.success) throw notFound('Coupon');
    where = eq(coupons.code, code.data);
  }
  const [coupon] = await db.select().from(coupons).where(where);
  if (!coupon?.isActive) throw notFound('Coupon');
  if (coupon.expiredAt && coupon.expiredAt <= new Date()) throw conflict('This coupon has expired');
  if (coupon.remainingUses === 0) throw conflict('This coupon has been used up');
  const [used] = await db
    .select({ couponId: couponUses.couponId })
    .from(couponUses)
    .where(and(eq(couponUses.couponId, coupon.id), eq(couponUses.userId, user.id)));
  if (used) throw conflict('You have already used this coupon');
  return coupon;
}

/**
 * Takes one use of the coupon for this payment, in the payment's transaction: the conditional
 * decrement and the one-per-fan key make two payments racing for the last use both safe.
 */
export async function reserveCoupon(tx: Queryable, coupon: CouponRow, userId: string, transactionId: string) {
  const [taken] = await tx
    .update(coupons)
    .set({ remainingUses: sql`${coupons.remainingUses} - 1` })
    .where(
      and(
        eq(coupons.id, coupon.id),
        eq(coupons.isActive, true),
        or(isNull(coupons.remainingUses), gt(coupons.remainingUses, 0)),
        or(isNull(coupons.expiredAt), gt(coupons.expiredAt, new Date())),
      ),
    )
    .returning({ id: coupons.id });
  if (!taken) throw conflict('This coupon has been used up');
  await tx
    .insert(couponUses)
    .values({ couponId: coupon.id, userId, transactionId })
    .onConflictDoNothing()
    .returning()
    .then((rows) => {
      if (!rows.length) throw conflict('You have already used this coupon');
    });
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

/** The price after the coupon's discount (the money module's rounding), in cents, never below one cent. */
export const discounted = (priceCents: number, coupon?: Pick<CouponRow, 'discountBps'>) =>
  coupon ? Math.max(1, priceCents - shareOf(priceCents, coupon.discountBps)) : priceCents;

type CouponValues = z.output<typeof saveCouponSchema>;
function couponColumns({ discountRate, ...input }: CouponValues) {
  const discountBps = toBps(discountRate);
  if (discountBps === undefined) {
    throw badRequest('discountRate must be a whole number of basis points (at most four decimals)', [
      { field: 'discountRate', message: 'has more than four decimals' },
    ]);
  }
  return { ...input, discountBps, expiredAt: input.expiredAt ? new Date(input.expiredAt) : null };
}
const duplicateCode = (error: unknown) =>
  uniqueViolation(error) !== undefined ? conflict('A coupon with this code exists', [{ field: 'code', message: 'is taken' }]) : error;
const couponSort = { createdAt: coupons.createdAt, updatedAt: coupons.updatedAt, code: coupons.code };

/** The admin's coupons. */
export async function searchCoupons(deps: Deps, query: z.output<typeof couponQuerySchema>) {
  const where = query.q ? ilike(coupons.code, `%${escapeLike(query.q.toUpperCase())}%`) : undefined;
  const { rows, total } = await pageOf(
    deps.db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(...orderBy(couponSort, query.sortBy, query.sort, coupons.id))
      .$dynamic(),
    query,
    deps.db.$count(coupons, where),
  );
  return { data: rows.map(presentCoupon), total };
}

export async function createCoupon(deps: Deps, input: CouponValues) {
  const [row] = await deps.db
    .insert(coupons)
    .values(couponColumns(input))
    .returning()
    .catch((error: unknown) => {
      throw duplicateCode(error);
    });
  return presentCoupon(row!);
}

export async function updateCoupon(deps: Deps, id: string, input: CouponValues) {
  const [row] = await deps.db
    .update(coupons)
    .set(couponColumns(input))
    .where(eq(coupons.id, id))
    .returning()
    .catch((error: unknown) => {
      throw duplicateCode(error);
    });
  if (!row) throw notFound('Coupon');
  return presentCoupon(row);
}

/** Used coupons are kept (their uses name them); an admin deactivates those instead. */
export async function deleteCoupon(deps: Deps, id: string) {
  const [used] = await deps.db.select({ couponId: couponUses.couponId }).from(couponUses).where(eq(couponUses.couponId, id)).limit(1);
  if (used) throw conflict('This coupon has been used: deactivate it instead');
  const deleted = await deps.db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id });
  if (!deleted.length) throw notFound('Coupon');
}
