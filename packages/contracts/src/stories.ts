import { z } from 'zod';
import { mediaFileSchema } from './media';
import { ownerHoldField } from './moderation';
import { publicUserSchema } from './users';

export const storyTypes = ['text', 'photo', 'video'] as const;
/** Stories disappear this long after they are posted (domain rules: Feeds and media). */
export const STORY_LIFETIME_HOURS = 24;

export const saveStorySchema = z
  .object({
    type: z.enum(storyTypes),
    text: z.string().trim().max(500, 'must be at most 500 characters').default(''),
    backgroundColor: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #42b1e8')
      .default('#42b1e8'),
    fileId: z.uuid('must be an id').nullable().default(null),
  })
  .superRefine((story, context) => {
    if (story.type === 'text' && !story.text) context.addIssue({ code: 'custom', path: ['text'], message: 'is required for a text story' });
    if (story.type !== 'text' && !story.fileId)
      context.addIssue({ code: 'custom', path: ['fileId'], message: `must name the ${story.type} of the story` });
    if (story.type === 'text' && story.fileId)
      context.addIssue({ code: 'custom', path: ['fileId'], message: 'must be empty for a text story' });
  });
export type SaveStoryInput = z.input<typeof saveStorySchema>;

export const storySchema = z.object({
  _id: z.string(),
  type: z.enum(storyTypes),
  text: z.string(),
  backgroundColor: z.string(),
  file: mediaFileSchema.nullable(),
  performer: publicUserSchema,
  /** Fans' likes of the story (reactions, story target). */
  likeCount: z.number().int(),
  isLiked: z.boolean(),
  expiresAt: z.string(),
  createdAt: z.string(),
  /** For the owner's own lists: how moderation holds it (decision 054). */
  moderation: ownerHoldField,
});
export type Story = z.infer<typeof storySchema>;

/** The fan's story bar: creators with live stories, newest first. */
export const storyBarItemSchema = z.object({ performer: publicUserSchema, storyCount: z.number().int(), latestAt: z.string() });
export type StoryBarItem = z.infer<typeof storyBarItemSchema>;
