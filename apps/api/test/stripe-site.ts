import { expect } from 'vitest';
import { createTestApp } from './app';
import { signedIn } from './factories';
import { startFakeStripe } from './fakes/stripe';

/**
 * A site that takes cards through Stripe only, against a local fake of Stripe's HTTP API that
 * signs its webhooks with `webhookSecret`: the gateway and its keys saved as an admin saves them.
 */
export async function startStripeSite(webhookSecret: string) {
  const stripe = await startFakeStripe(webhookSecret);
  const app = await createTestApp({ stripeApiBase: stripe.url, sandboxPayments: false });
  const admin = await signedIn(app, 'admin');
  for (const [key, value] of [
    ['paymentGateway', 'stripe'],
    ['stripeSecretKey', 'sk_test_limelight'],
    ['stripeWebhookSecret', webhookSecret],
  ]) {
    const saved = await app.inject({ method: 'PUT', url: `/api/admin/settings/${key}`, headers: admin.headers, payload: { value } });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const close = async () => {
    await app.close();
    await stripe.close();
  };
  return { app, stripe, close };
}
