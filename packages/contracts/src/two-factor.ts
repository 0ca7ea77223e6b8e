import { z } from 'zod';
import { sessionSchema } from './users';

/** Two-factor sign-in, passkeys and step-up (decision 048). */

export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'must be the 6-digit code from your authenticator app');
export const recoveryCodeSchema = z
  .string()
  .trim()
  .min(8, 'must be one of your recovery codes')
  .max(40, 'must be one of your recovery codes');

export const secondFactorMethods = ['totp', 'recovery', 'passkey'] as const;
export type SecondFactorMethod = (typeof secondFactorMethods)[number];

/** The answer to a correct password for an account with a second factor, instead of a session. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  /** Opaque, short-lived (5 minutes), used once: send it back with the code to `POST /auth/2fa`. */
  challenge: z.string(),
  methods: z.array(z.enum(secondFactorMethods)),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** What `POST /auth/login` answers: a session, or (for an account with 2FA) a challenge. */
export const loginAnswerSchema = z.union([sessionSchema, twoFactorChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
export const isTwoFactorChallenge = (answer: LoginAnswer): answer is TwoFactorChallenge => 'twoFactorRequired' in answer;

const b64url = z
  .string()
  .min(1, 'is required')
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*$/, 'must be base64url');

/** A browser's `navigator.credentials.create()` answer, as @simplewebauthn/browser sends it. */
export const passkeyRegistrationResponseSchema = z.looseObject({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64url,
    attestationObject: z
      .string()
      .min(1)
      .max(16384)
      .regex(/^[A-Za-z0-9_-]*$/, 'must be base64url'),
    transports: z.array(z.string().max(40)).max(10).optional(),
  }),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/** A browser's `navigator.credentials.get()` answer. */
export const passkeyAuthenticationResponseSchema = z.looseObject({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: z
      .string()
      .max(512)
      .regex(/^[A-Za-z0-9_-]*$/, 'must be base64url')
      .optional(),
  }),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/** A second factor: exactly one of a code, a recovery code or a passkey assertion. */
const factorFields = {
  code: totpCodeSchema.optional(),
  recoveryCode: recoveryCodeSchema.optional(),
  passkey: passkeyAuthenticationResponseSchema.optional(),
  /** The id `assertionOptions` answered with, when `passkey` is sent. */
  passkeyChallengeId: z.uuid('must be an id').optional(),
};
type FactorFields = { code?: string; recoveryCode?: string; passkey?: unknown };
const exactlyOne = (body: FactorFields) =>
  [body.code, body.recoveryCode, body.passkey].filter((factor) => factor !== undefined).length === 1;
const oneFactorRule = { message: 'send exactly one of code, recoveryCode or passkey', path: ['code'] };

export const secondFactorSignInSchema = z
  .object({ ...factorFields, challenge: z.string().min(10, 'is not a valid challenge').max(200) })
  .refine(exactlyOne, oneFactorRule);
export type SecondFactorSignIn = z.input<typeof secondFactorSignInSchema>;

/** Options for the browser to sign the challenge of a pending second-factor sign-in with a passkey. */
export const secondFactorPasskeyOptionsSchema = z.object({ challenge: z.string().min(10, 'is not a valid challenge').max(200) });

/** WebAuthn options for `startRegistration` / `startAuthentication`, as the server generated them. */
export const webAuthnOptionsSchema = z.looseObject({ challenge: z.string() });

export const twoFactorStatusSchema = z.object({
  /** An authenticator app is enrolled and confirmed. */
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.number().int(),
  /** Any second factor (an app or a passkey). */
  enabled: z.boolean(),
  /** This account must have one (admins): until then only enrolment is open. */
  required: z.boolean(),
  /** Until when this session's last step-up opens payout changes, when that is still ahead; else null. */
  stepUpUntil: z.string().nullable(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const totpSetupSchema = z.object({
  /** Base32, for typing into the app. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a PNG data URL. */
  qrCode: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const confirmTotpSchema = z.object({ code: totpCodeSchema });
export const recoveryCodesSchema = z.object({
  /** Shown once: only hashes are kept. */
  recoveryCodes: z.array(z.string()),
  message: z.string(),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Disabling the app, or making new recovery codes: a current factor and the password. */
export const disableTotpSchema = z
  .object({ ...factorFields, currentPassword: z.string().min(1, 'is required').max(128) })
  .refine(exactlyOne, oneFactorRule);
export type DisableTotpInput = z.input<typeof disableTotpSchema>;
export const regenerateRecoveryCodesSchema = z.object(factorFields).refine(exactlyOne, oneFactorRule);

/** A fresh second-factor check for a sensitive change (payouts): valid for 10 minutes on this session. */
export const stepUpSchema = z.object(factorFields).refine(exactlyOne, oneFactorRule);
export type StepUpInput = z.input<typeof stepUpSchema>;
export const stepUpAnswerSchema = z.object({ until: z.string(), message: z.string() });

/** The header a payout change may carry instead of a step-up: a current code or a recovery code. */
export const SECOND_FACTOR_HEADER = 'x-second-factor';

export const passkeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyNameSchema = z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters');
export const addPasskeySchema = z.object({
  challengeId: z.uuid('must be an id'),
  name: passkeyNameSchema,
  response: passkeyRegistrationResponseSchema,
});
export type AddPasskeyInput = z.input<typeof addPasskeySchema>;

export const passkeyOptionsAnswerSchema = z.object({ challengeId: z.string(), options: webAuthnOptionsSchema });
export type PasskeyOptionsAnswer = z.infer<typeof passkeyOptionsAnswerSchema>;

export const passkeySignInSchema = z.object({
  challengeId: z.uuid('must be an id'),
  response: passkeyAuthenticationResponseSchema,
  remember: z.boolean().default(true),
});
export type PasskeySignInInput = z.input<typeof passkeySignInSchema>;
