import Stripe from 'stripe';
import { type FakeServer, sendJson, startFakeServer } from './http';

/**
 * A local stand-in for the parts of Stripe's HTTP API the gateway uses: customers, payment
 * methods (Stripe's test ids: pm_card_visa pays, pm_card_chargeDeclined is declined,
 * pm_card_threeDSecure2Required asks for 3-D Secure), payment intents (answering a repeated
 * Idempotency-Key with the first answer, as Stripe does), Connect accounts and links. Events
 * it builds are signed with the SDK's own helper, exactly as Stripe signs them.
 */
export async function startFakeStripe(webhookSecret: string) {
  let sequence = 0;
  const next = (prefix: string) => `${prefix}_fake${++sequence}`;
  const cards: Record<string, { last4: string; behaviour: 'pays' | 'declined' | 'authentication' }> = {
    pm_card_visa: { last4: '4242', behaviour: 'pays' },
    pm_card_chargeDeclined: { last4: '0002', behaviour: 'declined' },
    pm_card_threeDSecure2Required: { last4: '3155', behaviour: 'authentication' },
  };
  const byKey = new Map<string, { status: number; body: unknown }>();
  const intents = new Map<string, Stripe.PaymentIntent>();
  const requests: Array<{ method: string; path: string; form: URLSearchParams }> = [];

  const intentOf = (form: URLSearchParams, status: Stripe.PaymentIntent.Status) => {
    const id = next('pi');
    const metadata: Record<string, string> = {};
    for (const [key, value] of form) {
      const match = /^metadata\[(.+)\]$/.exec(key);
      if (match) metadata[match[1]!] = value;
    }
    const intent = {
      id,
      object: 'payment_intent',
      amount: Number(form.get('amount')),
      currency: form.get('currency'),
      customer: form.get('customer'),
      payment_method: form.get('payment_method'),
      status,
      client_secret: `${id}_secret_fake`,
      metadata,
      last_payment_error: status === 'requires_payment_method' ? { message: 'Your card was declined.' } : null,
    } as unknown as Stripe.PaymentIntent;
    intents.set(id, intent);
    return intent;
  };

  const server: FakeServer = await startFakeServer((request, response, body, url) => {
    const form = new URLSearchParams(body);
    requests.push({ method: request.method ?? 'GET', path: url.pathname, form });
    const key = request.headers['idempotency-key'];
    const cacheKey = typeof key === 'string' ? `${url.pathname}:${key}` : undefined;
    if (cacheKey && byKey.has(cacheKey)) {
      const cached = byKey.get(cacheKey)!;
      return sendJson(response, cached.status, cached.body);
    }
    const answer = (status: number, answerBody: unknown) => {
      if (cacheKey) byKey.set(cacheKey, { status, body: answerBody });
      sendJson(response, status, answerBody);
    };
    const path = url.pathname;
    if (request.method === 'POST' && path === '/v1/customers')
      return answer(200, { id: next('cus'), object: 'customer', email: form.get('email') });
    const attach = /^\/v1\/payment_methods\/([^/]+)\/(attach|detach)$/.exec(path);
    if (request.method === 'POST' && attach) {
      const card = cards[attach[1]!];
      if (!card) return answer(404, { error: { type: 'invalid_request_error', message: `No such PaymentMethod: '${attach[1]}'` } });
      return answer(200, {
        id: attach[1],
        object: 'payment_method',
        type: 'card',
        customer: attach[2] === 'attach' ? form.get('customer') : null,
        card: { brand: 'visa', last4: card.last4, exp_month: 12, exp_year: new Date().getFullYear() + 2 },
        billing_details: { name: 'Fan Card' },
      });
    }
    if (request.method === 'POST' && path === '/v1/payment_intents') {
      const card = cards[form.get('payment_method') ?? ''];
      if (!card) return answer(400, { error: { type: 'invalid_request_error', message: 'No such PaymentMethod' } });
      if (card.behaviour === 'declined') {
        const intent = intentOf(form, 'requires_payment_method');
        return answer(402, {
          error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.', payment_intent: intent },
        });
      }
      return answer(200, intentOf(form, card.behaviour === 'pays' ? 'succeeded' : 'requires_action'));
    }
    if (request.method === 'POST' && path === '/v1/accounts')
      return answer(200, { id: next('acct'), object: 'account', type: form.get('type') });
    if (request.method === 'POST' && path === '/v1/account_links') {
      return answer(200, { object: 'account_link', url: `https://connect.stripe.test/setup/${form.get('account')}` });
    }
    return sendJson(response, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path})` },
    });
  });

  const signer = new Stripe('sk_test_fake');
  return {
    url: server.url,
    close: () => server.close(),
    requests,
    intents,
    /** An event about a payment intent (its status changed as `status` says), signed like Stripe's. */
    event(type: string, intentId: string, status?: Stripe.PaymentIntent.Status) {
      const intent = { ...intents.get(intentId)!, ...(status ? { status } : {}) };
      const payload = JSON.stringify({
        id: next('evt'),
        object: 'event',
        type,
        data: { object: intent },
        created: Math.floor(Date.now() / 1000),
      });
      return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
    },
  };
}
