import { z } from 'zod';
import { pendingAgreementSchema, signUpAgreementsSchema } from './agreements';
import { accountStandings, standingActions } from './moderation';
import { genderValues } from './performer-options';
import { verificationStatuses } from './performers';
import { currentPasswordSchema, emailSchema, nameSchema, passwordSchema, usernameSchema } from './validation';

export const roles = ['user', 'performer', 'admin'] as const;
export type Role = (typeof roles)[number];
/** `deleted`: its owner deleted it; the row stays, anonymised, for the money records (decision 047). */
export const accountStatuses = ['active', 'inactive', 'deleted'] as const;
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
  /**
   * What the account has yet to confirm or accept in its current version (decision 050): the web
   * app asks before anything else; empty when all is accepted (and for admins).
   */
  pendingAgreements: z.array(pendingAgreementSchema),
  /** This session was opened by an admin logging in as the account (a banner says so, with End). */
  impersonated: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const registerUserSchema = signUpAgreementsSchema.extend({
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

/** The longest e-mail address (RFC 5321), and so the longest name anyone signs in with. */
const LOGIN_NAME_MAX = 254;

export const loginSchema = z
  .object({
    // Either may hold a username or an e-mail address: none is longer than an address may be.
    username: z.string().trim().min(1).max(LOGIN_NAME_MAX, `must be at most ${LOGIN_NAME_MAX} characters`).optional(),
    email: z.string().trim().min(1).max(LOGIN_NAME_MAX, `must be at most ${LOGIN_NAME_MAX} characters`).optional(),
    password: z.string().min(1, 'is required').max(128),
    /** Defaults to true: a remembered session lasts 365 days, otherwise 1 day. */
    remember: z.boolean().default(true),
    /** Asked for only after repeated failed sign-ins from an unknown device, when the site uses reCAPTCHA (decision 048). */
    recaptchaToken: z.string().max(4000).optional(),
  })
  .refine((body) => body.username || body.email, { message: 'email or username is required', path: ['email'] });
export type LoginInput = z.input<typeof loginSchema>;

export const sessionSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  /** What the account has yet to accept (decision 050); absent for clients that ignore it. */
  pendingAgreements: z.array(pendingAgreementSchema).optional(),
});
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
  method: z.enum(['password', 'one_time_link', 'social', 'passkey', 'impersonation']),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Its last request (kept to the minute). */
  lastSeenAt: z.string().nullable(),
  /** Where its address is, from the site's GeoIP lookup: a country code, and a city when the lookup knows one. */
  country: z.string().nullable(),
  city: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

/**
 * A device the account signed in from before (decision 048): it signs in without the guessing
 * challenge and its sign-ins are not e-mailed as new. Forgetting one makes its next sign-in new.
 */
export const knownDeviceSchema = z.object({
  _id: z.string(),
  userAgent: z.string().nullable(),
  /** The country (ISO code) of the address it last signed in from, when the lookup knows it. */
  country: z.string().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
});
export type KnownDevice = z.infer<typeof knownDeviceSchema>;

/**
 * `DELETE /users/me` (decision 047): the account's own password (an account without one signs in
 * afresh first), its username (or e-mail) typed out, and for a creator with earnings not paid
 * out, the acknowledgement that they are forfeited (or a payout request made before).
 */
export const deleteAccountSchema = z.object({
  password: z.string().max(128, 'must be at most 128 characters').optional(),
  confirm: z.string().trim().min(1, 'is required: type your username').max(200, 'must be at most 200 characters'),
  forfeitBalance: z.boolean().default(false),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

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
  /** Where the review of a creator's documents stands (decision 051); null for a fan. */
  verification: z
    .object({
      status: z.enum(verificationStatuses),
      reason: z.string().nullable(),
      /** When the documents on file were sent: a resubmission waits for review again from then. */
      submittedAt: z.string().nullable(),
    })
    .nullable(),
  documents: z.array(z.object({ _id: z.string(), field: z.string(), mimeType: z.string(), url: z.string() })),
  /** Its standing now (a suspension whose time has passed reads `good`), until when, and the reason it was told (decision 045). */
  standing: z.enum(accountStandings),
  standingUntil: z.string().nullable(),
  standingReason: z.string().nullable(),
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

/** One entry of an account's standing history (`GET /api/admin/accounts/:id/standing`): warnings are strikes. */
export const standingRecordSchema = z.object({
  _id: z.string(),
  action: z.enum(standingActions),
  reason: z.string(),
  until: z.string().nullable(),
  reportId: z.string().nullable(),
  adminId: z.string().nullable(),
  adminName: z.string().nullable(),
  createdAt: z.string(),
});
export type StandingRecord = z.infer<typeof standingRecordSchema>;

/** A short, readable name for the browser and system a session was opened from. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : undefined;
  return system ? `${browser} on ${system}` : browser;
}

/**
 * `PUT /admin/performers/{id}/verify-documents` (decision 051): `verified: true` approves;
 * `verified: false` with a `reason` rejects the documents, and the creator reads the reason,
 * sends new ones and waits for review again; `verified: false` alone withdraws a verification.
 */
export const verifyDocumentsSchema = z.object({
  verified: z.boolean(),
  reason: z.string().trim().min(1, 'is required').max(1000, 'must be at most 1000 characters').optional(),
});
export type VerifyDocumentsInput = z.infer<typeof verifyDocumentsSchema>;
