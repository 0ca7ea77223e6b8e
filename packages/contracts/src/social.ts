import { z } from 'zod';
import { publicPerformerSchema } from './performers';
import { publicUserSchema } from './users';

/** Objects that can be liked or bookmarked. Content types join as their capabilities land. */
export const reactionObjectTypes = ['performer', 'feed', 'video', 'gallery', 'product', 'comment', 'story'] as const;
export const reactionActions = ['like', 'bookmark'] as const;
/** Comments and stories are liked, never bookmarked: they are read where they are. */
const likedOnly: ReadonlyArray<(typeof reactionObjectTypes)[number]> = ['comment', 'story'];

export const reactionSchema = z
  .object({
    objectType: z.enum(reactionObjectTypes),
    objectId: z.uuid('must be an id'),
    action: z.enum(reactionActions),
  })
  .superRefine((reaction, context) => {
    if (reaction.action !== 'like' && likedOnly.includes(reaction.objectType))
      context.addIssue({ code: 'custom', path: ['action'], message: `must be like for a ${reaction.objectType}` });
  });
export type ReactionInput = z.infer<typeof reactionSchema>;

/** `GET /reactions/{type}/bookmark` answers this path segment for each object type. */
export const bookmarkListTypes = {
  performers: 'performer',
  feeds: 'feed',
  videos: 'video',
  galleries: 'gallery',
  products: 'product',
} as const;

export const followerSchema = z.object({ _id: z.string(), follower: publicUserSchema, createdAt: z.string() });
export const followingSchema = z.object({ _id: z.string(), performer: publicPerformerSchema, createdAt: z.string() });
export const performerBookmarkSchema = z.object({
  _id: z.string(),
  objectId: z.string(),
  performer: publicPerformerSchema,
  createdAt: z.string(),
});
