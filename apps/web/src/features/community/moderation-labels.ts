import type {
  ContentAction,
  holdStates,
  ModerationTargetType,
  ReportCaseReason,
  ReportCaseType,
  reportReasons,
  reportStatuses,
  StandingAction,
} from '@limelight/contracts';

/** What a report or a moderation decision is about, in words (never the API's key, such as `liveChat`). */
export const moderationTargetLabels: Record<ModerationTargetType, string> = {
  feed: 'Post',
  video: 'Video',
  gallery: 'Gallery',
  photo: 'Photo',
  product: 'Product',
  story: 'Story',
  comment: 'Comment',
  message: 'Message',
  live: 'Live session',
  liveChat: 'Chat line',
  performer: 'Profile',
};

/** The queue's cases: the reportable things, a takedown request and a re-upload of removed material. */
export const reportCaseLabels: Record<ReportCaseType, string> = {
  ...moderationTargetLabels,
  takedown: 'Takedown request',
  reupload: 'Re-upload',
  profileRevision: 'Profile changes',
};

/** A report's reason as the reporter chose it. */
export const reportReasonLabels: Record<(typeof reportReasons)[number], string> = {
  spam: 'Spam or scam',
  abuse: 'Harassment or hate',
  copyright: 'Stolen content (copyright)',
  underage: 'Someone under 18',
  illegal: 'Illegal content',
  other: 'Something else',
};

/** A case's reason in the queue: a reporter's, or the system's own for review before publication (decision 054). */
export const reportCaseReasonLabels: Record<ReportCaseReason, string> = {
  ...reportReasonLabels,
  prePublication: 'Review before publication',
};

/** A label for a key from the API that may be newer than this list: the key itself rather than nothing. */
export const labelOf = (labels: Record<string, string>, key: string) => labels[key] ?? key;

/** Where a report stands in the queue. */
export const reportStatusLabels: Record<(typeof reportStatuses)[number], string> = {
  open: 'Open',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};

/** A moderation hold on content, in words. */
export const holdStateLabels: Record<(typeof holdStates)[number], string> = {
  hidden: 'Hidden',
  removed: 'Removed',
  review: 'In review',
};

/** The toast once an admin acted on content: what happened. */
export const contentActionDone: Record<ContentAction, string> = {
  hide: 'Content hidden',
  remove: 'Content removed',
  restore: 'Content restored',
};

/** The toast once an admin acted on an account's standing. */
export const standingActionDone: Record<StandingAction, string> = {
  warn: 'Account warned',
  suspend: 'Account suspended',
  ban: 'Account banned',
  restore: 'Account restored',
};
