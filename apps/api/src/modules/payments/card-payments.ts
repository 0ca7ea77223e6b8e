import { randomUUID } from 'node:crypto';
import { ErrorCode, formatMoney, formatTokens, fromCents, type RefundPreview } from '@limelight/contracts';
import type { Transaction } from '../../db/client';
import type { paymentTransactions } from '../../db/schema/payments';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { AppError, conflict, notFound } from '../../platform/errors';
import { type Intent, idempotent } from '../../platform/idempotency';
import type { ChargeOutcome } from '../../platform/payments/gateway';
import { assertMayReach } from '../access';
import { sendEmail } from '../emails';
import { creditCardPayment, notifyBalance, takeBackCardPayment } from '../money';
import { notifyRefund } from '../notifications';
import { refundChargeIn, refundedItem } from '../wallet';
import { cardToCharge } from './cards';
import { reserveCoupon, usableCoupon } from './coupons';
import { activeGatewayName, gatewayNamed, gatewayOfPayment } from './gateways';
import { bookCardPurchase } from './purchase-booking';
import { previewOf, refundPlan } from './refund-plan';
import { cardById, cardExists } from './repo/cards';
import { releaseCoupon } from './repo/coupons';
import { fanAddressOf } from './repo/fans';
import {
  claimAttemptAgain,
  insertPayment,
  insertPaymentRefund,
  lastAttempt,
  lockRefundablePayment,
  markAttemptUnknown,
  markPaymentRefunded,
  openAttemptNumber,
  paymentById,
  paymentOf,
  recordAttemptOutcome,
  reopenFailedPayment,
  sandboxPaymentOf,
  settleOpenPayment,
} from './repo/payments';
import { retryable, transactionFor } from './transactions';

type PaymentRow = typeof paymentTransactions.$inferSelect;

/** What a refund gave back, as its fan (and a subscription's creator) are told, when no wallet charge says more. */
const refundedPayment: Record<PaymentRow['type'], string> = {
  wallet_top_up: 'a wallet top-up',
  subscription: 'a subscription period',
  charge: 'a card purchase',
};

/** What the card statement's line says. */
const descriptions: Record<PaymentRow['type'], string> = {
  wallet_top_up: 'Wallet top-up',
  subscription: 'Subscription',
  charge: 'Purchase',
};

/**
 * Creates a card payment (once per intent) and makes its first charge; a retried
 * request whose payment already left `processing` only reports it. Returns the payment's id.
 */
export async function startCardPayment(
  deps: Deps,
  user: SessionUser,
  intent: Intent | undefined,
  payment: Omit<typeof paymentTransactions.$inferInsert, 'id' | 'userId' | 'gateway' | 'status' | 'cardId'> & { cardId?: string },
  reserve?: (tx: Transaction, paymentId: string) => Promise<void>,
) {
  const gateway = gatewayNamed(deps, activeGatewayName(deps) ?? '');
  const card = await cardToCharge(deps, user, gateway.name, payment.cardId);
  const { paymentId } = await idempotent(deps.db, user.id, intent, async (tx) => {
    const id = randomUUID();
    await insertPayment(tx, { ...payment, id, userId: user.id, gateway: gateway.name, status: 'processing', cardId: card.id });
    await reserve?.(tx, id);
    return { paymentId: id };
  });
  const row = await paymentById(deps.db, paymentId);
  if (row!.status === 'processing') await attemptCharge(deps, user, row!);
  return paymentId;
}

/**
 * Sends the payment to the gateway and applies the outcome. A new attempt (its own gateway
 * idempotency key) starts only when the last one has failed; while the last one's outcome is
 * unknown (the gateway took the call and did not answer), it is sent again with the same key, so
 * a card the gateway already charged is not charged twice. Nothing is sent while another call
 * for the payment is out.
 */
