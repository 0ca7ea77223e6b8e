import type { SubscriptionPayer, SubscriptionStatus, SubscriptionType } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { walletCharges } from './money';
import { users } from './users';

/**
 * One record per fan and creator, reused on renewal (domain rules: Subscriptions). Access
 * lasts until `expiredAt`, also after cancelling. Payments fill it (Money issue).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<SubscriptionType>().notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull().default('created'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    nextRenewalAt: timestamp('next_renewal_at', { withTimezone: true }),
    usedFreeTrial: boolean('used_free_trial').notNull().default(false),
    /** How it is paid and renewed: free, wallet, or a card gateway (sandbox, stripe). */
    gateway: text('gateway').$type<SubscriptionPayer>(),
    /** The card renewals charge, for card subscriptions. */
    cardId: uuid('card_id'),
    /** What the last period cost. */
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('subscriptions_pair_key').on(t.userId, t.performerId),
    index('subscriptions_performer_idx').on(t.performerId, t.expiredAt),
    index('subscriptions_user_updated_idx').on(t.userId, t.updatedAt),
    // The renewal job's queue: what falls due first.
    index('subscriptions_next_renewal_idx').on(t.nextRenewalAt),
    check('subscriptions_status_check', sql`${t.status} in ('created', 'active', 'cancelled', 'expired')`),
  ],
);

/**
 * Each period a fan paid for (or got free): the sale behind a subscription's ledger journal and
 * the creator's earning.
 */
export const subscriptionPeriods = pgTable(
  'subscription_periods',
  {
    id: id(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'restrict' }),
    type: text('type').$type<SubscriptionType>().notNull(),
    paidWith: text('paid_with').$type<SubscriptionPayer>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The card payment, when paid by card. */
    paymentId: uuid('payment_id'),
    /** The wallet charge, when paid from the wallet. */
    chargeId: uuid('charge_id').references(() => walletCharges.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('subscription_periods_subscription_idx').on(t.subscriptionId, t.createdAt),
    unique('subscription_periods_payment_key').on(t.paymentId),
    unique('subscription_periods_charge_key').on(t.chargeId),
  ],
);
