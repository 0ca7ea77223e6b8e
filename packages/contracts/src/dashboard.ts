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
