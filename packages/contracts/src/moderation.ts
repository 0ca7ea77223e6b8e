import { z } from 'zod';
import { PROFILE_REVISION_CASE } from './profile-revisions';

/**
 * The operator's remedies (issue 27). Two kinds: on an account (its standing) and on one piece of
 * content. Each takes the admin's reason, which the person acted on reads and the audit trail keeps.
 */
export const MODERATION_REASON_MAX = 2000;
const reason = z
  .string()
  .trim()
  .min(3, 'must say why, in 3 characters or more')
  .max(MODERATION_REASON_MAX, `must be at most ${MODERATION_REASON_MAX} characters`);

/** An account's standing: `suspended` until a time, `banned` for good (decision 045). */
export const accountStandings = ['good', 'suspended', 'banned'] as const;
export type AccountStanding = (typeof accountStandings)[number];

export const standingActions = ['warn', 'suspend', 'ban', 'restore'] as const;
export type StandingAction = (typeof standingActions)[number];

/** `PUT /api/admin/accounts/:id/standing`: warn, suspend until `until`, ban, or restore good standing. */
export const standingActionSchema = z
  .object({
    action: z.enum(standingActions),
    reason,
    /** When a suspension ends; required for `suspend`, refused for the others. */
    until: z.iso.datetime({ offset: true, message: 'must be a date and time' }).optional(),
    /** The report that led to it, whose reporters then hear the outcome. */
    reportId: z.uuid('must be an id').optional(),
  })
  .superRefine((value, context) => {
    if (value.action === 'suspend' && !value.until)
      context.addIssue({ code: 'custom', path: ['until'], message: 'is required to suspend: say when the suspension ends' });
    if (value.action !== 'suspend' && value.until)
      context.addIssue({ code: 'custom', path: ['until'], message: 'is only for a suspension' });
    if (value.until && new Date(value.until).getTime() <= Date.now())
      context.addIssue({ code: 'custom', path: ['until'], message: 'must be in the future' });
  });
export type StandingActionInput = z.infer<typeof standingActionSchema>;

/** What can be moderated, and reported (every reportable thing, issue 27 point 2). */
export const moderationTargetTypes = [
  'feed',
  'video',
  'gallery',
  'photo',
  'product',
  'story',
  'comment',
  'message',
  'live',
  'liveChat',
  'performer',
] as const;
export type ModerationTargetType = (typeof moderationTargetTypes)[number];

export const contentActions = ['hide', 'remove', 'restore'] as const;
export type ContentAction = (typeof contentActions)[number];

/**
 * `POST /api/admin/moderation/actions`: hide a piece of content (the creator is told why and may
 * appeal once), remove it for good, or restore a hidden one.
 */
export const contentActionSchema = z.object({
  targetType: z.enum(moderationTargetTypes),
  targetId: z.uuid('must be an id'),
  action: z.enum(contentActions),
  reason,
  reportId: z.uuid('must be an id').optional(),
  /** For `remove`: illegal material, which buyers lose too and storage drops at once (decision 046). */
  illegal: z.boolean().optional(),
});
export type ContentActionInput = z.infer<typeof contentActionSchema>;

export const holdStates = ['hidden', 'removed', 'review'] as const;
export type HoldState = (typeof holdStates)[number];

/**
 * A moderation hold as its owner and the admin see it: `review` with `prePublication` is a new
 * item waiting for review before publication (decision 054), which its owner may still edit; the
 * others (hidden, removed, a re-upload held for review) only an admin lifts.
 */
export const holdSchema = z.object({ state: z.enum(holdStates), reason: z.string(), prePublication: z.boolean() });
export type ModerationHold = z.infer<typeof holdSchema>;

/** On an item of the owner's own lists: how moderation holds it, or absent/null when it is out. */
export const ownerHoldField = holdSchema.nullable().optional();

/**
 * Review before publication (decision 054): whose new content and profile changes wait for an
 * admin before fans see them. `new`: creators verified less than NEW_CREATOR_REVIEW_DAYS ago
 * (or not yet); `flagged`: creators an admin flagged (also reviewed under `new`); `all`: everyone.
 */
export const reviewBeforePublicationModes = ['off', 'all', 'new', 'flagged'] as const;
export type ReviewBeforePublicationMode = (typeof reviewBeforePublicationModes)[number];
export const NEW_CREATOR_REVIEW_DAYS = 30;

/** What a pre-publication hold and its queue case say. */
export const PRE_PUBLICATION_REASON = 'Waiting for review before publication';

/** The kinds of content whose creation a pre-publication review holds. */
export const prePublicationTypes = ['feed', 'story', 'product', 'video', 'gallery'] as const;
export type PrePublicationType = (typeof prePublicationTypes)[number];

/** What the approvals route publishes: an item held for review, or a creator's profile revision (decision 055). */
export const approvableTypes = [...prePublicationTypes, PROFILE_REVISION_CASE] as const;

/** `POST /api/admin/moderation/approvals`: publish an item held for review before publication, or apply a profile revision. */
export const approveContentSchema = z.object({
  targetType: z.enum(approvableTypes),
  targetId: z.uuid('must be an id'),
});
export type ApproveContentInput = z.infer<typeof approveContentSchema>;
