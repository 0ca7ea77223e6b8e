import { z } from 'zod';
import { listQuerySchema } from './list';
import { holdSchema, holdStates, moderationTargetTypes } from './moderation';
import { PROFILE_REVISION_CASE, profileRevisionChangeSchema } from './profile-revisions';
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

/** What can be reported: every thing that can be moderated (issue 27). */
export const reportTargetTypes = moderationTargetTypes;
/**
 * The queue's cases: reports on a target, a takedown request, an upload matching removed material,
 * a creator's profile change waiting for review before publication (decision 055).
 */
export const reportCaseTypes = [...moderationTargetTypes, 'takedown', 'reupload', PROFILE_REVISION_CASE] as const;
export type ReportCaseType = (typeof reportCaseTypes)[number];
/** A case's reason: a reporter's, or `prePublication` for an item the system holds for review before publication. */
export const reportCaseReasons = [...reportReasons, 'prePublication'] as const;
export type ReportCaseReason = (typeof reportCaseReasons)[number];
export const reportStatuses = ['open', 'resolved', 'dismissed'] as const;
/** Reports are answered within this many days (payment networks' rule, issue 27). */
export const REPORT_LIMIT_DAYS = 7;

export const createReportSchema = z.object({
  targetType: z.enum(reportTargetTypes),
  targetId: z.uuid('must be an id'),
  reason: z.enum(reportReasons),
  description: z.string().trim().max(2000, 'must be at most 2000 characters').default(''),
});

export const reportSchema = z.object({
  _id: z.string(),
  targetType: z.enum(reportCaseTypes),
  targetId: z.string(),
  reason: z.enum(reportCaseReasons),
  description: z.string(),
  status: z.enum(reportStatuses),
  /** Null for a takedown request (no account) or a case the system opened. */
  reporter: publicUserSchema.nullable(),
  handledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

export const adminReportQuerySchema = listQuerySchema(['createdAt', 'updatedAt']).extend({
  status: z.enum(reportStatuses).optional(),
  targetType: z.enum(reportCaseTypes).optional(),
});

/** One row of the admin's queue: every report on one target. */
export const reportGroupSchema = z.object({
  targetType: z.enum(reportCaseTypes),
  targetId: z.string(),
  count: z.number().int(),
  reasons: z.array(z.enum(reportCaseReasons)),
  status: z.enum(reportStatuses),
  firstReportedAt: z.string(),
  /** When the 7-day limit runs out for the oldest report. */
  dueAt: z.string(),
  hold: holdSchema.nullable(),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;

export const reportGroupQuerySchema = listQuerySchema(['firstReportedAt', 'count']).extend({
  sort: z.enum(['asc', 'desc']).default('asc'),
  status: z.enum(reportStatuses).default('open'),
  targetType: z.enum(reportCaseTypes).optional(),
  /** `prePublication`: the items waiting for review before publication (decision 054). */
  reason: z.enum(reportCaseReasons).optional(),
});

/** The reported content as the admin sees it in place: its words, its media through signed links. */
export const reportedContentSchema = z.object({
  targetType: z.enum(reportCaseTypes),
  targetId: z.string(),
  /** Gone since (deleted by its owner, or never existed). */
  missing: z.boolean(),
  title: z.string(),
  text: z.string(),
  media: z.array(z.object({ kind: z.enum(['image', 'video']), url: z.string() })),
  owner: publicUserSchema.nullable(),
  hold: holdSchema.nullable(),
  appeal: z.object({ text: z.string(), at: z.string(), decision: z.string().nullable() }).nullable(),
  takedown: z
    .object({
      caseNumber: z.string(),
      name: z.string(),
      email: z.string(),
      relation: z.string(),
      urls: z.array(z.string()),
    })
    .nullable(),
  reports: z.array(reportSchema),
  /** For a profile revision: each changed field, public value and new one (decision 055). */
  revision: z.array(profileRevisionChangeSchema).optional(),
});
export type ReportedContent = z.infer<typeof reportedContentSchema>;

/** `PUT /api/admin/reports/targets/:targetType/:targetId`: close every open report on it without acting. */
export const dismissReportsSchema = z.object({
  reason: z.string().trim().min(3, 'must say why, in 3 characters or more').max(2000, 'must be at most 2000 characters'),
});

export const takedownRelations = ['depicted', 'rightsHolder', 'other'] as const;
export const takedownRelationLabels: Record<(typeof takedownRelations)[number], string> = {
  depicted: 'I am the person depicted',
  rightsHolder: 'I hold the rights to this material',
  other: 'Other',
};

/** The public takedown form: no account needed (a depicted person, a rights holder). */
export const takedownSchema = z.object({
  name: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  email: z.email('must be an e-mail address').max(254, 'must be at most 254 characters'),
  relation: z.enum(takedownRelations),
  urls: z
    .array(z.url('must be a link').max(2000, 'must be at most 2000 characters'))
    .min(1, 'must name at least one link')
    .max(20, 'must be at most 20 links'),
  description: z.string().trim().min(10, 'must be at least 10 characters').max(5000, 'must be at most 5000 characters'),
  sworn: z.literal(true, 'must be confirmed'),
  recaptchaToken: z.string().max(4000).optional(),
});
export type TakedownInput = z.input<typeof takedownSchema>;

export const appealSchema = z.object({
  text: z.string().trim().min(10, 'must be at least 10 characters').max(2000, 'must be at most 2000 characters'),
});
export const appealDecisionSchema = z.object({
  decision: z.enum(['uphold', 'restore']),
  reason: z.string().trim().min(3, 'must say why, in 3 characters or more').max(2000, 'must be at most 2000 characters'),
});

/** A creator's moderated item, on their Moderation page. */
export const moderatedItemSchema = z.object({
  targetType: z.string(),
  targetId: z.string(),
  state: z.enum(holdStates),
  reason: z.string(),
  prePublication: z.boolean(),
  createdAt: z.string(),
  appealText: z.string().nullable(),
  appealedAt: z.string().nullable(),
  appealDecision: z.string().nullable(),
});
export type ModeratedItem = z.infer<typeof moderatedItemSchema>;
