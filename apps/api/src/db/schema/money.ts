import type {
  CardChargeInput,
  ChargeStatus,
  ChargeType,
  LedgerAccountKind,
  PaymentGatewayName,
  PaymentStatus,
  PaymentType,
  PayoutMethod,
  PayoutStatus,
  SubscriptionType,
  WalletChargeRouteType,
} from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

/**
 * The double-entry ledger (domain rules, Money). Every account has a cached balance in cents
 * that changes in the same transaction as its entries; the accounts that hold someone's money
 * can never go below zero (the check is the last line of defence behind conditional updates).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: id(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    /** The fan or creator whose money this is; null for the platform's own accounts. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'restrict' }),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ledger_accounts_owner_kind_key').on(t.ownerId, t.kind).nullsNotDistinct(),
    check(
      'ledger_accounts_kind_check',
      sql`${t.kind} in ('wallet', 'earnings', 'payout_hold', 'paid_out', 'platform_revenue', 'promotions', 'gateway_clearing', 'refund_losses')`,
    ),
    // Money from outside (card payments) and what the platform gives away (coupon discounts) are
    // the only balances that run negative.
    check('ledger_accounts_non_negative', sql`${t.kind} in ('gateway_clearing', 'promotions', 'refund_losses') or ${t.balanceCents} >= 0`),
  ],
);

/** One money movement: its entries sum to zero. */
export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: id(),
    /** top_up, charge, subscription, payout_request, payout_rejected, payout_paid, refund. */
    kind: text('kind').notNull(),
    /** What moved the money: a wallet charge, a payment, a payout request. */
    referenceType: text('reference_type').notNull(),
    referenceId: uuid('reference_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A payment or a charge moves money once; a retried confirmation finds this row.
    unique('ledger_journals_reference_kind_key').on(t.referenceType, t.referenceId, t.kind),
    // The admin's dashboard sums a period's movements by day.
    index('ledger_journals_created_at_idx').on(t.createdAt),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    journalId: uuid('journal_id')
      .notNull()
      .references(() => ledgerJournals.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    /** Positive adds to the account, negative takes from it. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_entries_account_idx').on(t.accountId, t.createdAt), index('ledger_entries_journal_idx').on(t.journalId)],
);

/**
 * The first answer to a money-moving request, by the account and the `Idempotency-Key` it
 * sent, written in the same transaction as the movement: a retry gets this answer back.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** A hash of the request, so the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pkey', columns: [t.userId, t.key] })],
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
    check(
      'wallet_charges_type_check',
      sql`${t.type} in ('tip', 'feed', 'video', 'gallery', 'product', 'message', 'stream', 'stream_tip', 'subscription')`,
    ),
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

/** A card payment through a gateway: a wallet top-up or a subscription period. */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    gateway: text('gateway').$type<PaymentGatewayName>().notNull(),
    type: text('type').$type<PaymentType>().notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('created'),
    /** What the card is charged. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** What the wallet receives (a top-up), before any coupon discount on the price. */
    tokensCents: bigint('tokens_cents', { mode: 'number' }).notNull().default(0),
    /** The creator a subscription pays, and the plan. */
    performerId: uuid('performer_id').references(() => users.id, { onDelete: 'restrict' }),
    subscriptionType: text('subscription_type').$type<SubscriptionType>(),
    couponId: uuid('coupon_id'),
    packageId: uuid('package_id'),
    cardId: uuid('card_id'),
    /** The gateway's id for the payment (a Stripe payment intent, a sandbox charge). */
    gatewayRef: text('gateway_ref'),
    /** What the client needs to finish 3-D Secure with the gateway (Stripe's client secret). */
    clientSecret: text('client_secret'),
    /** Why the gateway declined, or what it asks for (3-D Secure). */
    failureReason: text('failure_reason'),
    /** A `charge` payment: the wallet charge it buys, as asked (route type, item id, the charge's fields). */
    purchase: jsonb('purchase').$type<{ type: WalletChargeRouteType; itemId: string; input: CardChargeInput }>(),
    /** The wallet charge booked when the card paid. */
    chargeId: uuid('charge_id'),
    /** Why the purchase could not be booked when the card paid (its tokens stayed in the wallet). */
    purchaseProblem: text('purchase_problem'),
    /** What a refund gave back to the card: the unspent part, at most `amountCents`. */
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('payment_transactions_gateway_ref_key').on(t.gateway, t.gatewayRef),
    index('payment_transactions_user_created_idx').on(t.userId, t.createdAt),
    index('payment_transactions_created_idx').on(t.createdAt),
    check(
      'payment_transactions_status_check',
      sql`${t.status} in ('created', 'processing', 'success', 'fail', 'canceled', 'refunded', 'require_authentication')`,
    ),
    check('payment_transactions_amounts', sql`${t.amountCents} > 0 and ${t.tokensCents} >= 0`),
  ],
);

