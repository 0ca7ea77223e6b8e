import { z } from 'zod';
import { listQuerySchema } from './list';
import { isWholeBasisPoints } from './money';
import { moneySchema } from './performers';
import { emailSchema, nameSchema, usernameSchema } from './validation';

/**
 * The admin's console over every entity (issue 27 point 4): one row shape for every kind, so one
 * table, one filter bar and one CSV export serve them all (decision 052).
 */
export const adminContentKinds = [
  'posts',
  'videos',
  'galleries',
  'photos',
  'products',
  'stories',
  'comments',
  'live-sessions',
  'chat-lines',
] as const;
export const adminRecordKinds = ['subscriptions', 'follows', 'blocks', 'conversations', 'addresses', 'cards', 'search-keywords'] as const;
export const adminEntityKinds = [...adminContentKinds, ...adminRecordKinds] as const;
export type AdminEntityKind = (typeof adminEntityKinds)[number];
export type AdminContentKind = (typeof adminContentKinds)[number];

/**
 * One row of any kind. `owner` is who made or holds it (the creator of a post, the author of a
 * comment or chat line, the fan of a subscription, follow, address or card, the blocker);
 * `other` the second party (the creator followed or subscribed to, the account blocked, the
 * other member of a conversation). `parentId` is what it belongs to (a photo's gallery, a
 * comment's post, a chat line's or live session's chat). Never a card number or a token.
 */
export const adminEntityRowSchema = z.object({
  _id: z.string(),
  kind: z.enum(adminEntityKinds),
  title: z.string(),
  status: z.string().nullable(),
  ownerId: z.string().nullable(),
  ownerUsername: z.string().nullable(),
  otherId: z.string().nullable(),
  otherUsername: z.string().nullable(),
  /** A price or amount in tokens. */
  amount: z.number().nullable(),
  /** A count: photos of a gallery, searches of a keyword, messages of a conversation. */
  count: z.number().nullable(),
  parentId: z.string().nullable(),
  parentType: z.string().nullable(),
  /** Where the item is seen on the site, when it has a page. */
  publicUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});
export type AdminEntityRow = z.infer<typeof adminEntityRowSchema>;

/** How far back a date filter may reach is not limited; the dates are ISO date-times. */
const dateTime = z.iso.datetime({ offset: true, message: 'must be a date and time' });

export const adminEntityQuerySchema = listQuerySchema(['createdAt']).extend({
  /** An account on either side, by username or id. */
  user: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters').optional(),
  status: z.string().trim().max(30, 'must be at most 30 characters').optional(),
  from: dateTime.optional(),
  to: dateTime.optional(),
  /** Words in the title, text, keyword or names. */
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
});
export type AdminEntityQuery = z.infer<typeof adminEntityQuerySchema>;

/** An item opened in detail: the row and what it holds (a gallery's photos, a live session's chat). */
export const adminEntityDetailSchema = z.object({ row: adminEntityRowSchema, children: z.array(adminEntityRowSchema) });
export type AdminEntityDetail = z.infer<typeof adminEntityDetailSchema>;

/** The most rows one CSV export writes; a larger result is cut there (the last line says so). */
export const CSV_EXPORT_MAX_ROWS = 10_000;

export const ADMIN_REASON_MAX = 2000;
export const adminReasonSchema = z
  .string()
  .trim()
  .min(3, 'must say why, in 3 characters or more')
  .max(ADMIN_REASON_MAX, `must be at most ${ADMIN_REASON_MAX} characters`);

/** `POST /api/admin/conversations/:id/read`: a private conversation is opened only with a reason, recorded first. */
export const conversationReadSchema = z.object({ reason: adminReasonSchema });
export const adminMessageSchema = z.object({
  _id: z.string(),
  senderId: z.string(),
  senderUsername: z.string().nullable(),
  text: z.string(),
  price: z.number(),
  isDeleted: z.boolean(),
  createdAt: z.string(),
});
export type AdminMessage = z.infer<typeof adminMessageSchema>;

/**
 * A creator's commission: the platform's share of each sale as a fraction (0.2 = 20 %), in whole
 * basis points, 0 to 1; null returns the creator to the site's commission.
 */
export const commissionSchema = z
  .number()
  .min(0, 'must be 0 or more (0 %)')
  .max(1, 'must be at most 1 (100 %)')
  .refine(isWholeBasisPoints, 'must have at most four decimals (whole basis points)');

/** `PATCH /api/admin/accounts/:id`: the same rules as the owner's own forms. Role only between fan and creator. */
export const adminAccountUpdateSchema = z
  .object({
    name: nameSchema,
    username: usernameSchema,
    email: emailSchema,
    role: z.enum(['user', 'performer']),
    commission: commissionSchema.nullable(),
    /** A creator's "Review before publication" flag (decision 054). */
    reviewBeforePublication: z.boolean(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'at least one field is required' });
export type AdminAccountUpdate = z.infer<typeof adminAccountUpdateSchema>;

/** An account as the admin edits it. */
export const adminAccountDetailSchema = z.object({
  _id: z.string(),
  role: z.enum(['user', 'performer', 'admin']),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  status: z.string(),
  /** The creator's own commission, or null for the site's. */
  commission: z.number().nullable(),
  siteCommission: z.number(),
  /** A creator's "Review before publication" flag; null for a fan. */
  reviewBeforePublication: z.boolean().nullable(),
  /** Wallet balance in tokens. */
  balance: z.number(),
  createdAt: z.string(),
});
export type AdminAccountDetail = z.infer<typeof adminAccountDetailSchema>;

/** `POST /api/admin/accounts/:id/wallet-adjustments`: a credit or debit of the wallet, with the reason. */
export const walletAdjustmentSchema = z.object({
  direction: z.enum(['credit', 'debit']),
  amount: moneySchema,
  reason: adminReasonSchema,
});
export type WalletAdjustmentInput = z.infer<typeof walletAdjustmentSchema>;
export const walletAdjustmentResultSchema = z.object({ _id: z.string(), balance: z.number() });

/** `POST /api/admin/admins`: a new admin, who sets a password from the link e-mailed to them. */
export const createAdminSchema = z.object({ name: nameSchema, username: usernameSchema, email: emailSchema });
export type CreateAdminInput = z.infer<typeof createAdminSchema>;

/** `POST /api/admin/accounts/:id/impersonate`: log in as the account, with the reason recorded. */
export const impersonateSchema = z.object({ reason: adminReasonSchema });
