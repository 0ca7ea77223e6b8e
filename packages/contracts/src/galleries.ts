import { z } from 'zod';
import { listQuerySchema } from './list';
import { libraryStatuses, mediaFileSchema } from './media';
import { ownerHoldField } from './moderation';
import { salePriceSchema } from './performers';
import { publicUserSchema } from './users';

export const saveGallerySchema = z.object({
  title: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  description: z.string().trim().max(5000, 'must be at most 5000 characters').default(''),
  status: z.enum(libraryStatuses).default('active'),
  isSale: z.boolean().default(false),
  price: salePriceSchema.default(0),
});
export type SaveGalleryInput = z.input<typeof saveGallerySchema>;

export const gallerySchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(libraryStatuses),
  isSale: z.boolean(),
  price: z.number(),
  performer: publicUserSchema,
  /** The cover photo: its full picture only for viewers with access, else the blurred preview. */
  cover: mediaFileSchema.nullable(),
  stats: z.object({ photos: z.number().int(), views: z.number().int(), likes: z.number().int(), comments: z.number().int() }),
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
export type Gallery = z.infer<typeof gallerySchema>;

export const photoSchema = z.object({
  _id: z.string(),
  galleryId: z.string(),
  title: z.string(),
  file: mediaFileSchema,
  isCover: z.boolean(),
  createdAt: z.string(),
});
export type Photo = z.infer<typeof photoSchema>;

export const gallerySearchQuerySchema = listQuerySchema(['createdAt', 'updatedAt', 'views', 'title']).extend({
  performerId: z.uuid('must be an id').optional(),
  q: z.string().trim().max(100).optional(),
});
export const performerGalleryQuerySchema = gallerySearchQuerySchema
  .omit({ performerId: true })
  .extend({ status: z.enum(libraryStatuses).optional() });
export const photoQuerySchema = listQuerySchema(['createdAt']).extend({ galleryId: z.uuid('must be an id') });
export const updatePhotoSchema = z.object({ title: z.string().trim().max(200, 'must be at most 200 characters') });
/** The text fields of a photo upload (multipart; the picture travels as `photo`). */
export const uploadPhotoFieldsSchema = updatePhotoSchema.extend({
  galleryId: z.uuid('must be an id'),
  title: updatePhotoSchema.shape.title.default(''),
});

export const galleryBookmarkSchema = z.object({ _id: z.string(), objectId: z.string(), gallery: gallerySchema, createdAt: z.string() });
