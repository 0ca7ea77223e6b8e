import Stripe from 'stripe';
import { type FakeServer, sendJson, startFakeServer } from './http';
import { fakeStripeConnect } from './stripe-connect';

type Behaviour = 'pays' | 'declined' | 'authentication';
type FakeCard = { last4: string; behaviour: Behaviour; expMonth: number; expYear: number; name: string | null };

/** Stripe's test card numbers, as Stripe.js sends them when a card is typed in. */
const TEST_NUMBERS: Record<string, Behaviour> = {
  '4242424242424242': 'pays',
  '4000000000000002': 'declined',
  '4000002760003184': 'authentication',
};

const cardError = (code: string, message: string) => ({ error: { type: 'card_error', code, message } });

/**
 * A local stand-in for the parts of Stripe's HTTP API the gateway and Stripe.js use: customers,
 * payment methods (Stripe's test ids: pm_card_visa pays, pm_card_chargeDeclined is declined,
 * pm_card_threeDSecure2Required asks for 3-D Secure; or made from Stripe's test card numbers,
 * as Stripe.js does), payment intents (answering a repeated Idempotency-Key with the first
 * answer, as Stripe does; confirmed from the browser after 3-D Secure), Connect accounts and
 * links. Events it builds are signed with the SDK's own helper, exactly as Stripe signs them;
 * with a `webhookUrl` it delivers them there itself when a payment changes, as Stripe does.
 */
