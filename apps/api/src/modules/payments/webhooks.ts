import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { paymentTransactions, webhookEvents } from '../../db/schema';
import type { Deps } from '../../deps';
import { badRequest } from '../../platform/errors';
import { outcomeOf } from '../../platform/payments/stripe';
import { settlePayment } from './card-payments';

/**
 * A Stripe webhook: its signature checked against the raw body (a forged or altered one is
 * refused), then applied once. Replays are recognised by the event id; events arriving out of
 * order cannot move a payment that has already ended (settlePayment only moves open ones).
 */
export async function handleStripeWebhook(deps: Deps, rawBody: Buffer, signature: string | undefined) {
  const secret = deps.settings.get('stripeWebhookSecret');
  if (!secret || !signature) throw badRequest('Missing Stripe signature');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw badRequest('Invalid Stripe signature');
  }
  const [seen] = await deps.db
    .select({ eventId: webhookEvents.eventId })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.gateway, 'stripe'), eq(webhookEvents.eventId, event.id)));
  if (seen) return { received: true, duplicate: true };

  if (event.type.startsWith('payment_intent.')) {
    const intent = event.data.object as Stripe.PaymentIntent;
    const paymentId = intent.metadata?.paymentId;
    const [payment] = paymentId
      ? await deps.db
          .select({ id: paymentTransactions.id })
          .from(paymentTransactions)
          .where(and(eq(paymentTransactions.id, paymentId), eq(paymentTransactions.gateway, 'stripe')))
      : [];
    if (payment) {
      const outcome =
        event.type === 'payment_intent.payment_failed'
          ? { status: 'fail' as const, reason: intent.last_payment_error?.message ?? 'Your card was declined' }
          : outcomeOf(intent);
      if (outcome.status !== 'processing') await settlePayment(deps, payment.id, outcome);
    }
  }
  await deps.db.insert(webhookEvents).values({ gateway: 'stripe', eventId: event.id, type: event.type }).onConflictDoNothing();
  return { received: true, duplicate: false };
}
