import {
  type CardLabel,
  fromCents,
  type Subscription,
  type SubscriptionPayer,
  type SubscriptionType,
  type subscribeSchema,
  subscriptionPayers,
  type subscriptionQuerySchema,
} from '@limelight/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Transaction } from '../../db/client';
import type { subscriptions } from '../../db/schema/subscriptions';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import { idempotent, intentOf } from '../../platform/idempotency';
import { assertMay, assertMayBePaid, assertMayManageRenewal, assertMayResumeRenewal } from '../access';
import { sendEmail } from '../emails';
import { notifyBalance, payFromWallet } from '../money';
import { cardLabels, startCardPayment, transactionFor } from '../payments';
import { publicUsersById } from '../users';
import { addPeriod } from './periods';
import {
  cancelIfActive,
  contactOf,
  creatorProfileOf,
  lockPair,
  openPaymentOf,
  resumeIfCancelled,
  subscriptionById,
  subscriptionIdOf,
  subscriptionsPage,
} from './repo';

type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * `POST /payment/subscribe/performers`: the free trial (once per fan and creator, when the site
 * and the creator offer it) or a paid plan from the wallet or by card. Access opens in the
 * same transaction as the payment.
 */
export async function subscribe(deps: Deps, fan: SessionUser, input: z.output<typeof subscribeSchema>, request: FastifyRequest) {
  assertMay(fan, 'subscription.create', null, () => conflict('Only fans subscribe to creators'));
  await assertMayBePaid(deps.db, fan, input.performerId);
  const creator = await creatorProfileOf(deps.db, input.performerId);
  if (!creator) throw notFound('Creator');
  if (input.type === 'free') {
    if (!deps.settings.get('freeSubscriptionEnabled') || !creator.profile.isFreeSubscription)
      throw conflict('This creator offers no free trial');
    const { subscription } = await idempotent(deps.db, fan.id, intentOf(request), async (tx) => {
      const current = await lockPair(tx, fan.id, creator.id);
      if (current?.usedFreeTrial) throw conflict('You have already used your free trial with this creator');
      if (current?.expiredAt && current.expiredAt > new Date()) throw alreadySubscribed();
      return addPeriod(deps, tx, { userId: fan.id, performerId: creator.id, type: 'free', paidWith: 'free', amountCents: 0 });
    });
    return { subscription: await subscriptionFor(deps, subscription.id), payment: null };
  }

  const priceCents = creator.profile[priceColumnName[input.type]];
  if (priceCents === null) throw unprocessable('This creator does not offer this plan', [{ field: 'type', message: 'is not offered' }]);
  if (input.paymentMethod === 'card') {
    const paymentId = await startCardPayment(
      deps,
      fan,
      intentOf(request),
      { type: 'subscription', amountCents: priceCents, performerId: creator.id, subscriptionType: input.type, cardId: input.cardId },
      (tx, paymentId) => refuseWhileSubscribed(tx, fan.id, creator.id, paymentId),
    );
    const payment = await transactionFor(deps, fan, paymentId);
    const after = await subscriptionIdOf(deps.db, fan.id, creator.id);
    return { subscription: after ? await subscriptionFor(deps, after.id) : null, payment };
  }

  const plan = input.type;
  const paid = await idempotent(
    deps.db,
    fan.id,
    intentOf(request),
    async (tx) => {
      await refuseWhileSubscribed(tx, fan.id, creator.id);
      return payPeriodFromWallet(deps, tx, { userId: fan.id, performerId: creator.id, type: plan, priceCents });
    },
    (answer) => {
      notifyBalance(deps, fan.id, answer.fanBalance);
      notifyBalance(deps, creator.id, answer.creatorBalance);
    },
  );
  return { subscription: await subscriptionFor(deps, paid.subscriptionId), payment: null };
}

const alreadySubscribed = () => conflict('You are already subscribed to this creator');

/**
 * Refuses a new paid period, inside the paying transaction, while one is running and renewing,
 * or while another card payment for the pair is still open: of concurrent requests, one pays.
 */
async function refuseWhileSubscribed(tx: Transaction, fanId: string, performerId: string, exceptPaymentId?: string) {
  const current = await lockPair(tx, fanId, performerId);
  // A period still running, or one that ended and whose renewal is under way, is not paid again.
  if (current?.status === 'active' && current.nextRenewalAt) {
    throw alreadySubscribed();
  }
  // Nor is a cancelled one still running: paying would silently stack a period; renewal comes back on for free.
  if (current?.status === 'cancelled' && current.type !== 'free' && current.expiredAt && current.expiredAt > new Date()) {
    throw conflict(
      `Your subscription runs until ${current.expiredAt.toISOString().slice(0, 10)}: turn renewal back on instead of paying again`,
    );
  }
  const pending = await openPaymentOf(tx, fanId, performerId, exceptPaymentId);
  if (pending) throw conflict('A payment for this subscription is still being processed: wait for its outcome');
}

