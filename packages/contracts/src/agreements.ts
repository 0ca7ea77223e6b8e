import { z } from 'zod';

/**
 * What every account confirms and accepts (decision 050): being 18 or older, the Terms and the
 * Privacy policy. The Terms and the Privacy policy are the CMS pages with these slugs; their
 * `version` is the one accepted.
 */
export const agreementDocuments = ['age', 'terms', 'privacy'] as const;
export type AgreementDocument = (typeof agreementDocuments)[number];
export const legalPageSlugs = { terms: 'terms', privacy: 'privacy' } as const;

/** A checkbox sent as JSON `true` or, in a multipart form, as the text `true`. */
const ticked = (message: string) => z.preprocess((value) => (value === 'true' ? true : value), z.literal(true, { error: message }));

/** The two boxes every sign-up form ticks (fan, creator; social sign-in's first sign-in through `acceptAgreementsSchema`). */
export const signUpAgreementsSchema = z.object({
  /** "I am 18 or older." */
  ageConfirmed: ticked('must be ticked: you must be 18 or older to use this site'),
  /** "I accept the Terms and the Privacy policy." */
  termsAccepted: ticked('must be ticked: you must accept the Terms and the Privacy policy'),
});
export type SignUpAgreements = z.infer<typeof signUpAgreementsSchema>;

/** `POST /agreements/accept`: accepts the current versions of everything still pending. */
export const acceptAgreementsSchema = signUpAgreementsSchema;

/** A document the account has yet to accept in its current version. */
export const pendingAgreementSchema = z.object({
  document: z.enum(agreementDocuments),
  version: z.number().int(),
  /** The page's title ("Terms"), or what the age confirmation says. */
  title: z.string(),
  /** The CMS page to read (`/page/{slug}`); null for the age confirmation or a page not published. */
  slug: z.string().nullable(),
});
export type PendingAgreement = z.infer<typeof pendingAgreementSchema>;

/** One acceptance as recorded (the account's own record). */
export const agreementSchema = z.object({
  document: z.enum(agreementDocuments),
  version: z.number().int(),
  acceptedAt: z.string(),
});
export type Agreement = z.infer<typeof agreementSchema>;
