import { SITE_CURRENCY, stripeCardSchema } from '@limelight/contracts';
import type Stripe from 'stripe';
import { parseOrThrow, unprocessable } from '../errors';
import { lazyRequire } from '../lazy';
import type { ChargeOutcome, PaymentGateway } from './gateway';

/** The Stripe SDK, loaded when the site first uses Stripe: most sites never do (decision 019). */
export const stripeSdk = lazyRequire<typeof Stripe>('stripe');

export type StripeOptions = {
  secretKey: string;
  /** Stripe's API host; none is api.stripe.com (tests point it at a local fake). */
  apiBase?: string;
  /** Where a user's Stripe customer id is kept (created on their first card). */
  customers: { find(userId: string): Promise<string | undefined>; save(userId: string, customerId: string): Promise<void> };
};

/** Stripe takes currency codes in lower case. */
const STRIPE_CURRENCY = SITE_CURRENCY.toLowerCase();

function stripeClient(secretKey: string, apiBase?: string) {
  const base = apiBase ? new URL(apiBase) : undefined;
  const StripeClient = stripeSdk();
  return new StripeClient(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base ? { host: base.hostname, port: Number(base.port), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
}

/**
 * Cards through Stripe: Stripe.js collects the card in the browser and sends us a payment
 * method id, which is attached to the fan's Stripe customer; charges are payment intents
 * confirmed at once (3-D Secure finishes in the browser, the result arrives by webhook).
 */
export function createStripeGateway(options: StripeOptions): PaymentGateway & { client: Stripe } {
  const client = stripeClient(options.secretKey, options.apiBase);
  const customerFor = async (customer: { id: string; email: string | null }) => {
    const known = await options.customers.find(customer.id);
    if (known) return known;
    const created = await client.customers.create(
      { email: customer.email ?? undefined, metadata: { userId: customer.id } },
      { idempotencyKey: `customer:${customer.id}` },
    );
    await options.customers.save(customer.id, created.id);
    return created.id;
  };

  return {
    name: 'stripe',
    client,
    async addCard(customer, input) {
      const { paymentMethodId } = parseOrThrow(stripeCardSchema, input);
      const method = await client.paymentMethods
        .attach(paymentMethodId, { customer: await customerFor(customer) })
        .catch((error: unknown) => {
          if (error instanceof stripeSdk().errors.StripeError && error.statusCode && error.statusCode < 500) {
            throw unprocessable(error.message, [{ field: 'paymentMethodId', message: error.message }]);
          }
          throw error;
        });
      if (!method.card) throw unprocessable('This payment method is not a card', [{ field: 'paymentMethodId', message: 'is not a card' }]);
      return {
        gatewayCardId: method.id,
        brand: method.card.brand.replace(/^\w/, (letter) => letter.toUpperCase()),
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
        holderName: method.billing_details?.name ?? '',
      };
    },
    async removeCard(card) {
      await client.paymentMethods.detach(card.gatewayCardId);
    },
    async charge({ amountCents, card, idempotencyKey, description, customer, paymentId }) {
      try {
        const intent = await client.paymentIntents.create(
          {
            amount: amountCents,
            currency: STRIPE_CURRENCY,
            customer: await customerFor(customer),
            payment_method: card.gatewayCardId,
            confirm: true,
            description,
            // Webhooks find the payment by this even before the charge call has returned.
            metadata: { paymentId },
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          },
          { idempotencyKey },
        );
        return { gatewayRef: intent.id, outcome: outcomeOf(intent) };
      } catch (error) {
        if (error instanceof stripeSdk().errors.StripeCardError) {
          return {
            gatewayRef: error.payment_intent?.id ?? `declined:${idempotencyKey}`,
            outcome: { status: 'fail', reason: error.message },
          };
        }
        throw error;
      }
    },
    async refund({ gatewayRef, idempotencyKey, amountCents }) {
      await client.refunds.create({ payment_intent: gatewayRef, amount: amountCents }, { idempotencyKey });
    },
  };
}

/** What a payment intent's status means for the payment. */
export function outcomeOf(intent: Stripe.PaymentIntent): ChargeOutcome {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'success' };
    case 'requires_action':
    case 'requires_confirmation':
      return {
        status: 'require_authentication',
        reason: 'Your bank asks you to confirm this payment',
        clientSecret: intent.client_secret ?? undefined,
      };
    case 'canceled':
      return { status: 'fail', reason: 'The payment was canceled' };
    case 'requires_payment_method':
      return { status: 'fail', reason: intent.last_payment_error?.message ?? 'Your card was declined' };
    default:
      return { status: 'processing' };
  }
}