export async function startFakeStripe(webhookSecret: string, options: { port?: number; webhookUrl?: string } = {}) {
  let sequence = 0;
  const next = (prefix: string) => `${prefix}_fake${++sequence}`;
  const expYear = new Date().getFullYear() + 2;
  const cards: Record<string, FakeCard> = {
    pm_card_visa: { last4: '4242', behaviour: 'pays', expMonth: 12, expYear, name: 'Fan Card' },
    pm_card_chargeDeclined: { last4: '0002', behaviour: 'declined', expMonth: 12, expYear, name: 'Fan Card' },
    pm_card_threeDSecure2Required: { last4: '3155', behaviour: 'authentication', expMonth: 12, expYear, name: 'Fan Card' },
  };
  const byKey = new Map<string, { status: number; body: unknown }>();
  const intents = new Map<string, Stripe.PaymentIntent>();
  const requests: Array<{ method: string; path: string; form: URLSearchParams }> = [];
  /** Payment intent calls still to lose: done (the card charged), then the connection dropped with no answer. */
  let answersToLose = 0;

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

  const signer = new Stripe('sk_test_fake');
  const signedEvent = (type: string, intent: object) => {
    const payload = JSON.stringify({
      id: next('evt'),
      object: 'event',
      type,
      data: { object: intent },
      created: Math.floor(Date.now() / 1000),
    });
    return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
  };
  /** What each payment intent's charge has given back so far (Stripe's `amount_refunded`). */
  const refundedSoFar = new Map<string, number>();
  const chargeOf = (intent: Stripe.PaymentIntent, refundedCents: number) =>
    ({
      id: `ch_for_${intent.id}`,
      object: 'charge',
      payment_intent: intent.id,
      amount: intent.amount,
      amount_refunded: refundedCents,
      refunded: refundedCents === intent.amount,
    }) as unknown as Stripe.Charge;
  const deliver = async (type: string, intent: object) => {
    if (!options.webhookUrl) return;
    const { payload, signature } = signedEvent(type, intent);
    await fetch(options.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
  };

  const connect = fakeStripeConnect(next, deliver);

  const server: FakeServer = await startFakeServer(async (request, response, body, url) => {
    const form = new URLSearchParams(body);
    requests.push({ method: request.method ?? 'GET', path: url.pathname, form });
    const key = request.headers['idempotency-key'];
    const cacheKey = typeof key === 'string' ? `${url.pathname}:${key}` : undefined;
    const loseAnswer = request.method === 'POST' && url.pathname === '/v1/payment_intents' && answersToLose > 0;
    if (loseAnswer) answersToLose -= 1;
    const send = (status: number, answerBody: unknown) => {
      if (loseAnswer) response.socket?.destroy();
      else sendJson(response, status, answerBody);
    };
    if (cacheKey && byKey.has(cacheKey)) {
      const cached = byKey.get(cacheKey)!;
      return send(cached.status, cached.body);
    }
    const answer = (status: number, answerBody: unknown) => {
      if (cacheKey) byKey.set(cacheKey, { status, body: answerBody });
      send(status, answerBody);
    };
    const path = url.pathname;
    if (request.method === 'POST' && path === '/v1/customers')
      return answer(200, { id: next('cus'), object: 'customer', email: form.get('email') });
    const attach = /^\/v1\/payment_methods\/([^/]+)\/(attach|detach)$/.exec(path);
    if (request.method === 'POST' && attach) {
      const card = cards[attach[1]!];
      if (!card) return answer(404, { error: { type: 'invalid_request_error', message: `No such PaymentMethod: '${attach[1]}'` } });
      // Stripe's test ids (pm_card_visa…) stand for a new payment method each time they are used.
      const id = attach[1]!.startsWith('pm_card_') && attach[2] === 'attach' ? next('pm') : attach[1]!;
      cards[id] = card;
      return answer(200, {
        id,
        object: 'payment_method',
        type: 'card',
        customer: attach[2] === 'attach' ? form.get('customer') : null,
        card: { brand: 'visa', last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear },
        billing_details: { name: card.name },
      });
    }
    if (request.method === 'POST' && path === '/v1/payment_methods') {
      // What Stripe.js sends from a card form, with the publishable key.
      if (!form.get('key')?.startsWith('pk_')) return answer(401, { error: { type: 'invalid_request_error', message: 'Invalid API key' } });
      const number = (form.get('card[number]') ?? '').replace(/\s/g, '');
      const behaviour = TEST_NUMBERS[number];
      if (!behaviour) return answer(402, cardError('incorrect_number', 'Your card number is incorrect.'));
      const expMonth = Number(form.get('card[exp_month]'));
      const year = Number(form.get('card[exp_year]'));
      const fullYear = year < 100 ? 2000 + year : year;
      if (!(expMonth >= 1 && expMonth <= 12) || new Date(fullYear, expMonth) < new Date())
        return answer(402, cardError('invalid_expiry_year', "Your card's expiration date is invalid."));
      if (!/^\d{3,4}$/.test(form.get('card[cvc]') ?? ''))
        return answer(402, cardError('invalid_cvc', "Your card's security code is invalid."));
      const id = next('pm');
      cards[id] = { last4: number.slice(-4), behaviour, expMonth, expYear: fullYear, name: form.get('billing_details[name]') || null };
      return answer(200, { id, object: 'payment_method', type: 'card', card: { brand: 'visa', last4: number.slice(-4) } });
    }
    const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
    if (request.method === 'POST' && confirm) {
      // Stripe.js finishing 3-D Secure; `authentication` is the fake's stand-in for the bank's page.
      const intent = intents.get(confirm[1]!);
      if (!intent || form.get('client_secret') !== intent.client_secret)
        return answer(404, { error: { type: 'invalid_request_error', message: `No such payment_intent: '${confirm[1]}'` } });
      if (intent.status !== 'requires_action') return answer(200, intent);
      const passed = form.get('authentication') !== 'fail';
      Object.assign(intent, {
        status: passed ? 'succeeded' : 'requires_payment_method',
        last_payment_error: passed ? null : { message: 'We are unable to authenticate your payment method.' },
      });
      await deliver(passed ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', intent);
      return answer(200, intent);
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
    if (request.method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.get('payment_intent') ?? '');
      if (intent?.status !== 'succeeded')
        return answer(400, { error: { type: 'invalid_request_error', message: 'This PaymentIntent has no successful charge to refund' } });
      // Stripe refunds a charge in as many parts as asked, never beyond what it took.
      const before = refundedSoFar.get(intent.id) ?? 0;
      const amount = Number(form.get('amount') ?? intent.amount - before);
      if (amount <= 0 || before + amount > intent.amount)
        return answer(400, {
          error: { type: 'invalid_request_error', message: 'Refund amount is greater than unrefunded amount on charge' },
        });
      refundedSoFar.set(intent.id, before + amount);
      await deliver('charge.refunded', chargeOf(intent, before + amount));
      return answer(200, { id: next('re'), object: 'refund', payment_intent: intent.id, amount, status: 'succeeded' });
    }
    if (await connect.handle(request, response, form, url, answer)) return;
    return sendJson(response, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path})` },
    });
  }, options.port);

  return {
    url: server.url,
    close: () => server.close(),
    requests,
    intents,
    /** Connect accounts and the stand-in for Stripe's hosted onboarding (stripe-connect.ts). */
    connect,
    /** The next `count` payment intent calls (retries included) charge as asked and never answer. */
    loseAnswers(count: number) {
      answersToLose = count;
    },
    /** An event about a payment intent (its status changed as `status` says, here too), signed like Stripe's. */
    event(type: string, intentId: string, status?: Stripe.PaymentIntent.Status) {
      const intent = { ...intents.get(intentId)!, ...(status ? { status } : {}) };
      intents.set(intentId, intent);
      return signedEvent(type, intent);
    },
    /** `charge.refunded` for a payment intent's charge, refunded in full or `refundedCents` in all so far (a refund made in Stripe's dashboard). */
    refundEvent(intentId: string, refundedCents?: number) {
      const intent = intents.get(intentId)!;
      refundedSoFar.set(intentId, refundedCents ?? intent.amount);
      return signedEvent('charge.refunded', chargeOf(intent, refundedCents ?? intent.amount));
    },
  };
}