async function attemptCharge(deps: Deps, user: SessionUser, payment: PaymentRow, afterFailure = false): Promise<boolean> {
  const card = payment.cardId ? await cardById(deps.db, payment.cardId) : undefined;
  if (!card) {
    await settlePayment(deps, payment.id, { status: 'fail', reason: 'The card was removed' });
    return true;
  }
  const attempt = await openAttempt(deps, payment.id, afterFailure);
  if (!attempt) return settleFromLastAttempt(deps, payment.id);
  const gateway = gatewayNamed(deps, payment.gateway);
  const sent = await gateway
    .charge({
      amountCents: payment.amountCents,
      card,
      idempotencyKey: attempt.idempotencyKey,
      description: descriptions[payment.type],
      customer: { id: user.id, email: user.email },
      paymentId: payment.id,
    })
    .catch(async (error: unknown) => {
      deps.log.error({ err: error, paymentId: payment.id }, 'card gateway call failed');
      await markAttemptUnknown(deps.db, attempt.id, error instanceof Error ? error.message.slice(0, 500) : String(error));
      throw new AppError(503, ErrorCode.providerUnavailable, 'The card gateway did not answer: try again in a minute');
    });
  await recordAttemptOutcome(deps.db, attempt.id, sent.outcome.status, sent.gatewayRef);
  await settlePayment(deps, payment.id, sent.outcome, sent.gatewayRef);
  return true;
}

/**
 * The gateway's answer was recorded on the attempt, but the process died before the payment was
 * settled by it (no webhook follows from the sandbox, and Stripe's may be late): settled now.
 * Whether it settled the payment.
 */
async function settleFromLastAttempt(deps: Deps, paymentId: string) {
  const last = await lastAttempt(deps.db, paymentId);
  if (last?.state === 'success') await settlePayment(deps, paymentId, { status: 'success' }, last.gatewayRef ?? undefined);
  else if (last?.state === 'fail')
    await settlePayment(deps, paymentId, { status: 'fail', reason: last.error ?? 'Your card was declined' }, last.gatewayRef ?? undefined);
  else return false;
  return true;
}

/**
 * The attempt to send now, claimed in one statement: the first; the last one again while its
 * outcome is unknown (no answer came, or the process sending it died); the next one after the
 * payment failed. Undefined while a call is out or the gateway is still deciding (its outcome
 * then arrives by webhook).
 */
async function openAttempt(deps: Deps, paymentId: string, afterFailure: boolean) {
  const last = await lastAttempt(deps.db, paymentId);
  if (last?.state === 'unknown' || last?.state === 'sending') {
    // Sent again with the same gateway idempotency key: a card the first call charged is not charged twice.
    return claimAttemptAgain(deps.db, last.id);
  }
  if (last && !afterFailure) return undefined;
  return openAttemptNumber(deps.db, paymentId, (last?.number ?? 0) + 1);
}

/**
 * Applies what the gateway reported, whoever reports it (the charge call, a webhook, a 3-D
 * Secure confirmation), any number of times and in any order: only a payment still open moves,
 * so a success credits the wallet exactly once and a late failure cannot undo it.
 */
export async function settlePayment(deps: Deps, paymentId: string, outcome: ChargeOutcome, gatewayRef?: string) {
  const settled = await deps.db.transaction(async (tx) => {
    const payment = await settleOpenPayment(tx, paymentId, outcome, gatewayRef);
    if (!payment) return undefined;
    if (outcome.status === 'fail') await releaseCoupon(tx, payment.id);
    if (outcome.status === 'fail' || outcome.status === 'success') await mailOutcome(deps, tx, payment);
    if (outcome.status !== 'success') return undefined;
    // What its seller records itself (a subscription period) it credits; anything else is tokens for the wallet.
    const sold = deps.sellables.get(payment.type)?.card;
    const credited = sold ? await sold.paid(deps, tx, payment) : await creditCardPayment(tx, payment);
    // A card purchase: the wallet pays for it at once, in this transaction (decision 032).
    const announce = payment.type === 'charge' ? await bookCardPurchase(deps, tx, payment) : undefined;
    return { credited, announce };
  });
  if (!settled) return;
  notifyBalance(deps, settled.credited.userId, settled.credited.balance);
  settled.announce?.();
}

