import { z } from 'zod';
import { listQuerySchema } from './list';
import { libraryStatuses, mediaFileSchema } from './media';
import { ownerHoldField } from './moderation';
import { salePriceSchema } from './performers';
import { publicUserSchema } from './users';
import { queryArray } from './validation';

/** Multipart fields arrive as text. */
const price = z.coerce.number('must be a number').pipe(salePriceSchema);
const formBoolean = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);
/** A comma-separated list in a form (an empty field is no tags). */
const tags = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter((tag) => tag.trim()) : value),
  z
    .array(z.string().trim().toLowerCase().min(1, 'must not be empty').max(30, 'must be at most 30 characters each'))
    .max(10, 'must be at most 10 tags'),
);

/**
 * The text fields of a video upload or edit (multipart: the files `video`, `teaser` and
 * `thumbnail` travel beside them, each under its own name).
 */
export const saveVideoSchema = z.object({
  title: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  description: z.string().trim().max(5000, 'must be at most 5000 characters').default(''),
  status: z.enum(libraryStatuses).default('active'),
  isSale: formBoolean.default(false),
  price: price.default(0),
  tags: tags.default([]),
});
export type SaveVideoInput = z.input<typeof saveVideoSchema>;

/** A video as one viewer sees it: the full file only with access, else teaser and thumbnail. */
export const videoSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(libraryStatuses),
  tags: z.array(z.string()),
  isSale: z.boolean(),
  price: z.number(),
  performer: publicUserSchema,
  video: mediaFileSchema.nullable(),
  teaser: mediaFileSchema.nullable(),
  thumbnail: mediaFileSchema.nullable(),
  stats: z.object({ views: z.number().int(), likes: z.number().int(), comments: z.number().int() }),
  isLiked: z.boolean(),
  isBookmarked: z.boolean(),
  isSubscribed: z.boolean(),
  isBought: z.boolean(),
  canView: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** For the owner's own lists: how moderation holds it (decision 054). */
  moderation: ownerHoldField,
});
export type Video = z.infer<typeof videoSchema>;

export const videoSearchQuerySchema = listQuerySchema(['createdAt', 'updatedAt', 'views', 'title']).extend({
  performerId: z.uuid('must be an id').optional(),
  q: z.string().trim().max(100).optional(),
  tags: queryArray(z.string().trim().toLowerCase().max(30)).optional(),
  isSale: z.enum(['true', 'false']).optional(),
});
export const performerVideoQuerySchema = videoSearchQuerySchema
  .omit({ performerId: true })
  .extend({ status: z.enum(libraryStatuses).optional() });

/** Files of a video a creator may remove on their own (the video itself is replaced, not removed). */
export const removableVideoFiles = ['teaser', 'thumbnail'] as const;

export const videoBookmarkSchema = z.object({ _id: z.string(), objectId: z.string(), video: videoSchema, createdAt: z.string() });