/** One period paid from the fan's wallet: the wallet charge first, then the period it paid for. */
export async function payPeriodFromWallet(
  deps: Deps,
  tx: Transaction,
  period: { userId: string; performerId: string; type: Exclude<SubscriptionType, 'free'>; priceCents: number },
) {
  const paid = await payFromWallet(deps, tx, {
    fanId: period.userId,
    performerId: period.performerId,
    type: 'subscription',
    itemId: null,
    priceCents: period.priceCents,
  });
  const { subscription } = await addPeriod(deps, tx, {
    ...period,
    paidWith: 'wallet',
    amountCents: period.priceCents,
    chargeId: paid.charge.id,
  });
  return { subscriptionId: subscription.id, fanBalance: paid.payerBalance, creatorBalance: paid.creatorBalance };
}

export const priceColumnName = {
  monthly: 'monthlyPriceCents',
  three_months: 'threeMonthPriceCents',
  six_months: 'sixMonthPriceCents',
  yearly: 'yearlyPriceCents',
} as const;

/** `POST /payment/{gateway}/cancel-subscription/{id}`: no more renewals; access lasts until it expires. */
export async function cancelSubscription(deps: Deps, fan: SessionUser, payer: string, id: string) {
  const row = assertMayManageRenewal(fan, await subscriptionById(deps.db, id), payer);
  if (row.status !== 'active') throw conflict('This subscription is not active');
  await deps.db.transaction(async (tx) => {
    // Conditional, so two cancels at once tell the creator once.
    const cancelled = await cancelIfActive(tx, id);
    if (!cancelled) return;
    const creator = await contactOf(tx, cancelled.performerId);
    if (!creator?.email) return;
    await sendEmail(deps, tx, 'subscription.cancelled', {
      to: creator.email,
      userId: cancelled.performerId,
      vars: {
        name: creator.name || creator.username,
        fan: fan.name || fan.username,
        endsAt: cancelled.expiredAt?.toUTCString() ?? 'the end of the period',
        link: `${deps.config.publicUrl}/creator/subscribers`,
      },
    });
  });
  return subscriptionFor(deps, id);
}

/**
 * `POST /payment/{gateway}/resume-subscription/{id}`: renewal back on for a cancelled paid
 * subscription whose period still runs, at no charge: it renews at the end of the period as
 * before. After it ends, subscribing again is the paid path.
 */
export async function resumeSubscription(deps: Deps, fan: SessionUser, payer: string, id: string) {
  await deps.db.transaction(async (tx) => {
    const row = await assertMayResumeRenewal(tx, fan, await subscriptionById(tx, id), payer);
    if (row.type === 'free') throw conflict('A free trial does not renew: subscribe to a plan to keep access');
    if (row.status === 'active') return;
    if (row.status !== 'cancelled' || !row.expiredAt || row.expiredAt <= new Date()) {
      throw conflict('This subscription has ended: subscribe again to renew it');
    }
    // Conditional, so a renewal job that expired it meanwhile is not undone.
    await resumeIfCancelled(tx, id, row.expiredAt);
  });
  return subscriptionFor(deps, id);
}

/** Subscriptions for a page at once; `forFan` names the card they renew on, which only the fan sees. */
async function presentSubscriptions(deps: Deps, rows: SubscriptionRow[], forFan: boolean): Promise<Subscription[]> {
  if (!rows.length) return [];
  const [people, cards] = await Promise.all([
    publicUsersById(
      deps.db,
      rows.flatMap((row) => [row.userId, row.performerId]),
    ),
    forFan
      ? cardLabels(
          deps.db,
          rows.map((row) => row.cardId),
        )
      : new Map<string, CardLabel>(),
  ]);
  const person = (id: string) => people.get(id)!;
  const now = new Date();
  return rows.map((row) => ({
    _id: row.id,
    type: row.type,
    status: row.status,
    isActive: (row.status === 'active' || row.status === 'cancelled') && !!row.expiredAt && row.expiredAt > now,
    paidWith: (subscriptionPayers as readonly string[]).includes(row.gateway ?? '') ? (row.gateway as SubscriptionPayer) : null,
    card: (row.cardId && cards.get(row.cardId)) || null,
    price: fromCents(row.priceCents),
    startedAt: row.startedAt?.toISOString() ?? null,
    expiredAt: row.expiredAt?.toISOString() ?? null,
    nextRenewalAt: row.nextRenewalAt?.toISOString() ?? null,
    usedFreeTrial: row.usedFreeTrial,
    user: person(row.userId),
    performer: person(row.performerId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

async function subscriptionFor(deps: Deps, id: string) {
  const row = await subscriptionById(deps.db, id);
  return (await presentSubscriptions(deps, row ? [row] : [], true))[0]!;
}

/** A fan's subscriptions (`/subscriptions/user/search`) or a creator's subscribers (`/subscriptions/performer/search`). */
export async function searchSubscriptions(
  deps: Deps,
  side: 'user' | 'performer',
  viewer: SessionUser,
  query: z.output<typeof subscriptionQuerySchema>,
) {
  const { rows, total } = await subscriptionsPage(deps.db, side, viewer.id, query);
  return { data: await presentSubscriptions(deps, rows, side === 'user'), total };
}
