import { formatMoney, formatTokens, fromCents, type RefundPreview } from '@limelight/contracts';
import type { Queryable } from '../../db/client';
import type { paymentTransactions } from '../../db/schema/payments';
import { balanceOf, walletOf } from '../../platform/ledger';
import { standingChargeGross } from './repo/purchases';

type PaymentRow = typeof paymentTransactions.$inferSelect;
export type RefundPlan = { refundCents: number; tokensTaken: number; reversesCharge: boolean };

/**
 * What refunding a card payment gives back (decision 032): a refund never gives the card more than
 * it takes back. A subscription period is given back whole (the creator returns the net as far as
 * it is there, as before). A top-up's, or a card purchase's, tokens are taken back as far as the
 * wallet still holds them (a card purchase's item is given back first, its price returning to the
 * wallet), and the card gets the same share of what it paid: the spent part is the shortfall.
 */
export async function refundPlan(db: Queryable, payment: PaymentRow): Promise<RefundPlan> {
  if (payment.type === 'subscription') return { refundCents: payment.amountCents, tokensTaken: 0, reversesCharge: false };
  const chargeCents = payment.chargeId ? await standingChargeGross(db, payment.chargeId) : undefined;
  const held = (await balanceOf(db, walletOf(payment.userId))) + (chargeCents ?? 0);
  const tokensTaken = Math.min(payment.tokensCents, held);
  const refundCents =
    tokensTaken === payment.tokensCents ? payment.amountCents : Math.floor((payment.amountCents * tokensTaken) / payment.tokensCents);
  return { refundCents, tokensTaken, reversesCharge: chargeCents !== undefined };
}

/** The plan as the admin reads it before confirming. */
export function previewOf(payment: PaymentRow, plan: RefundPlan): RefundPreview {
  const [amount, shortfall, tokensTaken] = [plan.refundCents, payment.amountCents - plan.refundCents, plan.tokensTaken].map(fromCents) as [
    number,
    number,
    number,
  ];
  const parts = [
    plan.reversesCharge ? 'The purchase it paid for is given back first (the fan loses the item, the creator the sale).' : '',
    payment.type === 'subscription'
      ? 'The subscription loses the period it paid for; the creator gives back its net as far as their earnings hold it.'
      : `${formatTokens(tokensTaken)} leave the fan's wallet.`,
    amount === 0
      ? 'Nothing can go back to the card: every token of this payment is spent.'
      : shortfall > 0
        ? `Only ${formatMoney(amount)} of ${formatMoney(fromCents(payment.amountCents))} goes back to the card: ${formatMoney(shortfall)} was already spent and is not refunded.`
        : `All of ${formatMoney(amount)} goes back to the card.`,
  ];
  return { amount, shortfall, tokensTaken, reversesCharge: plan.reversesCharge, summary: parts.filter(Boolean).join(' ') };
}
