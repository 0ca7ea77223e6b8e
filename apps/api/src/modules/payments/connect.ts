import { ErrorCode, type StripeConnectAccount, type StripeConnectStatus } from '@limelight/contracts';
import type Stripe from 'stripe';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { activeGatewayName, stripeGateway } from './gateways';
import { saveStripeAccount, stripeAccountOf } from './repo/stripe';

const notSetUp = () => new AppError(503, ErrorCode.providerNotConfigured, 'Stripe is not set up on this site');

/** A Stripe call that failed for a reason of Stripe's own (unreachable, refused): said so, never a 500. */
async function askStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch {
    throw new AppError(502, ErrorCode.providerUnavailable, 'Stripe did not answer: please try again in a moment');
  }
}

/**
 * `POST /stripe/accounts`: the creator's Connect account (made once) and a fresh onboarding link.
 * Stripe sends the creator back to the banking page: `?stripe=return` when they leave its form,
 * `?stripe=refresh` when the link was used or expired, where the page asks for a new one.
 */
export async function connectStripeAccount(deps: Deps, performer: SessionUser) {
  if (activeGatewayName(deps) !== 'stripe') throw notSetUp();
  const { client } = stripeGateway(deps);
  let accountId = await stripeAccountOf(deps.db, performer.id, 'payee');
  if (!accountId) {
    const account = await askStripe(() =>
      client.accounts.create(
        { type: 'express', email: performer.email ?? undefined, metadata: { userId: performer.id } },
        { idempotencyKey: `connect:${performer.id}` },
      ),
    );
    accountId = account.id;
    await saveStripeAccount(deps.db, performer.id, 'payee', accountId);
  }
  const banking = `${deps.config.publicUrl}/creator/banking`;
  const link = await askStripe(() =>
    client.accountLinks.create({
      account: accountId,
      type: 'account_onboarding',
      refresh_url: `${banking}?stripe=refresh`,
      return_url: `${banking}?stripe=return`,
    }),
  );
  return { accountId, url: link.url };
}

/** Where a Connect account stands, from what Stripe says of it (decision 038). */
export function connectStatusOf(account: Stripe.Account): StripeConnectStatus {
  if (account.payouts_enabled) return 'enabled';
  const due = [...(account.requirements?.currently_due ?? []), ...(account.requirements?.past_due ?? [])];
  if (!account.details_submitted || due.length) return 'details_needed';
  return 'pending_verification';
}

/**
 * `GET /stripe/accounts/me`: the creator's Connect account as Stripe has it now. Read from Stripe
 * each time, not kept here: Stripe alone decides when an account may be paid out to.
 */
export async function stripeConnectAccount(deps: Deps, performerId: string): Promise<StripeConnectAccount> {
  const available = activeGatewayName(deps) === 'stripe';
  const accountId = await stripeAccountOf(deps.db, performerId, 'payee');
  if (!available || !accountId) return { available, status: 'not_started', accountId: accountId ?? null, requirements: [] };
  const account = await askStripe(() => stripeGateway(deps).client.accounts.retrieve(accountId));
  const status = connectStatusOf(account);
  return {
    available,
    status,
    accountId,
    requirements: status === 'details_needed' ? (account.requirements?.currently_due ?? []) : [],
  };
}