/**
 * One try at charging a payment's card. Each attempt has its own gateway idempotency key; a new
 * attempt starts only after the last one failed, so while an outcome is unknown (the gateway
 * did not answer) every re-send reuses that attempt's key and the card is charged at most once.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => paymentTransactions.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** sending (a call is out), unknown (the call got no answer), or the outcome the gateway gave. */
    state: text('state').$type<PaymentAttemptState>().notNull().default('sending'),
    /** The gateway's id for this try (a Stripe payment intent): webhooks and refunds find the payment by it. */
    gatewayRef: text('gateway_ref'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('payment_attempts_number_key').on(t.paymentId, t.number),
    unique('payment_attempts_idempotency_key').on(t.idempotencyKey),
    index('payment_attempts_gateway_ref_idx').on(t.gatewayRef),
    check(
      'payment_attempts_state_check',
      sql`${t.state} in ('sending', 'unknown', 'success', 'fail', 'processing', 'require_authentication')`,
    ),
  ],
);
export type PaymentAttemptState = 'sending' | 'unknown' | 'success' | 'fail' | 'processing' | 'require_authentication';

/**
 * One amount a card payment gave back: an admin's refund, or each one made on the gateway's side
 * (a Stripe dashboard may refund a charge in several parts). Each is taken back by its own ledger
 * journal (reference type `payment_refund`); together they add up to the payment's `refundedCents`.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => paymentTransactions.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payment_refunds_payment_idx').on(t.paymentId), check('payment_refunds_amount', sql`${t.amountCents} > 0`)],
);

/** A saved card: only what identifies it to the owner and to the gateway, never its number. */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway').$type<PaymentGatewayName>().notNull(),
    /** The gateway's token for the card (a Stripe payment method id). */
    gatewayCardId: text('gateway_card_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    holderName: text('holder_name').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_cards_user_idx').on(t.userId, t.createdAt),
    unique('payment_cards_gateway_card_key').on(t.gateway, t.gatewayCardId),
  ],
);

export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    name: text('name').notNull().default(''),
    code: text('code').notNull(),
    /** Off the price, in basis points: 1000 is 10 %. */
    discountBps: integer('discount_bps').notNull(),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** Uses left; null is unlimited. */
    remainingUses: integer('remaining_uses'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('coupons_code_key').on(t.code),
    check('coupons_discount_range', sql`${t.discountBps} > 0 and ${t.discountBps} < 10000`),
    check('coupons_remaining_non_negative', sql`${t.remainingUses} is null or ${t.remainingUses} >= 0`),
  ],
);

/** One use per fan and coupon, taken when the payment succeeds. */
export const couponUses = pgTable(
  'coupon_uses',
  {
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'coupon_uses_pkey', columns: [t.couponId, t.userId] }),
    index('coupon_uses_transaction_idx').on(t.transactionId),
  ],
);

/** A creator asking to be paid: the amount waits on hold from the request until paid or rejected. */
export const payoutRequests = pgTable(
  'payout_requests',
  {
    id: id(),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').$type<PayoutStatus>().notNull().default('pending'),
    paymentAccountType: text('payment_account_type').$type<PayoutMethod>().notNull(),
    paymentAccountInfo: jsonb('payment_account_info').$type<Record<string, string>>().notNull(),
    /** What one token was worth in money when requested, in basis points of the currency unit (10000 is 1). */
    tokenConversionBps: integer('token_conversion_bps').notNull(),
    requestNote: text('request_note').notNull().default(''),
    adminNote: text('admin_note').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payout_requests_performer_created_idx').on(t.performerId, t.createdAt),
    index('payout_requests_status_created_idx').on(t.status, t.createdAt),
    // One request waiting for review per creator.
    uniqueIndex('payout_requests_one_pending_key').on(t.performerId).where(sql`${t.status} = 'pending'`),
    check('payout_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'paid')`),
    check('payout_requests_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Who a user is at a gateway: their Stripe customer (paying) or connected account (paid). */
export const gatewayAccounts = pgTable(
  'gateway_accounts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway').$type<PaymentGatewayName>().notNull(),
    role: text('role').$type<'customer' | 'payee'>().notNull(),
    externalId: text('external_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'gateway_accounts_pkey', columns: [t.userId, t.gateway, t.role] })],
);

/** Gateway events already applied: a replayed webhook is answered and ignored. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    gateway: text('gateway').$type<PaymentGatewayName>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'webhook_events_pkey', columns: [t.gateway, t.eventId] })],
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