/** The fan's receipt, or the news that the payment failed, in the transaction that settled it (essential e-mails). */
async function mailOutcome(deps: Deps, tx: Transaction, payment: PaymentRow) {
  const fan = await fanAddressOf(tx, payment.userId);
  if (!fan?.email) return;
  const common = { name: fan.name || fan.username, amount: formatMoney(fromCents(payment.amountCents)) };
  const wallet = `${deps.config.publicUrl}/user/wallet`;
  if (payment.type === 'wallet_top_up') {
    if (payment.status === 'success') {
      await sendEmail(deps, tx, 'wallet.topUpReceipt', {
        to: fan.email,
        vars: { ...common, tokens: formatTokens(fromCents(payment.tokensCents)), reference: payment.id, link: wallet },
      });
    } else {
      await sendEmail(deps, tx, 'wallet.topUpFailed', {
        to: fan.email,
        vars: { ...common, reason: payment.failureReason || 'the card was declined', link: wallet },
      });
    }
    return;
  }
  const item = payment.purchase ? refundedItem(deps, payment.purchase.type) : refundedPayment[payment.type];
  const link = payment.type === 'subscription' ? `${deps.config.publicUrl}/user/subscriptions` : wallet;
  if (payment.status === 'success') {
    await sendEmail(deps, tx, 'payment.cardReceipt', { to: fan.email, vars: { ...common, item, reference: payment.id, link } });
  } else {
    await sendEmail(deps, tx, 'payment.cardFailed', {
      to: fan.email,
      vars: { ...common, item, reason: payment.failureReason || 'the card was declined', link },
    });
  }
}

/**
 * A card payment given back to its card (by an admin here, or on the gateway's side, reported by
 * webhook), `refundedCents` of it in all: each report that gives back more than is known applies
 * the difference once, however often it is reported (a Stripe dashboard may refund a charge in
 * parts). The first refund of a card purchase gives its wallet charge back first (the fan loses
 * the item, the creator the sale); then the newly refunded part's tokens leave the wallet (see the
 * money module's takeBackCardPayment). The fan is told by e-mail.
 */
export async function refundPayment(deps: Deps, paymentId: string, refundedCents?: number) {
  const refunded = await deps.db.transaction(async (tx) => {
    const before = await lockRefundablePayment(tx, paymentId);
    if (!before) return undefined;
    const total = Math.min(refundedCents ?? before.amountCents, before.amountCents);
    const more = total - before.refundedCents;
    // Nothing new (a repeated report), or a subscription period, which is given back whole, once.
    if (more <= 0 || (before.type === 'subscription' && before.status === 'refunded')) return undefined;
    const payment = await markPaymentRefunded(tx, paymentId, total);
    const refundId = await insertPaymentRefund(tx, paymentId, more);
    const firstRefund = before.status === 'success';
    const charge = firstRefund && before.chargeId ? await refundChargeIn(deps, tx, before.chargeId) : undefined;
    const sold = deps.sellables.get(before.type)?.card;
    const taken = sold
      ? await sold.refunded(tx, payment, refundId)
      : await takeBackCardPayment(tx, payment, { refundId, beforeCents: before.refundedCents });
    await tellFanOfRefund(deps, tx, payment, more);
    await notifyRefund(deps, tx, {
      fanId: before.userId,
      performerId: charge?.charge.performerId ?? (before.type === 'subscription' ? before.performerId : null),
      amount: formatMoney(fromCents(more)),
      item: charge ? refundedItem(deps, charge.charge.type) : refundedPayment[before.type],
      fanMailed: true,
    });
    return { taken, charge };
  });
  if (!refunded) return;
  notifyBalance(deps, refunded.taken.userId, refunded.taken.balance);
  if (refunded.charge) notifyBalance(deps, refunded.charge.charge.performerId, refunded.charge.creatorBalance);
}

async function tellFanOfRefund(deps: Deps, tx: Transaction, payment: PaymentRow, refundedCents: number) {
  const fan = await fanAddressOf(tx, payment.userId);
  if (!fan?.email) return;
  const [back, paid] = [formatMoney(fromCents(refundedCents)), formatMoney(fromCents(payment.amountCents))];
  const partly = payment.refundedCents < payment.amountCents;
  await sendEmail(deps, tx, 'payment.cardRefunded', {
    to: fan.email,
    vars: {
      name: fan.name,
      refunded: back,
      paid,
      note: partly ? ': the tokens of this payment you had already spent are not refunded.' : '.',
      link: `${deps.config.publicUrl}/user/wallet`,
    },
  });
}

