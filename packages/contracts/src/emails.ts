import { z } from 'zod';
import type { NotificationKind } from './notifications';

/**
 * What an account chooses to get by e-mail, by category (issue 27): each optional e-mail and each
 * notification kind belongs to one. Essential e-mails (security, receipts, refunds, account
 * actions) belong to none and are always sent.
 */
export const emailCategories = ['messages', 'subscriptions', 'purchases', 'social', 'live', 'news'] as const;
export type EmailCategory = (typeof emailCategories)[number];

export const emailCategoryLabels: Record<EmailCategory, string> = {
  messages: 'Messages',
  subscriptions: 'Subscriptions and renewals',
  purchases: 'Tips, purchases and payouts',
  social: 'Comments, likes and followers',
  live: 'Live shows',
  news: 'News from creators and digests',
};

/**
 * The notification kinds of each category: one store (the notification preferences, per kind)
 * holds both; a category is on for e-mail while any of its kinds is, and switching it sets them all.
 */
export const emailCategoryKinds: Record<EmailCategory, NotificationKind[]> = {
  messages: ['new_message', 'paid_message'],
  subscriptions: ['new_subscriber'],
  purchases: ['tip', 'purchase', 'payout_status', 'order_status', 'refund'],
  social: ['comment', 'mention', 'reply', 'like', 'new_follower'],
  live: ['live_started'],
  news: ['new_post'],
};

export const emailPreferenceSchema = z.object({ category: z.enum(emailCategories), email: z.boolean() });
export type EmailPreference = z.infer<typeof emailPreferenceSchema>;
export const emailPreferencesSchema = z
  .array(emailPreferenceSchema)
  .max(emailCategories.length, 'must list each category once')
  .refine((list) => new Set(list.map((item) => item.category)).size === list.length, 'must list each category once');

export const emailTemplateVariableSchema = z.object({ name: z.string(), description: z.string(), sample: z.string() });

/** One e-mail of the catalogue as the admin edits it: the text in force and the default. */
export const emailTemplateSchema = z.object({
  key: z.string(),
  description: z.string(),
  /** Always sent, with no unsubscribe (security, receipts, refunds, account actions). */
  essential: z.boolean(),
  category: z.enum(emailCategories).nullable(),
  variables: z.array(emailTemplateVariableSchema),
  subject: z.string(),
  body: z.string(),
  defaultSubject: z.string(),
  defaultBody: z.string(),
  /** The admin changed it (false: the default is in force). */
  edited: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const emailTemplateEditSchema = z.object({
  subject: z.string().trim().min(1, 'must not be empty').max(300, 'must be at most 300 characters'),
  body: z.string().trim().min(1, 'must not be empty').max(20_000, 'must be at most 20000 characters'),
});
export type EmailTemplateEdit = z.infer<typeof emailTemplateEditSchema>;

export const emailPreviewSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type EmailPreview = z.infer<typeof emailPreviewSchema>;
