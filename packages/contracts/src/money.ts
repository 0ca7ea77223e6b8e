import { z } from 'zod';
import { listQuerySchema } from './list';
import { moneySchema } from './performers';
import { MAX_ORDER_QUANTITY } from './rules';
import { publicUserSchema } from './users';
import { MAX_INTEGER_COLUMN, phoneSchema } from './validation';

export { formatMoney, formatTokens, SITE_CURRENCY } from './money-format';

/** Ledger accounts (domain rules, Money): whose money, and where it is. */
export const ledgerAccountKinds = [
  'wallet',
  'payout_hold',
  'earnings',
  'paid_out',
  'promotions',
  'gateway_clearing',
  'platform_revenue',
  /** What a refund gave back to a card beyond what it could take back (decision 032): must stay empty. */
  'refund_losses',
] as const;

export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];

/** What a wallet pays for; `subscription` is a subscription period paid from the wallet. */
export const chargeTypes = ['tip', 'feed', 'video', 'gallery', 'product', 'message', 'stream', 'stream_tip', 'subscription'] as const;
export type ChargeType = (typeof chargeTypes)[number];
/**
 * What `POST /wallet/charges/{type}/{id}` takes (spec 7). `stream` pays a live session's price
 * (id: the session); a tip sent with `sessionId` is a `stream_tip` and posts a line in its chat,
 * one sent with `conversationId` a line in the fan's conversation with the creator.
 */
export const walletChargeRouteTypes = ['tip', 'feed', 'video', 'gallery', 'message', 'product', 'stream'] as const;
export type WalletChargeRouteType = (typeof walletChargeRouteTypes)[number];
export const chargeStatuses = ['pending', 'success', 'refunded'] as const;
export type ChargeStatus = (typeof chargeStatuses)[number];

export const paymentGateways = ['sandbox', 'stripe'] as const;
export type PaymentGatewayName = (typeof paymentGateways)[number];
export const paymentStatuses = ['created', 'processing', 'success', 'fail', 'canceled', 'refunded', 'require_authentication'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
/** `charge`: a wallet charge (a tip, an item, a product…) paid by card (decision 032). */
export const paymentTypes = ['wallet_top_up', 'subscription', 'charge'] as const;
export type PaymentType = (typeof paymentTypes)[number];

/** The sandbox gateway's test cards (the embedded default; no money moves). */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  /** Asks for 3-D Secure: the payment waits for the fan to confirm it. */
  authentication: '4000002500003155',
} as const;

export const sandboxCardSchema = z.object({
  number: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'must be a card number')),
  expMonth: z.coerce.number().int().min(1, 'must be 1 to 12').max(12, 'must be 1 to 12'),
  expYear: z.coerce.number().int().min(2000, 'must be a year').max(2100, 'must be a year'),
  cvc: z.string().regex(/^\d{3,4}$/, 'must be 3 or 4 digits'),
  holderName: z.string().trim().max(100, 'must be at most 100 characters').default(''),
});
export type SandboxCardInput = z.input<typeof sandboxCardSchema>;
/** Stripe cards are collected by Stripe.js; the API receives the payment method's id. */
export const stripeCardSchema = z.object({ paymentMethodId: z.string().trim().min(1, 'is required').max(255) });
export type StripeCardInput = z.input<typeof stripeCardSchema>;

