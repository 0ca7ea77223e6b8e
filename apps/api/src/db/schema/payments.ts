import type {
  CardChargeInput,
  PaymentGatewayName,
  PaymentStatus,
  PaymentType,
  SubscriptionType,
  WalletChargeRouteType,
} from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

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
