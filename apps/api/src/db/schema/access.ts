import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

export type SubscriptionStatus = 'created' | 'active' | 'cancelled' | 'expired';

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
    /** free (trial), monthly, three_months, six_months, yearly. */
    type: text('type').notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull().default('created'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    nextRenewalAt: timestamp('next_renewal_at', { withTimezone: true }),
    usedFreeTrial: boolean('used_free_trial').notNull().default(false),
    gateway: text('gateway'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('subscriptions_pair_key').on(t.userId, t.performerId),
    index('subscriptions_performer_idx').on(t.performerId, t.expiredAt),
    check('subscriptions_status_check', sql`${t.status} in ('created', 'active', 'cancelled', 'expired')`),
  ],
);

export type PurchasableType = 'feed' | 'video' | 'gallery' | 'product' | 'message';

/**
 * What a fan has bought, one row per item, written in the same transaction as the successful
 * charge (Money issue), so access checks read one indexed table instead of the ledger.
 */
export const purchasedItems = pgTable(
  'purchased_items',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemType: text('item_type').$type<PurchasableType>().notNull(),
    itemId: uuid('item_id').notNull(),
    /** The wallet charge that paid for it. */
    chargeId: uuid('charge_id'),
    createdAt: createdAt(),
  },
  (t) => [unique('purchased_items_user_item_key').on(t.userId, t.itemType, t.itemId)],
);
