import type { ChargeStatus, ChargeType } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

/** `stream`: a paid live session, bought once per session. */
export type PurchasableType = 'feed' | 'video' | 'gallery' | 'product' | 'message' | 'stream';

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

/** A payment from the wallet: a tip or the price of an item. */
export const walletCharges = pgTable(
  'wallet_charges',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** A registered sellable's type (decision 076: the app's registry decides what is sold, not a list in the schema). */
    type: text('type').$type<ChargeType>().notNull(),
    /** The item bought; null for a tip. */
    itemId: uuid('item_id'),
    status: text('status').$type<ChargeStatus>().notNull().default('success'),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    commissionCents: bigint('commission_cents', { mode: 'number' }).notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    /** What the fan wrote with a tip. */
    message: text('message').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('wallet_charges_user_created_idx').on(t.userId, t.createdAt),
    index('wallet_charges_performer_created_idx').on(t.performerId, t.createdAt),
    check('wallet_charges_status_check', sql`${t.status} in ('pending', 'success', 'refunded')`),
    check('wallet_charges_amounts', sql`${t.grossCents} > 0 and ${t.netCents} + ${t.commissionCents} = ${t.grossCents}`),
  ],
);

/**
 * What a creator earned from one sale, after the platform's commission: a wallet charge or a
 * paid subscription period.
 */
export const earnings = pgTable(
  'earnings',
  {
    id: id(),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The fan who paid. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** tip, feed, video, gallery, …, subscription. */
    sourceType: text('source_type').notNull(),
    /** The wallet charge or the payment transaction. */
    sourceId: uuid('source_id').notNull(),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    commissionCents: bigint('commission_cents', { mode: 'number' }).notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    /** The platform's share applied, in basis points (1000 is 10 %). */
    commissionBps: integer('commission_bps').notNull(),
    /** A refund's row: the sale from the same source undone, its amounts negative. */
    isRefund: boolean('is_refund').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    unique('earnings_source_key').on(t.sourceType, t.sourceId, t.isRefund),
    index('earnings_performer_created_idx').on(t.performerId, t.createdAt),
  ],
);

/**
 * An admin's credit or debit of a user's wallet (issue 27), with the reason: posted as one
 * `admin_adjustment` journal against the platform's promotions account, referenced by this row.
 */
export const walletAdjustments = pgTable(
  'wallet_adjustments',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The admin who made it; kept when that account goes (the audit trail names them too). */
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    /** Positive credits the wallet, negative debits it. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('wallet_adjustments_user_idx').on(t.userId, t.createdAt), check('wallet_adjustments_not_zero', sql`${t.amountCents} <> 0`)],
);
