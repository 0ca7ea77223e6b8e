import type { Transaction } from '../../db/client';
import type { paymentTransactions } from '../../db/read/payments';
import type { Deps } from '../../deps';
import { lockedBalances, platform, post, walletOf } from '../../platform/ledger';
import { recordSale, splitSale } from './sales';

type PaymentRow = typeof paymentTransactions.$inferSelect;

/**
 * The ledger side of a card payment of tokens that succeeded (a top-up, or the tokens a card
 * purchase pays with), inside the transaction that marked it so: it credits the wallet. Returns
 * whose balance changed and to what. What a seller records itself (a subscription period) is
 * credited by `creditCardSale`.
 */
export async function creditCardPayment(tx: Transaction, payment: PaymentRow) {
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

/**
 * The ledger side of a card payment for something its seller records (a subscription period,
 * `sourceId`), inside the transaction that marked it paid: the creator earns, the platform keeps
 * its share, the gateway's clearing account pays.
 */
export async function creditCardSale(
  deps: Pick<Deps, 'settings'>,
  tx: Transaction,
  payment: PaymentRow,
  source: { sourceType: string; sourceId: string; referenceType: string },
) {
  const performerId = payment.performerId!;
  const split = await splitSale(deps, tx, performerId, payment.amountCents);
  const { creatorBalance } = await recordSale(tx, {
    ...split,
    ...source,
    payer: platform('gateway_clearing'),
    fanId: payment.userId,
    performerId,
  });
  return { userId: performerId, balance: creatorBalance };
}

/**
 * The ledger side of one refund of a card payment (`refundId`: the payment's `refundedCents` has
 * grown from `beforeCents` by it), inside the transaction that recorded it (decision 032). A
 * top-up's (or a card purchase's) tokens leave the wallet in the share the card got back; its coupon discount or
 * package margin is undone in the same share. A refund never gives back more than it takes:
 * what the wallet no longer holds (a refund made on the gateway's side, beyond the unspent part)
 * is booked to `refund_losses`, which the ledger check wants empty.
 */
export async function takeBackCardPayment(tx: Transaction, payment: PaymentRow, refund: { refundId: string; beforeCents: number }) {
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
  const [balance] = await post(tx, { kind: 'refund', referenceType: 'payment_refund', referenceId: refund.refundId }, [
    { ...walletOf(payment.userId), amountCents: -taken },
    { ...platform('gateway_clearing'), amountCents: refundedCents },
    { ...platform(payment.amountCents > payment.tokensCents ? 'platform_revenue' : 'promotions'), amountCents: -surplus },
    { ...platform('refund_losses'), amountCents: -(tokensBack - taken) },
  ]);
  return { userId: payment.userId, balance: balance! };
}
