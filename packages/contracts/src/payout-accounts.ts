import { z } from 'zod';

/**
 * A creator's Stripe Connect account as the banking screen shows it (decision 038), read from
 * Stripe: `not_started` (no account yet), `details_needed` (Stripe still asks for something),
 * `pending_verification` (all sent, Stripe is checking) or `enabled` (Stripe pays out to it).
 */
export const stripeConnectStatuses = ['not_started', 'details_needed', 'pending_verification', 'enabled'] as const;
export type StripeConnectStatus = (typeof stripeConnectStatuses)[number];

export const stripeConnectAccountSchema = z.object({
  /** Whether this site takes payments through Stripe at all (else Connect cannot be offered). */
  available: z.boolean(),
  status: z.enum(stripeConnectStatuses),
  accountId: z.string().nullable(),
  /** What Stripe still asks for (its requirement names), while the status is `details_needed`. */
  requirements: z.array(z.string()),
});
export type StripeConnectAccount = z.infer<typeof stripeConnectAccountSchema>;

export const stripeOnboardingLinkSchema = z.object({ accountId: z.string(), url: z.string() });
