import { z } from 'zod';
import { genderValues } from './performer-options';
import { currentPasswordSchema, emailSchema, nameSchema, passwordSchema, usernameSchema } from './validation';

export const roles = ['user', 'performer', 'admin'] as const;
export type Role = (typeof roles)[number];
export const accountStatuses = ['active', 'inactive'] as const;
export type AccountStatus = (typeof accountStatuses)[number];

/** Shown where an account has no avatar of its own. */
export const AVATAR_PLACEHOLDER = '/no-avatar.png';
/** The cover image shown where a creator has none (spec 3, 9). */
export const COVER_FALLBACK = '/leaf.jpg';

/** The signed-in account as `GET /users/me` returns it (spec 3, Current user). */
export const currentUserSchema = z.object({
  _id: z.string(),
  role: z.enum(roles),
  isPerformer: z.boolean(),
  isAdmin: z.boolean(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string(),
  cover: z.string().nullable(),
  status: z.enum(accountStatuses),
  verifiedEmail: z.boolean(),
  /** A new sign-in address waiting for its owner to confirm it from the link sent there. */
  pendingEmail: z.string().nullable(),
  /** False for an account made by social sign-in that never chose a password. */
  hasPassword: z.boolean(),
  verifiedDocument: z.boolean(),
  /** Wallet balance in tokens, two decimals. */
  balance: z.number(),
  /** This session was opened by an admin logging in as the account (a banner says so, with End). */
  impersonated: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const registerUserSchema = z.object({
  name: nameSchema,
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** Required when the admin has switched reCAPTCHA on. */
  recaptchaToken: z.string().max(4000).optional(),
  /**
   * The page the visitor signed up from, carried in the verification e-mail's link when the site
   * asks for one, so that logging in after verifying lands there (spec 2). Only a path on this site.
   */
  redirect: z
    .string()
    .max(2000)
    .regex(/^\/(?![/\\])/, 'must be a path on this site')
    .optional(),
});
export type RegisterUserInput = z.infer<typeof registerUserSchema>;

/** Text fields of the multipart performer registration; identity documents come as files. */
export const registerPerformerSchema = registerUserSchema.extend({
  gender: z.enum(genderValues),
  country: z.string().trim().length(2, 'must be a two-letter country code').toUpperCase().optional(),
  dateOfBirth: z.iso.date('must be a date (YYYY-MM-DD)').refine((value) => isAdultOn(value, new Date()), 'must be at least 18 years ago'),
});
export type RegisterPerformerInput = z.infer<typeof registerPerformerSchema>;

/** The identity documents a performer uploads at registration, each under its own field name. */
export const performerDocumentFields = ['idVerification', 'documentVerification'] as const;
export type PerformerDocumentField = (typeof performerDocumentFields)[number];
/**
 * Identity documents open in the browser only as the WebP the API re-encoded them to; PDFs (and
 * files kept before documents were re-encoded) are downloads (decision 015).
 */
export const documentOpensInline = (mimeType: string) => mimeType === 'image/webp';

export function isAdultOn(dateOfBirth: string, today: Date): boolean {
  const born = new Date(`${dateOfBirth}T00:00:00Z`);
  const eighteenth = Date.UTC(born.getUTCFullYear() + 18, born.getUTCMonth(), born.getUTCDate());
  return eighteenth <= today.getTime();
}

export const loginSchema = z
  .object({
    username: z.string().trim().min(1).optional(),
    email: z.string().trim().min(1).optional(),
    password: z.string().min(1, 'is required').max(128),
    /** Defaults to true: a remembered session lasts 365 days, otherwise 1 day. */
    remember: z.boolean().default(true),
  })
  .refine((body) => body.username || body.email, { message: 'email or username is required', path: ['email'] });
export type LoginInput = z.input<typeof loginSchema>;

export const sessionSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type Session = z.infer<typeof sessionSchema>;

export const updateAccountSchema = z
  .object({
    name: nameSchema,
    username: usernameSchema,
    /** A new address takes effect once confirmed from the link sent to it; needs `currentPassword`. */
    email: emailSchema,
    /** A new password (spec 3: profile updates carry a password); needs `currentPassword`, signs out other devices. */
    password: passwordSchema,
    currentPassword: currentPasswordSchema,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'at least one field is required' });
export type UpdateAccountInput = z.infer<typeof updateAccountSchema>;

export const changePasswordSchema = z.object({
  password: passwordSchema,
  /** Which kind of account the change is for; must match the signed-in account's role. */
  source: z.enum(['user', 'performer']).default('user'),
  currentPassword: currentPasswordSchema,
});

/** A session as its owner sees it in the list of places they are signed in. */
export const activeSessionSchema = z.object({
  _id: z.string(),
  method: z.enum(['password', 'one_time_link', 'social', 'impersonation']),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({ token: z.string().min(10).max(200), password: passwordSchema });
export const emailVerificationRequestSchema = z.object({ email: emailSchema });
export const oneTimeTokenSchema = z.object({ token: z.string().min(10, 'is not a valid link').max(200) });
export const tokenLoginSchema = oneTimeTokenSchema.extend({ redirect: z.string().max(2000).optional() });

/** A row of the admin's fans and creators lists. */
export const adminAccountSchema = z.object({
  _id: z.string(),
  role: z.enum(roles),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  status: z.enum(accountStatuses),
  verifiedEmail: z.boolean(),
  verifiedDocument: z.boolean(),
  documents: z.array(z.object({ _id: z.string(), field: z.string(), mimeType: z.string(), url: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

/** What anyone may see of a fan or creator in lists (followers, comments). */
export const publicUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  avatar: z.string(),
  isPerformer: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
