import type Stripe from 'stripe';
import type { Deps } from '../../deps';
import { badRequest } from '../../platform/errors';
import { outcomeOf, stripeSdk } from '../../platform/payments/stripe';
import { refundPayment, settlePayment } from './card-payments';
import { stripePaymentById, stripePaymentOfIntent } from './repo/payments';
import { recordStripeEvent, stripeEventSeen } from './repo/stripe';

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
    event = stripeSdk().webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw badRequest('Invalid Stripe signature');
  }
  if (await stripeEventSeen(deps.db, event.id)) return { received: true, duplicate: true };

  if (event.type.startsWith('payment_intent.')) {
    const intent = event.data.object as Stripe.PaymentIntent;
    const payment = intent.metadata?.paymentId ? await stripePaymentById(deps.db, intent.metadata.paymentId) : undefined;
    if (payment) {
      const outcome =
        event.type === 'payment_intent.payment_failed'
          ? { status: 'fail' as const, reason: intent.last_payment_error?.message ?? 'Your card was declined' }
          : outcomeOf(intent);
      if (outcome.status !== 'processing') await settlePayment(deps, payment.id, outcome, intent.id);
    }
  }
  if (event.type === 'charge.refunded') {
    // Refunded on Stripe's side (its dashboard, or our own refund call, which asks for the unspent
    // part only): applied once, for the amount Stripe gave back. A subscription period cannot be
    // partly given back; a top-up's or a purchase's tokens are taken back in the refunded share.
    const charge = event.data.object as Stripe.Charge;
    const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    // Any attempt's intent names the payment, also one whose answer never reached us.
    const payment = intentId ? await stripePaymentOfIntent(deps.db, intentId) : undefined;
    if (payment && (charge.refunded || (payment.type !== 'subscription' && charge.amount_refunded > 0))) {
      // A refunded charge had succeeded, even if that event has not arrived yet: settled first,
      // the late success finds the payment closed and credits nothing.
      await settlePayment(deps, payment.id, { status: 'success' }, intentId);
      await refundPayment(deps, payment.id, Math.min(charge.amount_refunded, payment.amountCents));
    } else if (payment) deps.log.warn({ paymentId: payment.id }, 'a partial Stripe refund of a subscription is not applied');
  }
  await recordStripeEvent(deps.db, event);
  return { received: true, duplicate: false };
}
