import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import type { paymentTransactions } from '../../db/read/payments';
import { subscriptionPeriods } from '../../db/read/subscriptions';
import { earnings } from '../../db/schema/money';
import type { Deps } from '../../deps';
import { type JournalHeader, lockedBalances, platform, post, walletOf } from '../../platform/ledger';
import { addPeriod, removePeriod } from './periods';
import { recordSale, refundSale, splitSale } from './sales';

type PaymentRow = typeof paymentTransactions.$inferSelect;

/**
 * The ledger side of a card payment that succeeded, inside the transaction that marked it so:
 * a top-up credits the wallet, a subscription payment adds a period and records the sale.
 * Returns whose balance changed (the fan's wallet, or the creator's earnings) and to what.
 */
export async function creditCardPayment(deps: Pick<Deps, 'config' | 'settings' | 'jobs'>, tx: Transaction, payment: PaymentRow) {
  if (payment.type === 'subscription') return paySubscriptionPeriod(deps, tx, payment);
  // The fan gets the tokens they bought; a coupon's discount (or a package's bonus) is the
  // platform's promotion, a package priced above its tokens the platform's revenue.
  const surplus = payment.amountCents - payment.tokensCents;
  const [balance] = await post(tx, { kind: 'top_up', referenceType: 'payment', referenceId: payment.id }, [
    { ...walletOf(payment.userId), amountCents: payment.tokensCents },
    { ...platform('gateway_clearing'), amountCents: -payment.amountCents },
    { ...platform(surplus > 0 ? 'platform_revenue' : 'promotions'), amountCents: surplus },
  ]);
  return { userId: payment.userId, balance: balance! };
}

/** A card-paid subscription period: the subscription runs on, the creator earns, the platform keeps its share. */
async function paySubscriptionPeriod(deps: Pick<Deps, 'config' | 'settings' | 'jobs'>, tx: Transaction, payment: PaymentRow) {
  const performerId = payment.performerId!;
  const { periodId } = await addPeriod(deps, tx, {
    userId: payment.userId,
    performerId,
    type: payment.subscriptionType!,
    paidWith: payment.gateway,
    amountCents: payment.amountCents,
    cardId: payment.cardId,
    paymentId: payment.id,
  });
  const split = await splitSale(deps, tx, performerId, payment.amountCents);
  const { creatorBalance } = await recordSale(tx, {
    ...split,
    payer: platform('gateway_clearing'),
    fanId: payment.userId,
    performerId,
    sourceType: 'subscription',
    sourceId: periodId,
    referenceType: 'subscription_period',
  });
  return { userId: performerId, balance: creatorBalance };
}

/**
 * The ledger side of one refund of a card payment (`refundId`: the payment's `refundedCents` has
 * grown from `beforeCents` by it), inside the transaction that recorded it (decision 032). A
 * subscription period's net leaves the creator, its commission the platform, and the subscription loses the period. A top-up's (or a card
 * purchase's) tokens leave the wallet in the share the card got back; its coupon discount or
 * package margin is undone in the same share. A refund never gives back more than it takes:
 * what the wallet no longer holds (a refund made on the gateway's side, beyond the unspent part)
 * is booked to `refund_losses`, which the ledger check wants empty.
 */
export async function takeBackCardPayment(tx: Transaction, payment: PaymentRow, refund: { refundId: string; beforeCents: number }) {
  const journal = { kind: 'refund', referenceType: 'payment_refund', referenceId: refund.refundId };
  if (payment.type === 'subscription') return takeBackPeriod(tx, payment, journal);
  // The tokens of everything refunded so far, less those already taken back: a refund in parts
  // takes back, in all, exactly the tokens of the whole refunded share.
  const tokensOf = (refundedCents: number) =>
    refundedCents >= payment.amountCents ? payment.tokensCents : Math.floor((payment.tokensCents * refundedCents) / payment.amountCents);
  const refundedCents = payment.refundedCents - refund.beforeCents;
  const tokensBack = tokensOf(payment.refundedCents) - tokensOf(refund.beforeCents);
  const [held] = await lockedBalances(tx, [walletOf(payment.userId)]);
  const taken = Math.min(tokensBack, held!);
  // The top-up's own postings reversed in the refunded share.
  const surplus = refundedCents - tokensBack;
  const [balance] = await post(tx, journal, [
    { ...walletOf(payment.userId), amountCents: -taken },
    { ...platform('gateway_clearing'), amountCents: refundedCents },
    { ...platform(payment.amountCents > payment.tokensCents ? 'platform_revenue' : 'promotions'), amountCents: -surplus },
    { ...platform('refund_losses'), amountCents: -(tokensBack - taken) },
  ]);
  return { userId: payment.userId, balance: balance! };
}

async function takeBackPeriod(tx: Transaction, payment: PaymentRow, journal: JournalHeader) {
  const [period] = await tx.select().from(subscriptionPeriods).where(eq(subscriptionPeriods.paymentId, payment.id));
  const [sale] = await tx
    .select()
    .from(earnings)
    .where(and(eq(earnings.sourceType, 'subscription'), eq(earnings.sourceId, period!.id), eq(earnings.isRefund, false)));
  const { creatorBalance } = await refundSale(tx, sale!, { payer: platform('gateway_clearing'), journal });
  await removePeriod(tx, period!);
  return { userId: payment.performerId!, balance: creatorBalance };
}
