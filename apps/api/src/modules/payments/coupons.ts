import { type Coupon, couponCodeSchema, type couponQuerySchema, type saveCouponSchema } from '@limelight/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { coupons } from '../../db/schema/payments';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { uniqueViolation } from '../../platform/http';
import { fromBps, shareOf, toBps } from '../money';
import {
  couponEverUsed,
  couponsPage,
  couponUsedBy,
  deleteCouponRow,
  findCoupon,
  insertCoupon,
  recordCouponUse,
  takeCouponUse,
  updateCouponRow,
} from './repo/coupons';

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
  const code = 'code' in by ? couponCodeSchema.safeParse(by.code) : undefined;
  if (code && !code.success) throw notFound('Coupon');
  const coupon = await findCoupon(db, code ? { code: code.data } : by);
  if (!coupon?.isActive) throw notFound('Coupon');
  if (coupon.expiredAt && coupon.expiredAt <= new Date()) throw conflict('This coupon has expired');
  if (coupon.remainingUses === 0) throw conflict('This coupon has been used up');
  if (await couponUsedBy(db, coupon.id, user.id)) throw conflict('You have already used this coupon');
  return coupon;
}

/**
 * Takes one use of the coupon for this payment, in the payment's transaction: the conditional
 * decrement and the one-per-fan key make two payments racing for the last use both safe.
 */
export async function reserveCoupon(tx: Queryable, coupon: CouponRow, userId: string, transactionId: string) {
  if (!(await takeCouponUse(tx, coupon.id))) throw conflict('This coupon has been used up');
  if (!(await recordCouponUse(tx, { couponId: coupon.id, userId, transactionId }))) throw conflict('You have already used this coupon');
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

/** The admin's coupons. */
export async function searchCoupons(deps: Deps, query: z.output<typeof couponQuerySchema>) {
  const { rows, total } = await couponsPage(deps.db, query);
  return { data: rows.map(presentCoupon), total };
}

export async function createCoupon(deps: Deps, input: CouponValues) {
  const row = await insertCoupon(deps.db, couponColumns(input)).catch((error: unknown) => {
    throw duplicateCode(error);
  });
  return presentCoupon(row);
}

export async function updateCoupon(deps: Deps, id: string, input: CouponValues) {
  const row = await updateCouponRow(deps.db, id, couponColumns(input)).catch((error: unknown) => {
    throw duplicateCode(error);
  });
  if (!row) throw notFound('Coupon');
  return presentCoupon(row);
}

/** Used coupons are kept (their uses name them); an admin deactivates those instead. */
export async function deleteCoupon(deps: Deps, id: string) {
  if (await couponEverUsed(deps.db, id)) throw conflict('This coupon has been used: deactivate it instead');
  if (!(await deleteCouponRow(deps.db, id))) throw notFound('Coupon');
}
