import { z } from 'zod';
import { publicUserSchema } from './users';

/** What an account is told about (issue 14), each kind with its own in-app and e-mail switch. */
export const notificationKinds = [
  'new_follower',
  'new_subscriber',
  'tip',
  'purchase',
  'comment',
  'mention',
  'reply',
  'like',
  'payout_status',
  'order_status',
  'new_message',
  'new_post',
  'paid_message',
  'live_started',
  'refund',
  /** An admin warned, suspended, banned or restored the account (decision 045). */
  'account_standing',
  'moderation',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/**
 * Whom each kind concerns: a fan hears of what the creators they follow or pay do, a creator of
 * what fans do with their work; both of messages, mentions, replies and refunds. Each account's settings
 * list its own kinds only.
 */
export const notificationAudience: Record<NotificationKind, 'fan' | 'creator' | 'both'> = {
  new_follower: 'creator',
  new_subscriber: 'creator',
  tip: 'creator',
  purchase: 'creator',
  comment: 'creator',
  mention: 'both',
  reply: 'both',
  like: 'creator',
  payout_status: 'creator',
  order_status: 'fan',
  new_message: 'both',
  new_post: 'fan',
  paid_message: 'fan',
  live_started: 'fan',
  refund: 'both',
  account_standing: 'both',
  moderation: 'both',
};

/** The kinds an account of this role is told about (an admin: all of them). */
export function notificationKindsFor(role: 'user' | 'performer' | 'admin'): NotificationKind[] {
  if (role === 'admin') return [...notificationKinds];
  const side = role === 'performer' ? 'creator' : 'fan';
  return notificationKinds.filter((kind) => notificationAudience[kind] === side || notificationAudience[kind] === 'both');
}

export const notificationKindLabels: Record<NotificationKind, string> = {
  new_follower: 'New followers',
  new_subscriber: 'New subscribers',
  tip: 'Tips',
  purchase: 'Purchases of your content',
  comment: 'Comments on your content',
  mention: 'Mentions of you in comments',
  reply: 'Replies to your comments',
  like: 'Likes on your content',
  payout_status: 'Payout requests',
  order_status: 'Your orders’ delivery',
  new_message: 'Messages in a new conversation',
  new_post: 'New posts from creators you subscribe to',
  paid_message: 'Paid messages from creators',
  live_started: 'Creators you follow going live',
  refund: 'Refunds',
  account_standing: 'Warnings and changes to your account’s standing',
  moderation: 'Moderation of your content and your reports',
};

/** Out of the box every kind shows in the app; e-mail only for what concerns money or a new person writing. */
export const defaultNotificationChannels: Record<NotificationKind, { inApp: boolean; email: boolean }> = {
  new_follower: { inApp: true, email: false },
  new_subscriber: { inApp: true, email: true },
  tip: { inApp: true, email: true },
  purchase: { inApp: true, email: true },
  comment: { inApp: true, email: false },
  mention: { inApp: true, email: false },
  reply: { inApp: true, email: false },
  like: { inApp: true, email: false },
  payout_status: { inApp: true, email: true },
  // The order's own e-mail says it already.
  order_status: { inApp: true, email: false },
  new_message: { inApp: true, email: true },
  new_post: { inApp: true, email: false },
  paid_message: { inApp: true, email: false },
  // Worth an e-mail only if it arrives in time: the app, by default.
  live_started: { inApp: true, email: false },
  refund: { inApp: true, email: true },
  // Its own e-mail (the admin's reason) is always sent: the app, by default.
  account_standing: { inApp: true, email: false },
  // Its own e-mail (content.hidden, report.outcome, ...) says it already.
  moderation: { inApp: true, email: false },
};

/**
 * Kinds whose own e-mail is always sent, whatever the switches say: essential templates of the
 * API's catalogue (a test there holds the two together). The settings show their e-mail as always on.
 */
export const alwaysEmailedKinds: Partial<Record<NotificationKind, { templates: readonly string[]; reason: string }>> = {
  account_standing: {
    templates: ['account.warned', 'account.suspended', 'account.banned', 'account.restored'],
    reason: 'Always e-mailed, with the reason',
  },
  moderation: {
    templates: ['content.hidden', 'content.removed', 'appeal.decided', 'report.outcome'],
    reason: 'Always e-mailed, with the decision',
  },
  refund: { templates: ['refund.fan', 'refund.creator'], reason: 'Always e-mailed, as a receipt' },
};

/** At most this many people are told of one comment's mentions. */
export const MAX_MENTIONS = 10;

/**
 * The usernames a text mentions (`@name`, not inside an e-mail address), each once whatever its
 * case, at most MAX_MENTIONS: the server tells them, the web links them.
 */
export function mentionedUsernames(text: string): string[] {
  const found = new Map<string, string>();
  for (const match of text.matchAll(/(?:^|[^\w@.])@([a-zA-Z0-9_.-]{3,40})/g)) {
    const username = match[1]!.replace(/[.-]+$/, '');
    if (username.length >= 3 && !found.has(username.toLowerCase())) found.set(username.toLowerCase(), username);
    if (found.size === MAX_MENTIONS) break;
  }
  return [...found.values()];
}

export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(notificationKinds),
  text: z.string(),
  /** Who did it, when someone did. */
  actor: publicUserSchema.nullable(),
  /** Where it leads in the app (a post, a conversation, the payouts page). */
  link: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationQuerySchema = z.object({
  offset: z.coerce.number().int().min(0, 'must be 0 or more').default(0),
  limit: z.coerce.number().int().min(1, 'must be 1 or more').max(100, 'must be at most 100').default(20),
  unread: z.enum(['true', 'false']).optional(),
});

export const notificationSettingSchema = z.object({ kind: z.enum(notificationKinds), inApp: z.boolean(), email: z.boolean() });
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;
/** Each kind at most once: the settings are one row per kind, and one request may not write a row twice. */
export const notificationSettingsSchema = z
  .array(notificationSettingSchema)
  .max(notificationKinds.length)
  .superRefine((settings, context) => {
    for (const [index, setting] of settings.entries()) {
      if (settings.findIndex((other) => other.kind === setting.kind) !== index) {
        context.addIssue({ code: 'custom', path: [index, 'kind'], message: 'is listed twice' });
      }
    }
  });
