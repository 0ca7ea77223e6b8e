import { z } from 'zod';
import { LIST_MAX_LIMIT, listQuerySchema } from './list';
import { mediaFileSchema } from './media';
import { ownerHoldField } from './moderation';
import { salePriceSchema } from './performers';
import { publicUserSchema } from './users';

export const feedTypes = ['text', 'photo', 'video', 'audio'] as const;
export type FeedType = (typeof feedTypes)[number];
export const feedStatuses = ['active', 'inactive'] as const;

/**
 * Who may see a post: everyone (free), subscribers, or whoever pays to unlock it. Stored as the
 * spec's `isSale` and `price`: a sale at price 0 is free for everyone, so "pay to unlock" always
 * has a price above 0.
 */
export const feedAudiences = ['everyone', 'subscribers', 'sale'] as const;
export type FeedAudience = (typeof feedAudiences)[number];
export const feedAudienceOf = (feed: { isSale: boolean; price: number }): FeedAudience =>
  !feed.isSale ? 'subscribers' : feed.price > 0 ? 'sale' : 'everyone';

/** At most this many photos in one post. */
export const MAX_FEED_PHOTOS = 20;

/**
 * A post as the creator saves it. Media are uploaded first (`/performer/feeds/{kind}/upload`)
 * and named here by id; a poll is created first too (`POST /performer/feeds/polls`).
 */
export const saveFeedSchema = z
  .object({
    type: z.enum(feedTypes),
    text: z.string().trim().max(5000, 'must be at most 5000 characters').default(''),
    fileIds: z.array(z.uuid('must be ids')).max(MAX_FEED_PHOTOS, `must be at most ${MAX_FEED_PHOTOS} files`).default([]),
    thumbnailId: z.uuid('must be an id').nullable().default(null),
    teaserId: z.uuid('must be an id').nullable().default(null),
    pollId: z.uuid('must be an id').nullable().default(null),
    isSale: z.boolean().default(false),
    price: salePriceSchema.default(0),
    isPinned: z.boolean().default(false),
    status: z.enum(feedStatuses).default('active'),
    /** Publish later: the post appears to fans exactly then. */
    scheduleAt: z.iso.datetime({ offset: true, message: 'must be an ISO date-time' }).nullable().default(null),
  })
  .superRefine((feed, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (feed.type === 'text' && feed.fileIds.length) issue('fileIds', 'must be empty for a text post');
    if (feed.type === 'text' && !feed.text && !feed.pollId) issue('text', 'is required for a text post');
    if (feed.type !== 'text' && !feed.fileIds.length) issue('fileIds', `must hold the ${feed.type} of the post`);
    if ((feed.type === 'video' || feed.type === 'audio') && feed.fileIds.length > 1) issue('fileIds', `must hold one ${feed.type}`);
    if (feed.teaserId && feed.type !== 'video') issue('teaserId', 'is only for video posts');
  });
export type SaveFeedInput = z.input<typeof saveFeedSchema>;

export const createPollSchema = z.object({
  description: z.string().trim().max(500, 'must be at most 500 characters').default(''),
  options: z
    .array(z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'))
    .min(2, 'must have at least 2 options')
    .max(10, 'must have at most 10 options'),
  expiredAt: z.iso
    .datetime({ offset: true, message: 'must be an ISO date-time' })
    .refine((value) => new Date(value).getTime() > Date.now(), 'must be in the future'),
});
export type CreatePollInput = z.input<typeof createPollSchema>;

export const pollSchema = z.object({
  _id: z.string(),
  description: z.string(),
  expiredAt: z.string(),
  isExpired: z.boolean(),
  options: z.array(z.object({ _id: z.string(), text: z.string(), voteCount: z.number().int() })),
  totalVotes: z.number().int(),
  /** The option the viewer chose, if they voted. */
  votedOptionId: z.string().nullable(),
});
export type Poll = z.infer<typeof pollSchema>;

/** A post as one viewer sees it: the media only when they may view it, else previews. */
export const feedSchema = z.object({
  _id: z.string(),
  type: z.enum(feedTypes),
  text: z.string(),
  performer: publicUserSchema,
  files: z.array(mediaFileSchema),
  thumbnail: mediaFileSchema.nullable(),
  teaser: mediaFileSchema.nullable(),
  poll: pollSchema.nullable(),
  status: z.enum(feedStatuses),
  isSale: z.boolean(),
  price: z.number(),
  isPinned: z.boolean(),
  scheduleAt: z.string().nullable(),
  publishedAt: z.string(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  isLiked: z.boolean(),
  isBookmarked: z.boolean(),
  isSubscribed: z.boolean(),
  isBought: z.boolean(),
  /** Whether this viewer sees the full media; otherwise the post shows what unlocks it. */
  canView: z.boolean(),
  /**
   * The least a month of the creator's plans costs ("plans from $8.33 a month" on a subscriber-only
   * lock), in the site currency; null while they offer none.
   */
  subscribeFrom: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** For the owner's own lists: how moderation holds it (decision 054). */
  moderation: ownerHoldField,
});
export type Feed = z.infer<typeof feedSchema>;

/** Keyset pages: pass the previous page's `nextCursor` to get the next one. */
export const feedPageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'must be 1 or more')
    .default(10)
    .transform((value) => Math.min(value, LIST_MAX_LIMIT)),
  type: z.enum(feedTypes).optional(),
});
export const feedPageSchema = z.object({ data: z.array(feedSchema), nextCursor: z.string().nullable() });
export type FeedPage = z.infer<typeof feedPageSchema>;

export const performerFeedQuerySchema = listQuerySchema(['updatedAt', 'createdAt', 'publishedAt']).extend({
  type: z.enum(feedTypes).optional(),
  status: z.enum(feedStatuses).optional(),
  q: z.string().trim().max(100).optional(),
});

export const voteSchema = z.object({ optionId: z.uuid('must be an id') });

export const feedBookmarkSchema = z.object({ _id: z.string(), objectId: z.string(), feed: feedSchema, createdAt: z.string() });