/** `GET /admin/payment/transactions/{id}/refund-preview`: what a refund will give back and take, before the admin confirms. */
export async function refundPreviewFor(deps: Deps, id: string): Promise<RefundPreview> {
  const payment = await paymentById(deps.db, id);
  if (!payment) throw notFound('Payment');
  if (payment.status !== 'success') throw conflict(`Only a successful payment can be refunded; this one is ${payment.status}`);
  return previewOf(payment, await refundPlan(deps.db, payment));
}

/** `POST /admin/payment/transactions/{id}/refund`: gives a successful payment back to its card, as far as its tokens are unspent. */
export async function refundByAdmin(deps: Deps, admin: SessionUser, id: string) {
  const payment = await paymentById(deps.db, id);
  if (!payment) throw notFound('Payment');
  if (payment.status !== 'success') throw conflict(`Only a successful payment can be refunded; this one is ${payment.status}`);
  const plan = await refundPlan(deps.db, payment);
  if (plan.refundCents === 0) throw conflict('Nothing can be refunded: the fan has already spent every token of this payment');
  await gatewayOfPayment(deps, payment.gateway)
    .refund({ gatewayRef: payment.gatewayRef ?? '', idempotencyKey: `refund:${payment.id}`, amountCents: plan.refundCents })
    .catch((error: unknown) => {
      deps.log.error({ err: error, paymentId: id }, 'card gateway refund failed');
      throw new AppError(503, ErrorCode.providerUnavailable, 'The card gateway did not take the refund: try again in a minute');
    });
  await refundPayment(deps, id, plan.refundCents);
  return transactionFor(deps, admin, id);
}

/** `POST /payment/retry/{id}`: tries a failed or stuck payment again (with its coupon, if still usable). */
export async function retryPayment(deps: Deps, user: SessionUser, id: string) {
  const payment = await paymentOf(deps.db, id, user.id);
  if (!payment) throw notFound('Payment');
  if (payment.status === 'success') throw conflict('This payment has already succeeded');
  if (payment.status === 'require_authentication') throw conflict('Confirm this payment with your bank first');
  if (payment.status === 'refunded') throw conflict('This payment was refunded');
  // A subscription's creator may have blocked the fan since: paying them again is reaching them.
  if (payment.performerId) await assertMayReach(deps.db, user, payment.performerId);
  if (retryable.includes(payment.status) && !(await cardStillSaved(deps, payment))) {
    throw conflict('The card of this payment was removed: pay again with a saved card');
  }
  if (payment.status === 'processing' || payment.status === 'created') {
    // Only a call that got no answer is sent again, with its own key: the gateway answers what it did.
    if (!(await attemptCharge(deps, user, payment))) throw stillProcessing();
    return transactionFor(deps, user, id);
  }
  const reopened = await deps.db.transaction(async (tx) => {
    const row = await reopenFailedPayment(tx, id);
    if (row?.couponId) {
      const coupon = await usableCoupon(tx, user, { id: row.couponId });
      await reserveCoupon(tx, coupon, user.id, row.id);
    }
    return row;
  });
  if (!reopened) throw stillProcessing();
  await attemptCharge(deps, user, reopened, true);
  return transactionFor(deps, user, id);
}

async function cardStillSaved(deps: Deps, payment: PaymentRow) {
  if (!payment.cardId) return false;
  return cardExists(deps.db, payment.cardId);
}

const stillProcessing = () => conflict('This payment is still being processed: its outcome will follow');

/** `POST /payment/sandbox/confirm/{id}`: the fan passes the sandbox's 3-D Secure check. */
export async function confirmSandboxPayment(deps: Deps, user: SessionUser, id: string) {
  const payment = await sandboxPaymentOf(deps.db, id, user.id);
  if (!payment) throw notFound('Payment');
  if (payment.status !== 'require_authentication') throw conflict('This payment is not waiting for confirmation');
  await settlePayment(deps, id, { status: 'success' });
  return transactionFor(deps, user, id);
}
