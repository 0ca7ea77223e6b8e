import type { PaymentTransaction, transactionQuerySchema } from '@limelight/contracts';
import { fromCents } from '@limelight/contracts';
import type { z } from 'zod';
import type { paymentTransactions } from '../../db/schema/payments';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { isAdmin } from '../access';
import { publicUsersById } from '../users';
import { cardLabels } from './repo/cards';
import { couponCodes } from './repo/coupons';
import { paymentOf, paymentsPage } from './repo/payments';

type PaymentRow = typeof paymentTransactions.$inferSelect;

/** Payments as their owner sees them, for a page at once (three queries whatever its size). */
async function presentTransactions(deps: Deps, rows: PaymentRow[]): Promise<PaymentTransaction[]> {
  if (!rows.length) return [];
  const ids = (pick: (row: PaymentRow) => string | null) => [...new Set(rows.map(pick).filter((id): id is string => !!id))];
  const [people, usedCoupons, cards] = await Promise.all([
    publicUsersById(
      deps.db,
      rows.flatMap((row) => (row.performerId ? [row.userId, row.performerId] : [row.userId])),
    ),
    couponCodes(
      deps.db,
      ids((row) => row.couponId),
    ),
    cardLabels(
      deps.db,
      rows.map((row) => row.cardId),
    ),
  ]);
  return rows.map((row) => {
    const card = row.cardId ? cards.get(row.cardId) : undefined;
    return {
      _id: row.id,
      gateway: row.gateway,
      type: row.type,
      status: row.status,
      amount: fromCents(row.amountCents),
      tokens: fromCents(row.tokensCents),
      user: people.get(row.userId)!,
      performer: row.performerId ? people.get(row.performerId)! : null,
      couponCode: usedCoupons.find((coupon) => coupon.id === row.couponId)?.code ?? null,
      card: card ?? null,
      failureReason: row.failureReason,
      canRetry: retryable.includes(row.status) && !!card,
      nextAction: row.status !== 'require_authentication' ? null : nextActionOf(row),
      purchase: row.purchase
        ? { type: row.purchase.type, itemId: row.purchase.itemId, chargeId: row.chargeId, problem: row.purchaseProblem }
        : null,
      refunded: fromCents(row.refundedCents),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** The states a fan may try again from (with the card still saved). */
export const retryable: PaymentTransaction['status'][] = ['fail', 'canceled'];

/** How the fan finishes 3-D Secure: the sandbox's confirm call, or Stripe.js with the client secret. */
const nextActionOf = (row: PaymentRow): PaymentTransaction['nextAction'] =>
  row.gateway === 'sandbox'
    ? { type: 'confirm', url: `/payment/sandbox/confirm/${row.id}` }
    : row.clientSecret
      ? { type: 'stripe', clientSecret: row.clientSecret }
      : null;

/** `GET /payment/transactions/{id}`: one payment, for its owner or an admin. */
export async function transactionFor(deps: Deps, viewer: SessionUser, id: string) {
  const row = await paymentOf(deps.db, id, isAdmin(viewer) ? undefined : viewer.id);
  if (!row) throw notFound('Payment');
  return (await presentTransactions(deps, [row]))[0]!;
}

/** `GET /payment/transactions/user/search` (own payments) and the admin's list of all of them. */
export async function searchTransactions(deps: Deps, query: z.output<typeof transactionQuerySchema>, userId?: string) {
  const { rows, total } = await paymentsPage(deps.db, query, userId);
  return { data: await presentTransactions(deps, rows), total };
}
