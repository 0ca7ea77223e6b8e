import { z } from 'zod';
import { mediaFileSchema } from './media';

/**
 * What a creator reviewed before publication changes on their public page waits for an admin
 * (decision 055): the words fans read about them (these fields of `PUT /performers/me`; where
 * they are goes as one, since state and city are free text to the API) and the pictures and video
 * they upload (avatar, cover, welcome video). Everything else applies at once.
 */
export const revisedProfileFields = ['name', 'bio', 'country', 'state', 'city'] as const;
export type RevisedProfileField = (typeof revisedProfileFields)[number];
export const revisedProfileMedia = ['avatar', 'cover', 'welcomeVideo'] as const;
export type RevisedProfileMedium = (typeof revisedProfileMedia)[number];

/** The words of a pending revision: only the fields it changes are present. */
export const revisedProfileTextSchema = z
  .object({ name: z.string(), bio: z.string(), country: z.string().nullable(), state: z.string().nullable(), city: z.string().nullable() })
  .partial();
export type RevisedProfileText = z.infer<typeof revisedProfileTextSchema>;

/**
 * On the creator's own account (`GET /performers/me`): the revision waiting for review, with its
 * new values (the account's other fields are what fans see now), or the last one refused, with
 * the admin's reason, until the creator changes their page again or dismisses it.
 */
export const profileRevisionSchema = z.object({
  status: z.enum(['pending', 'refused']),
  changes: revisedProfileTextSchema,
  /** The pending pictures and video (links only their owner and admins may open), or null when unchanged. */
  avatar: z.string().nullable(),
  cover: z.string().nullable(),
  welcomeVideo: mediaFileSchema.nullable(),
  submittedAt: z.string(),
  refusal: z.object({ reason: z.string(), at: z.string() }).nullable(),
});
export type ProfileRevision = z.infer<typeof profileRevisionSchema>;

/** One changed field of a revision as the admin's queue shows it: the public value and the new one (a link for pictures and video). */
export const profileRevisionChangeSchema = z.object({
  field: z.enum([...revisedProfileFields, ...revisedProfileMedia]),
  kind: z.enum(['text', 'image', 'video']),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type ProfileRevisionChange = z.infer<typeof profileRevisionChangeSchema>;

/** The queue's case type for a pending revision; its id is the creator's. */
export const PROFILE_REVISION_CASE = 'profileRevision';
