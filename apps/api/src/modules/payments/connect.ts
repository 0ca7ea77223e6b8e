import { ErrorCode } from '@limelight/contracts';
import { and, eq } from 'drizzle-orm';
import { gatewayAccounts } from '../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { activeGatewayName, stripeGateway } from './gateways';

/** `POST /stripe/accounts`: the creator's Connect account (made once) and a fresh onboarding link. */
export async function connectStripeAccount(deps: Deps, performer: SessionUser) {
  if (activeGatewayName(deps) !== 'stripe') throw new AppError(503, ErrorCode.providerNotConfigured, 'Stripe is not set up on this site');
  const { client } = stripeGateway(deps);
  const [known] = await deps.db
    .select({ externalId: gatewayAccounts.externalId })
    .from(gatewayAccounts)
    .where(and(eq(gatewayAccounts.userId, performer.id), eq(gatewayAccounts.gateway, 'stripe'), eq(gatewayAccounts.role, 'payee')));
  let accountId = known?.externalId;
  if (!accountId) {
    const account = await client.accounts.create(
      { type: 'express', email: performer.email ?? undefined, metadata: { userId: performer.id } },
      { idempotencyKey: `connect:${performer.id}` },
    );
    accountId = account.id;
    await deps.db
      .insert(gatewayAccounts)
      .values({ userId: performer.id, gateway: 'stripe', role: 'payee', externalId: accountId })
      .onConflictDoNothing();
  }
  const link = await client.accountLinks.create({
    account: accountId,
    type: 'account_onboarding',
    refresh_url: `${deps.config.publicUrl}/creator/banking`,
    return_url: `${deps.config.publicUrl}/creator/banking`,
  });
  return { accountId, url: link.url };
}