export const paymentCardSchema = z.object({
  _id: z.string(),
  gateway: z.enum(paymentGateways),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  holderName: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type PaymentCard = z.infer<typeof paymentCardSchema>;

export const topUpSchema = z
  .object({
    /** Tokens to buy, within minimumWalletPrice and maximumWalletPrice; or a package. */
    amount: moneySchema.optional(),
    packageId: z.uuid('must be an id').optional(),
    couponCode: z.string().trim().min(1).max(50).optional(),
    /** A saved card; the default card when left out. */
    cardId: z.uuid('must be an id').optional(),
  })
  .refine((input) => (input.amount === undefined) !== (input.packageId === undefined), {
    message: 'give either amount or packageId',
    path: ['amount'],
    // Only once the fields themselves are valid, so one bad field is reported once.
    when: (payload) => payload.issues.length === 0,
  });
export type TopUpInput = z.input<typeof topUpSchema>;

/** A saved card as its owner recognises it; never more of the number than this. */
export const cardLabelSchema = z.object({ brand: z.string(), last4: z.string() });
export type CardLabel = z.infer<typeof cardLabelSchema>;

export const paymentTransactionSchema = z.object({
  _id: z.string(),
  gateway: z.enum(paymentGateways),
  type: z.enum(paymentTypes),
  status: z.enum(paymentStatuses),
  /** Charged to the card. */
  amount: z.number(),
  /** Added to the wallet (top-ups). */
  tokens: z.number(),
  /** Who paid. */
  user: publicUserSchema,
  /** Whom a subscription payment paid. */
  performer: publicUserSchema.nullable(),
  couponCode: z.string().nullable(),
  card: cardLabelSchema.nullable(),
  failureReason: z.string().nullable(),
  /** Whether the fan may try it again: it failed or was canceled and its card is still saved. */
  canRetry: z.boolean(),
  /** What the client must do next for 3-D Secure: POST this path (sandbox), or confirm with Stripe.js. */
  nextAction: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('confirm'), url: z.string() }),
      z.object({ type: z.literal('stripe'), clientSecret: z.string() }),
    ])
    .nullable(),
  /** What a `charge` payment buys: the wallet charge booked once the card paid, or why it could not be (the tokens then stay in the wallet). */
  purchase: z
    .object({
      type: z.enum(walletChargeRouteTypes),
      itemId: z.string(),
      chargeId: z.string().nullable(),
      problem: z.string().nullable(),
    })
    .nullable(),
  /** Given back to the card (a refund of the unspent part may be less than `amount`). */
  refunded: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentTransaction = z.infer<typeof paymentTransactionSchema>;

export const transactionQuerySchema = listQuerySchema(['createdAt', 'updatedAt', 'amount']).extend({
  type: z.enum(paymentTypes).optional(),
  status: z.enum(paymentStatuses).optional(),
});

