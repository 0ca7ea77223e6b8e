import { randomUUID } from 'node:crypto';
import { ErrorCode, type PaymentStatus, type TopUpInput, toCents } from '@limelight/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import { coupons, paymentCards, paymentTransactions, tokenPackages } from '../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { idempotent } from '../../platform/idempotency';
import { platform, post, walletOf } from '../../platform/ledger';
import type { ChargeOutcome } from '../../platform/payments/gateway';
import { notifyBalance } from '../wallet/balance';
import { cardToCharge } from './cards';
import { discounted, releaseCoupon, reserveCoupon, usableCoupon } from './coupons';
import { activeGatewayName, gatewayNamed } from './gateways';
import { transactionFor } from './transactions';

type PaymentRow = typeof paymentTransactions.$inferSelect;

/** States a payment may still leave; success, fail, canceled and refunded are final here. */
const open: PaymentStatus[] = ['created', 'processing', 'require_authentication'];

/**
 * `POST /payment/wallet/top-up`: an amount within the site's limits, or a token package, less
 * any coupon, charged to a saved card. The wallet is credited when the gateway confirms.
 */
export async function topUp(deps: Deps, user: SessionUser, input: TopUpInput, request: FastifyRequest) {
  if (user.role !== 'user') throw conflict('Only fans have a wallet to top up');
  const gatewayName = activeGatewayName(deps);
  const gateway = gatewayNamed(deps, gatewayName ?? '');
  const card = await cardToCharge(deps, user, gateway.name, input.cardId);
  const { tokensCents, priceCents, packageId } = await priceOf(deps, input);
  const coupon = input.couponCode ? await usableCoupon(deps.db, user, input.couponCode) : undefined;

  const { paymentId } = await idempotent(deps.db, request, user.id, async (tx) => {
    const id = randomUUID();
    await tx.insert(paymentTransactions).values({
      id,
      userId: user.id,
      gateway: gateway.name,
      type: 'wallet_top_up',
      status: 'processing',
      amountCents: discounted(priceCents, coupon),
      tokensCents,
      couponId: coupon?.id,
      packageId,
      cardId: card.id,
    });
    if (coupon) await reserveCoupon(tx, coupon, user.id, id);
    return { paymentId: id };
  });
  const [payment] = await deps.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, paymentId));
  // A retried request whose payment already left `processing` only reports it.
  if (payment!.status === 'processing' && payment!.attempts === 0) await attemptCharge(deps, user, payment!);
  return transactionFor(deps, user, paymentId);
}

