import { formatMoney, fromCents, planMonths, type SubscriptionPayer, type SubscriptionType } from '@limelight/contracts';
import type { Transaction } from '../../db/client';
import type { paymentTransactions } from '../../db/read/payments';
import type { subscriptionPeriods } from '../../db/schema/subscriptions';
import type { CardSettlement, Deps, Sellable } from '../../deps';
import { type EmailDeps, sendEmail } from '../emails';
import { creditCardSale, refundSaleOf } from '../money';
import { notify } from '../notifications';
import {
  contactsOf,
  insertPeriod,
  lockSubscriptionOf,
  nameOf,
  periodChargedBy,
  periodPaidBy,
  saveSubscriptionOf,
  shortenByPeriod,
} from './repo';

const DAY_MS = 86_400_000;

/** The end of a period that starts at `from`: trial days, or calendar months. */
export function periodEnd(deps: Pick<Deps, 'settings'>, type: SubscriptionType, from: Date) {
  if (type === 'free') return new Date(from.getTime() + deps.settings.get('freeSubscriptionDuration') * DAY_MS);
  const end = new Date(from);
  end.setUTCMonth(end.getUTCMonth() + planMonths[type]);
  return end;
}

/**
 * Adds one period to the fan's subscription to the creator (the one record per pair), inside
 * the payment's transaction: from its expiry while it still runs, else from now. Paid periods
 * renew at their end; a trial does not.
 */
export async function addPeriod(
  deps: EmailDeps,
  tx: Transaction,
  period: {
    userId: string;
    performerId: string;
    type: SubscriptionType;
    paidWith: SubscriptionPayer;
    amountCents: number;
    cardId?: string | null;
    /** What paid it: a card payment, or a wallet charge. */
    paymentId?: string | null;
    chargeId?: string | null;
  },
) {
  const now = new Date();
  const current = await lockSubscriptionOf(tx, period.userId, period.performerId);
  const running = current?.expiredAt && current.expiredAt > now && current.status !== 'expired';
  const startsAt = running ? current.expiredAt! : now;
  const endsAt = periodEnd(deps, period.type, startsAt);
  const values = {
    type: period.type,
    status: 'active' as const,
    startedAt: running ? (current.startedAt ?? now) : now,
    expiredAt: endsAt,
    nextRenewalAt: period.type === 'free' ? null : endsAt,
    usedFreeTrial: (current?.usedFreeTrial ?? false) || period.type === 'free',
    gateway: period.paidWith,
    cardId: period.cardId ?? null,
    priceCents: period.amountCents,
  };
  const subscription = await saveSubscriptionOf(tx, period.userId, period.performerId, values);
  if (!running) {
    // A new subscriber (or one coming back), not a renewal: the creator hears of it.
    const fan = await nameOf(tx, period.userId);
    await notify(deps, tx, {
      userId: period.performerId,
      kind: 'new_subscriber',
      actorId: period.userId,
      text: `${fan?.name ?? 'A fan'} subscribed to you${period.type === 'free' ? ' (free trial)' : ''}`,
      link: '/creator/subscribers',
    });
  }
  await mailFan(deps, tx, period, running ? 'subscription.renewed' : 'subscription.started', endsAt);
  const periodId = await insertPeriod(tx, {
    subscriptionId: subscription.id,
    type: period.type,
    paidWith: period.paidWith,
    amountCents: period.amountCents,
    paymentId: period.paymentId ?? null,
    chargeId: period.chargeId ?? null,
    startsAt,
    endsAt,
  });
  return { subscription, periodId };
}

/** The fan hears their subscription started or renewed (optional e-mails: the subscriptions category). */
async function mailFan(
  deps: EmailDeps,
  tx: Transaction,
  period: { userId: string; performerId: string; amountCents: number },
  key: 'subscription.started' | 'subscription.renewed',
  endsAt: Date,
) {
  const people = await contactsOf(tx, [period.userId, period.performerId]);
  const byId = new Map(people.map((person) => [person.id, person]));
  const fan = byId.get(period.userId);
  if (!fan?.email) return;
  const creator = byId.get(period.performerId)?.username ?? 'this creator';
  const common = { name: fan.name || fan.username, creator, endsAt: endsAt.toUTCString() };
  if (key === 'subscription.started') {
    await sendEmail(deps, tx, key, { to: fan.email, userId: fan.id, vars: { ...common, link: `${deps.config.publicUrl}/${creator}` } });
  } else {
    await sendEmail(deps, tx, key, {
      to: fan.email,
      userId: fan.id,
      vars: { ...common, amount: formatMoney(fromCents(period.amountCents)), link: `${deps.config.publicUrl}/user/subscriptions` },
    });
  }
}

/**
 * Takes a refunded period out of its subscription, inside the refund's transaction: the
 * subscription loses the period's length (never ending before now) and stops renewing.
 */
async function removePeriod(tx: Transaction, period: typeof subscriptionPeriods.$inferSelect | undefined) {
  if (!period) return;
  await shortenByPeriod(tx, period);
}

type PaymentRow = typeof paymentTransactions.$inferSelect;

/** A card-paid subscription period: the subscription runs on, the creator earns, the platform keeps its share. */
async function paidByCard(deps: EmailDeps & Pick<Deps, 'settings'>, tx: Transaction, payment: PaymentRow): Promise<CardSettlement> {
  const { periodId } = await addPeriod(deps, tx, {
    userId: payment.userId,
    performerId: payment.performerId!,
    type: payment.subscriptionType!,
    paidWith: payment.gateway,
    amountCents: payment.amountCents,
    cardId: payment.cardId,
    paymentId: payment.id,
  });
  return creditCardSale(deps, tx, payment, { sourceType: 'subscription', sourceId: periodId, referenceType: 'subscription_period' });
}

/** A card-paid period given back (whole, once): its net leaves the creator, its commission the platform, and the subscription loses it. */
async function refundedByCard(tx: Transaction, payment: PaymentRow, refundId: string): Promise<CardSettlement> {
  const period = await periodPaidBy(tx, payment.id);
  const { creatorBalance } = await refundSaleOf(
    tx,
    { sourceType: 'subscription', sourceId: period!.id },
    { kind: 'refund', referenceType: 'payment_refund', referenceId: refundId },
  );
  await removePeriod(tx, period);
  return { userId: payment.performerId!, balance: creatorBalance };
}

/**
 * A subscription period, as refunds and card payments ask for it (decision 076): it is sold by
 * the subscriptions module's own routes, paid from the wallet or by card; a refund of either takes
 * the period out of its subscription.
 */
export const subscriptionSellable: Sellable = {
  type: 'subscription',
  noun: 'subscription period',
  refundedAs: 'a subscription period',
  refund: {
    after: async (tx, charge) => {
      await removePeriod(tx, await periodChargedBy(tx, charge.id));
    },
  },
  card: { paid: paidByCard, refunded: refundedByCard },
};