export const couponSchema = z.object({
  _id: z.string(),
  name: z.string(),
  code: z.string(),
  discountRate: z.number(),
  expiredAt: z.string().nullable(),
  remainingUses: z.number().int().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;
export const couponCodeSchema = z
  .string()
  .trim()
  .min(3, 'must be at least 3 characters')
  .max(50, 'must be at most 50 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'may use letters, digits, - and _')
  .transform((code) => code.toUpperCase());
/** Rates are stored as integer basis points: 10,000 is the whole. */
export const BASIS_POINTS = 10_000;
export const isWholeBasisPoints = (rate: number) => Math.abs(rate * BASIS_POINTS - Math.round(rate * BASIS_POINTS)) < 1e-6;

/**
 * A discount as a fraction of the price (0.1 = 10 %), in whole basis points: 0.0001 to 0.9999.
 * Anything finer (0.00001, the denormal 5e-324) would be stored as 0 and is refused instead.
 */
export const rateSchema = z
  .number()
  .min(0.0001, 'must be at least 0.0001')
  .max(0.9999, 'must be at most 0.9999')
  .refine(isWholeBasisPoints, 'must have at most four decimals (whole basis points)');

/** A coupon as the admin saves it. */
export const saveCouponSchema = z.object({
  name: z.string().trim().max(100, 'must be at most 100 characters').default(''),
  code: couponCodeSchema,
  discountRate: rateSchema,
  expiredAt: z.iso.datetime({ offset: true, message: 'must be an ISO date-time' }).nullable().default(null),
  remainingUses: z
    .number()
    .int()
    .min(0, 'must be 0 or more')
    .max(MAX_INTEGER_COLUMN, `must be at most ${MAX_INTEGER_COLUMN}`)
    .nullable()
    .default(null),
  isActive: z.boolean().default(true),
});
export type SaveCouponInput = z.input<typeof saveCouponSchema>;

export const walletChargeInputSchema = z.object({
  /** The tip (tips only); items cost what their creator asks, and a price sent is checked against it. */
  price: moneySchema.optional(),
  message: z.string().trim().max(500, 'must be at most 500 characters').default(''),
  /** A product only: how many (physical; a digital product is bought once), where to and a phone for the courier. */
  quantity: z
    .number('must be a number')
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_ORDER_QUANTITY, `must be at most ${MAX_ORDER_QUANTITY}`)
    .optional(),
  addressId: z.uuid('must be an address id').optional(),
  phone: phoneSchema.optional(),
  /** A tip only: the live session whose chat it is sent in (a `stream_tip`, shown as a highlighted line). */
  sessionId: z.uuid('must be a session id').optional(),
  /** A tip only: the fan's conversation with the creator it is sent in (a line in the thread with its amount and message). */
  conversationId: z.uuid('must be a conversation id').optional(),
});
export type WalletChargeInput = z.input<typeof walletChargeInputSchema>;
/** `POST /payment/charges/{type}/{id}`: the wallet charge's fields, paid with a saved card (the default when left out). */
export const cardChargeInputSchema = walletChargeInputSchema.extend({ cardId: z.uuid('must be an id').optional() });
export type CardChargeInput = z.input<typeof cardChargeInputSchema>;

/** What refunding a card payment will do, shown to the admin before confirming (decision 032). */
export const refundPreviewSchema = z.object({
  /** Given back to the card. */
  amount: z.number(),
  /** Charged to the card and not given back: the part of its tokens already spent. */
  shortfall: z.number(),
  /** Tokens taken back from the fan's wallet. */
  tokensTaken: z.number(),
  /** The wallet charge the payment bought, given back first (a card purchase). */
  reversesCharge: z.boolean(),
  /** What will happen, in words. */
  summary: z.string(),
});
export type RefundPreview = z.infer<typeof refundPreviewSchema>;

export const walletChargeSchema = z.object({
  _id: z.string(),
  type: z.enum(chargeTypes),
  status: z.enum(chargeStatuses),
  itemId: z.string().nullable(),
  price: z.number(),
  message: z.string(),
  /** The fan who paid. */
  user: publicUserSchema,
  performer: publicUserSchema,
  createdAt: z.string(),
});
export type WalletCharge = z.infer<typeof walletChargeSchema>;
export const walletChargeResultSchema = z.object({ charge: walletChargeSchema, balance: z.number() });

export const walletChargeQuerySchema = listQuerySchema(['createdAt', 'price']).extend({
  type: z.enum(chargeTypes).optional(),
  status: z.enum(chargeStatuses).optional(),
});

/** A trial (free) or a paid plan of 1, 3, 6 or 12 months (domain rules, Subscriptions). */
export const subscriptionTypes = ['free', 'monthly', 'three_months', 'six_months', 'yearly'] as const;
export type SubscriptionType = (typeof subscriptionTypes)[number];
export const subscriptionStatuses = ['created', 'active', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];
/** Months each paid plan lasts. */
export const planMonths: Record<Exclude<SubscriptionType, 'free'>, number> = { monthly: 1, three_months: 3, six_months: 6, yearly: 12 };
/** How a subscription is paid: free (a trial), from the wallet, or by card through a gateway. */
export const subscriptionPayers = ['free', 'wallet', ...paymentGateways] as const;
export type SubscriptionPayer = (typeof subscriptionPayers)[number];

export const subscribeSchema = z.object({
  performerId: z.uuid('must be an id'),
  type: z.enum(subscriptionTypes),
  /** For paid plans: the wallet, or a card (the default one unless `cardId`). */
  paymentMethod: z.enum(['wallet', 'card']).default('wallet'),
  cardId: z.uuid('must be an id').optional(),
});
export type SubscribeInput = z.input<typeof subscribeSchema>;

export const subscriptionSchema = z.object({
  _id: z.string(),
  type: z.enum(subscriptionTypes),
  status: z.enum(subscriptionStatuses),
  /** Whether it opens the creator's subscriber content now (active or cancelled, until it expires). */
  isActive: z.boolean(),
  paidWith: z.enum(subscriptionPayers).nullable(),
  /** The card renewals charge, shown to the fan only (null for the creator, and when the card was removed). */
  card: cardLabelSchema.nullable(),
  price: z.number(),
  startedAt: z.string().nullable(),
  expiredAt: z.string().nullable(),
  nextRenewalAt: z.string().nullable(),
  usedFreeTrial: z.boolean(),
  user: publicUserSchema,
  performer: publicUserSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
/** Subscribing answers the subscription, and the card payment when it went through a gateway. */
export const subscribeResultSchema = z.object({
  subscription: subscriptionSchema.nullable(),
  payment: paymentTransactionSchema.nullable(),
});

/**
 * `POST /payment/{gateway}/cancel-subscription/{id}` turns renewal off and
 * `POST /payment/{gateway}/resume-subscription/{id}` turns it back on while the period runs,
 * neither charging anything: the gateway is the one the subscription is paid with.
 */
export const subscriptionRenewalParamsSchema = z.object({ gateway: z.enum(subscriptionPayers), id: z.uuid('must be an id') });

export const subscriptionQuerySchema = listQuerySchema(['createdAt', 'updatedAt', 'expiredAt']).extend({
  status: z.enum(subscriptionStatuses).optional(),
  type: z.enum(subscriptionTypes).optional(),
  /** Only those that open content now. */
  activeOnly: z.enum(['true', 'false']).optional(),
  /** A fan's subscription to one creator. */
  performerId: z.uuid('must be an id').optional(),
});

/** Where a payout goes: the bank account on file, PayPal, or the creator's Stripe Connect account. */
export const payoutMethods = ['banking', 'paypal', 'stripe'] as const;
export type PayoutMethod = (typeof payoutMethods)[number];
export const payoutStatuses = ['pending', 'approved', 'rejected', 'paid'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

export const payoutRequestInputSchema = z.object({
  amount: moneySchema,
  paymentAccountType: z.enum(payoutMethods).default('banking'),
  requestNote: z.string().trim().max(1000, 'must be at most 1000 characters').default(''),
});
export type PayoutRequestInput = z.input<typeof payoutRequestInputSchema>;

export const payoutRequestSchema = z.object({
  _id: z.string(),
  amount: z.number(),
  status: z.enum(payoutStatuses),
  paymentAccountType: z.enum(payoutMethods),
  /** The destination as it was when requested (bank name and last digits, or the PayPal e-mail). */
  paymentAccountInfo: z.record(z.string(), z.string()),
  /** Site currency per token when requested: what the creator receives is amount × rate. */
  tokenConversionRate: z.number(),
  requestNote: z.string(),
  adminNote: z.string(),
  performer: publicUserSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PayoutRequest = z.infer<typeof payoutRequestSchema>;

export const payoutQuerySchema = listQuerySchema(['createdAt', 'updatedAt', 'amount']).extend({
  status: z.enum(payoutStatuses).optional(),
  performerId: z.uuid('must be an id').optional(),
});

/** `POST /payout-requests/calculate`: where the creator's earnings stand (tokens). */
export const payoutCalculationSchema = z.object({
  totalEarned: z.number(),
  totalPaidOut: z.number(),
  onHold: z.number(),
  available: z.number(),
  minimumPayoutAmount: z.number(),
});
export type PayoutCalculation = z.infer<typeof payoutCalculationSchema>;

export const reviewPayoutSchema = z.object({
  status: z.enum(['approved', 'rejected', 'paid']),
  adminNote: z.string().trim().max(1000, 'must be at most 1000 characters').default(''),
});

/** A creator earns from what wallets pay for and from subscriptions paid by card. */
export const earningSourceTypes = chargeTypes;
export const earningSchema = z.object({
  _id: z.string(),
  sourceType: z.enum(earningSourceTypes),
  sourceId: z.string(),
  gross: z.number(),
  commission: z.number(),
  net: z.number(),
  commissionRate: z.number(),
  /** A refund undoing the sale from the same source (negative amounts). */
  isRefund: z.boolean(),
  user: publicUserSchema,
  performer: publicUserSchema,
  createdAt: z.string(),
});
export type Earning = z.infer<typeof earningSchema>;

const dateQuery = z.iso.date('must be a date (YYYY-MM-DD)').optional();
export const earningQuerySchema = listQuerySchema(['createdAt', 'gross', 'net']).extend({
  sourceType: z.enum(earningSourceTypes).optional(),
  fromDate: dateQuery,
  toDate: dateQuery,
});
export const earningStatsQuerySchema = z.object({ fromDate: dateQuery, toDate: dateQuery });
export const earningStatsSchema = z.object({
  totalGross: z.number(),
  totalCommission: z.number(),
  totalNet: z.number(),
  bySource: z.array(z.object({ sourceType: z.enum(earningSourceTypes), net: z.number(), count: z.number().int() })),
  /** Net earned per day (UTC), oldest first, days without sales left out. */
  byDay: z.array(z.object({ date: z.string(), net: z.number() })),
  balance: payoutCalculationSchema,
});
export type EarningStats = z.infer<typeof earningStatsSchema>;

export const couponQuerySchema = listQuerySchema(['createdAt', 'updatedAt', 'code']).extend({
  q: z.string().trim().max(50).optional(),
});
