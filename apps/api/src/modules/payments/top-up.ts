import { type TopUpInput, toCents } from '@limelight/contracts';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { intentOf } from '../../platform/idempotency';
import { assertMay } from '../access';
import { startCardPayment } from './card-payments';
import { discounted, reserveCoupon, usableCoupon } from './coupons';
import { packageOnSale } from './repo/purchases';
import { transactionFor } from './transactions';

/**
 * `POST /payment/wallet/top-up`: an amount within the site's limits, or a token package, less
 * any coupon, charged to a saved card. The wallet is credited when the gateway confirms.
 */
export async function topUp(deps: Deps, user: SessionUser, input: TopUpInput, request: FastifyRequest) {
  assertMay(user, 'wallet.topUp', null, () => conflict('Only fans have a wallet to top up'));
  const { tokensCents, priceCents, packageId } = await priceOf(deps, input);
  const coupon = input.couponCode ? await usableCoupon(deps.db, user, { code: input.couponCode }) : undefined;
  const paymentId = await startCardPayment(
    deps,
    user,
    intentOf(request),
    {
      type: 'wallet_top_up',
      amountCents: discounted(priceCents, coupon),
      tokensCents,
      couponId: coupon?.id,
      packageId,
      cardId: input.cardId,
    },
    coupon ? (tx, id) => reserveCoupon(tx, coupon, user.id, id) : undefined,
  );
  return transactionFor(deps, user, paymentId);
}

async function priceOf(deps: Deps, input: TopUpInput) {
  if (input.packageId) {
    const found = await packageOnSale(deps.db, input.packageId);
    if (!found) throw notFound('Token package');
    return { tokensCents: found.tokensCents, packageId: found.id, priceCents: found.priceCents };
  }
  const [min, max] = [deps.settings.get('minimumWalletPrice'), deps.settings.get('maximumWalletPrice')];
  const amount = input.amount!;
  if (amount < min || amount > max) {
    throw badRequest(`A top-up must be between ${min} and ${max}`, [{ field: 'amount', message: `must be between ${min} and ${max}` }]);
  }
  return { tokensCents: toCents(amount), priceCents: toCents(amount), packageId: undefined };
}
