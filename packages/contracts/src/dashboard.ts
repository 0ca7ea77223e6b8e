import { z } from 'zod';
import { feedTypes } from './feeds';

/** How many of something arrived today, in the last 30 days, and how many there are now. */
const arrivalsSchema = z.object({
  /** Since the start of today (UTC), as the earnings screen counts days. */
  today: z.number().int(),
  last30Days: z.number().int(),
  /** Followers now; subscribers whose subscription gives access now. */
  total: z.number().int(),
});

/**
 * `GET /performer/dashboard`: a creator's overview (decision 028). Amounts are tokens, net to the
 * creator, as on the earnings screen.
 */
export const creatorDashboardSchema = z.object({
  earnings: z.object({ today: z.number(), thisMonth: z.number() }),
  subscribers: arrivalsSchema,
  followers: arrivalsSchema,
  /** The creator's posts published in the last 30 days with the most likes and comments, at most 5. */
  topPosts: z.array(
    z.object({
      _id: z.string(),
      type: z.enum(feedTypes),
      /** The start of the post's text (at most 120 characters). */
      text: z.string(),
      likeCount: z.number().int(),
      commentCount: z.number().int(),
      publishedAt: z.string(),
    }),
  ),
  /** Payout requests neither paid nor rejected yet (pending or approved), and the tokens they hold. */
  pendingPayouts: z.object({ count: z.number().int(), amount: z.number() }),
  /** Orders still to ship; null while the admin keeps the shop closed. */
  pendingOrders: z.object({ count: z.number().int() }).nullable(),
  /** The creator's live session now, if they are live. */
  liveSessionId: z.string().nullable(),
});
export type CreatorDashboard = z.infer<typeof creatorDashboardSchema>;

/** The periods the admin's dashboard covers, in days (`?days=` in its URL). */
export const adminDashboardPeriods = [7, 30, 90] as const;
export const adminDashboardQuerySchema = z.object({
  days: z.coerce
    .number('must be 7, 30 or 90')
    .refine((days) => (adminDashboardPeriods as readonly number[]).includes(days), 'must be 7, 30 or 90')
    .default(30),
});

/** One day of the admin's dashboard (UTC). Amounts are in the site's currency units (two decimals). */
export const adminDashboardDaySchema = z.object({
  /** YYYY-MM-DD */
  date: z.string(),
  /** Accounts made that day, by role. */
  fans: z.number().int(),
  creators: z.number().int(),
  /** Creators whose documents an admin approved that day. */
  verifiedCreators: z.number().int(),
  /** Subscriptions that started that day. */
  subscriptions: z.number().int(),
  /** What fans paid for sales (subscriptions, tips, posts, messages, products, streams): the ledger's sale journals, gross. */
  revenue: z.number(),
  /** The platform's commission on those sales (the ledger's platform revenue account). */
  fees: z.number(),
  /** Payouts paid to creators (the ledger's paid-out account). */
  payouts: z.number(),
  /** What refunds gave back to fans (to their wallet or their card). */
  refunds: z.number(),
});
export type AdminDashboardDay = z.infer<typeof adminDashboardDaySchema>;

/** `GET /admin/dashboard?days=30`: the operator's overview (decision 051). */
export const adminDashboardSchema = z.object({
  days: z.number().int(),
  /** The first day counted (UTC, YYYY-MM-DD); the last is today. */
  from: z.string(),
  series: z.array(adminDashboardDaySchema),
  totals: adminDashboardDaySchema.omit({ date: true }),
  /** Subscriptions giving access now. */
  activeSubscriptions: z.number().int(),
  queues: z.object({
    /** Open reports: how many, the oldest, and how many are past the 7-day limit. */
    reports: z.object({ open: z.number().int(), oldestAt: z.string().nullable(), overdue: z.number().int() }),
    /** Creators whose documents wait for review (sent and neither approved nor rejected). */
    verification: z.object({ waiting: z.number().int(), oldestAt: z.string().nullable() }),
    /** Payout requests not paid yet (pending or approved) and the amount they hold. */
    payouts: z.object({ count: z.number().int(), amount: z.number() }),
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
