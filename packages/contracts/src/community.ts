import { z } from 'zod';
import { listQuerySchema } from './list';
import { reportReasons } from './rules';
import { publicUserSchema } from './users';

/** What can be commented on; content kinds join as their issues land. */
export const commentObjectTypes = ['feed', 'video', 'gallery'] as const;

const commentContentSchema = z.string().trim().min(1, 'is required').max(2000, 'must be at most 2000 characters');
export const createCommentSchema = z.object({
  objectType: z.enum(commentObjectTypes),
  objectId: z.uuid('must be an id'),
  content: commentContentSchema,
  /** Replying: the top-level comment on the same item it goes under (one level of threading). */
  parentId: z.uuid('must be an id').optional(),
});
export const updateCommentSchema = z.object({ content: commentContentSchema });

export const commentSchema = z.object({
  _id: z.string(),
  objectType: z.enum(commentObjectTypes),
  objectId: z.string(),
  /** The top-level comment a reply is under; null for a top-level comment. */
  parentId: z.string().nullable(),
  /** Empty, with no photo and no author, once deleted while replies keep it as a placeholder. */
  content: z.string(),
  imageUrl: z.string().nullable(),
  creator: publicUserSchema.nullable(),
  isDeleted: z.boolean(),
  /** Whether the viewer may delete it: its author, the owner of what it is on, or an admin. */
  canDelete: z.boolean(),
  replyCount: z.number().int(),
  likeCount: z.number().int(),
  isLiked: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

/** Top-level comments of an item, or with `parentId` the replies under one of them. */
export const commentQuerySchema = listQuerySchema(['createdAt']).extend({
  objectType: z.enum(commentObjectTypes),
  objectId: z.uuid('must be an id'),
  parentId: z.uuid('must be an id').optional(),
});

/** What can be reported; content kinds join as their issues land (domain rules: Reports). */
export const reportTargetTypes = ['feed', 'video', 'gallery', 'performer', 'comment'] as const;
export const reportStatuses = ['open', 'resolved', 'dismissed'] as const;

export const createReportSchema = z.object({
  targetType: z.enum(reportTargetTypes),
  targetId: z.uuid('must be an id'),
  reason: z.enum(reportReasons),
  description: z.string().trim().max(2000, 'must be at most 2000 characters').default(''),
});

export const reportSchema = z.object({
  _id: z.string(),
  targetType: z.enum(reportTargetTypes),
  targetId: z.string(),
  reason: z.enum(reportReasons),
  description: z.string(),
  status: z.enum(reportStatuses),
  reporter: publicUserSchema,
  handledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

export const adminReportQuerySchema = listQuerySchema(['createdAt', 'updatedAt']).extend({
  status: z.enum(reportStatuses).optional(),
  targetType: z.enum(reportTargetTypes).optional(),
});
