import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { gatewayAccounts, webhookEvents } from '../../../db/schema/payments';

/** The Stripe account of a user in a role: the customer a fan's cards are saved under, or a creator's Connect payee. */
export async function stripeAccountOf(db: Queryable, userId: string, role: 'customer' | 'payee') {
  const [known] = await db
    .select({ externalId: gatewayAccounts.externalId })
    .from(gatewayAccounts)
    .where(and(eq(gatewayAccounts.userId, userId), eq(gatewayAccounts.gateway, 'stripe'), eq(gatewayAccounts.role, role)));
  return known?.externalId;
}

/** Keeps a user's Stripe account in a role (the first one kept stays). */
export async function saveStripeAccount(db: Queryable, userId: string, role: 'customer' | 'payee', externalId: string) {
  await db.insert(gatewayAccounts).values({ userId, gateway: 'stripe', role, externalId }).onConflictDoNothing();
}

/** Whether this Stripe event was applied already. */
export async function stripeEventSeen(db: Queryable, eventId: string) {
  const [seen] = await db
    .select({ eventId: webhookEvents.eventId })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.gateway, 'stripe'), eq(webhookEvents.eventId, eventId)));
  return !!seen;
}

/** Records a Stripe event as applied. */
export async function recordStripeEvent(db: Queryable, event: { id: string; type: string }) {
  await db.insert(webhookEvents).values({ gateway: 'stripe', eventId: event.id, type: event.type }).onConflictDoNothing();
}