async function priceOf(deps: Deps, input: TopUpInput) {
  if (input.packageId) {
    const [found] = await deps.db
      .select()
      .from(tokenPackages)
      .where(and(eq(tokenPackages.id, input.packageId), eq(tokenPackages.isActive, true)));
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

/** One try at the gateway (each try its own gateway idempotency key), then its outcome applied. */
async function attemptCharge(deps: Deps, user: SessionUser, payment: PaymentRow) {
  const [card] = payment.cardId ? await deps.db.select().from(paymentCards).where(eq(paymentCards.id, payment.cardId)) : [];
  if (!card) return settlePayment(deps, payment.id, { status: 'fail', reason: 'The card was removed' });
  const [attempt] = await deps.db
    .update(paymentTransactions)
    .set({ attempts: payment.attempts + 1 })
    .where(and(eq(paymentTransactions.id, payment.id), eq(paymentTransactions.attempts, payment.attempts)))
    .returning();
  if (!attempt) return; // Another request is trying this payment right now.
  const gateway = gatewayNamed(deps, payment.gateway);
  const { gatewayRef, outcome } = await gateway
    .charge({
      amountCents: payment.amountCents,
      card,
      idempotencyKey: `${payment.id}:${attempt.attempts}`,
      description: payment.type === 'wallet_top_up' ? 'Wallet top-up' : 'Subscription',
      customer: { id: user.id, email: user.email },
    })
    .catch((error: unknown) => {
      deps.log.error({ err: error }, 'card gateway call failed');
      throw new AppError(503, ErrorCode.providerUnavailable, 'The card gateway did not answer: try again in a minute');
    });
  await deps.db.update(paymentTransactions).set({ gatewayRef }).where(eq(paymentTransactions.id, payment.id));
  await settlePayment(deps, payment.id, outcome);
}

/**
 * Applies what the gateway reported, whoever reports it (the charge call, a webhook, a 3-D
 * Secure confirmation), any number of times and in any order: only a payment still open moves,
 * so a success credits the wallet exactly once and a late failure cannot undo it.
 */
export async function settlePayment(deps: Deps, paymentId: string, outcome: ChargeOutcome) {
  const credited = await deps.db.transaction(async (tx) => {
    const [payment] = await tx
      .update(paymentTransactions)
      .set({ status: outcome.status, failureReason: 'reason' in outcome ? outcome.reason : null })
      .where(and(eq(paymentTransactions.id, paymentId), inArray(paymentTransactions.status, open)))
      .returning();
    if (!payment) return undefined;
    if (outcome.status === 'fail') await releaseCoupon(tx, payment.id);
    if (outcome.status !== 'success' || payment.type !== 'wallet_top_up') return undefined;
    // The fan gets the tokens they bought; a coupon's discount (or a package's bonus) is the
    // platform's promotion, a package priced above its tokens the platform's revenue.
    const surplus = payment.amountCents - payment.tokensCents;
    const [balance] = await post(tx, { kind: 'top_up', referenceType: 'payment', referenceId: payment.id }, [
      { ...walletOf(payment.userId), amountCents: payment.tokensCents },
      { ...platform('gateway_clearing'), amountCents: -payment.amountCents },
      { ...platform(surplus > 0 ? 'platform_revenue' : 'promotions'), amountCents: surplus },
    ]);
    return { userId: payment.userId, balance: balance! };
  });
  if (credited) notifyBalance(deps, credited.userId, credited.balance);
}

/** `POST /payment/retry/{id}`: tries a failed or stuck payment again (with its coupon, if still usable). */
export async function retryPayment(deps: Deps, user: SessionUser, id: string) {
  const [payment] = await deps.db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.id, id), eq(paymentTransactions.userId, user.id)));
  if (!payment) throw notFound('Payment');
  if (payment.status === 'success') throw conflict('This payment has already succeeded');
  if (payment.status === 'require_authentication') throw conflict('Confirm this payment with your bank first');
  if (payment.status === 'refunded') throw conflict('This payment was refunded');
  const reopened = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(paymentTransactions)
      .set({ status: 'processing', failureReason: null })
      .where(and(eq(paymentTransactions.id, id), inArray(paymentTransactions.status, ['fail', 'canceled', 'created', 'processing'])))
      .returning();
    if (row?.couponId && payment.status !== 'processing' && payment.status !== 'created') {
      const coupon = await usableCoupon(tx, user, (await couponCode(tx, row.couponId)) ?? '');
      await reserveCoupon(tx, coupon, user.id, row.id);
    }
    return row;
  });
  if (!reopened) throw conflict('This payment cannot be retried');
  await attemptCharge(deps, user, reopened);
  return transactionFor(deps, user, id);
}

async function couponCode(tx: Queryable, couponId: string) {
  const [row] = await tx.select({ code: coupons.code }).from(coupons).where(eq(coupons.id, couponId));
  return row?.code;
}

/** `POST /payment/sandbox/confirm/{id}`: the fan passes the sandbox's 3-D Secure check. */
export async function confirmSandboxPayment(deps: Deps, user: SessionUser, id: string) {
  const [payment] = await deps.db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.id, id), eq(paymentTransactions.userId, user.id), eq(paymentTransactions.gateway, 'sandbox')));
  if (!payment) throw notFound('Payment');
  if (payment.status !== 'require_authentication') throw conflict('This payment is not waiting for confirmation');
  await settlePayment(deps, id, { status: 'success' });
  return transactionFor(deps, user, id);
}
