import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { expectSoundLedger, refusedFields, signedIn, verifiedPerformer } from '../../../test/factories';
import { startStripeSite } from '../../../test/stripe-site';
import { paymentAttempts } from '../../db/schema';

type Account = Awaited<ReturnType<typeof signedIn>>;
type StripeSite = Awaited<ReturnType<typeof startStripeSite>>;
const webhookSecret = 'whsec_test_limelight';
let app: TestApp;
let stripe: StripeSite['stripe'];
let close: () => Promise<void>;
beforeAll(async () => {
  ({ app, stripe, close } = await startStripeSite(webhookSecret));
});
afterEach(() => expectSoundLedger(app));
afterAll(() => close());

const fanWithCard = async (paymentMethodId: string) => {
  const fan = await signedIn(app, 'user');
  const card = await app.inject({ method: 'POST', url: '/api/stripe/cards', headers: fan.headers, payload: { paymentMethodId } });
  expect(card.statusCode, card.body).toBe(200);
  return fan;
};
const topUp = (fan: Account, amount: number) =>
  app.inject({ method: 'POST', url: '/api/payment/wallet/top-up', headers: fan.headers, payload: { amount } });
const balance = async (account: Account) => (await app.inject({ url: '/api/users/me', headers: account.headers })).json().balance;
const deliver = (event: { payload: string; signature: string }) =>
  app.inject({
    method: 'POST',
    url: '/api/payment/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });

describe('Stripe', () => {
  it('saves a card on the fan’s Stripe customer and tops up with a payment intent', async () => {
    expect((await app.inject('/api/settings/public')).json().activePaymentGateway).toBe('stripe');
    const fan = await fanWithCard('pm_card_visa');
    const cards = (await app.inject({ url: '/api/payment-cards', headers: fan.headers })).json();
    expect(cards).toMatchObject({ total: 1, data: [{ gateway: 'stripe', brand: 'Visa', last4: '4242' }] });
    const paid = await topUp(fan, 20);
    expect(paid.json()).toMatchObject({ gateway: 'stripe', status: 'success', tokens: 20 });
    expect(await balance(fan)).toBe(20);
    const intent = stripe.requests.find((request) => request.path === '/v1/payment_intents');
    expect(intent?.form.get('amount')).toBe('2000');
    expect(intent?.form.get('metadata[paymentId]')).toBe(paid.json()._id);
    // The sandbox is off on this site.
    expect((await app.inject({ method: 'POST', url: '/api/sandbox/cards', headers: fan.headers, payload: {} })).statusCode).toBe(422);
    expect(
      refusedFields(
        await app.inject({ method: 'POST', url: '/api/stripe/cards', headers: fan.headers, payload: { paymentMethodId: 'pm_unknown' } }),
      ),
    ).toEqual(['paymentMethodId']);
  });

  it('charges once when a payment is retried while the first call’s outcome is unknown, and refunds that charge', async () => {
    const fan = await fanWithCard('pm_card_visa');
    const intentsBefore = stripe.intents.size;
    // Stripe charges the card, then neither the call nor the SDK's own retries get an answer.
    stripe.loseAnswers(3);
    const lost = await topUp(fan, 25);
    expect(lost.statusCode).toBe(503);
    expect(await balance(fan)).toBe(0);
    expect(stripe.intents.size).toBe(intentsBefore + 1);
    const [payment] = (await app.inject({ url: '/api/payment/transactions/user/search', headers: fan.headers })).json().data;
    expect(payment.status).toBe('processing');

    const retried = await app.inject({ method: 'POST', url: `/api/payment/retry/${payment._id}`, headers: fan.headers });
    expect(retried.json()).toMatchObject({ status: 'success', tokens: 25 });
    expect(stripe.intents.size).toBe(intentsBefore + 1);
    expect(await balance(fan)).toBe(25);
    // A settled payment is not sent again.
    expect((await app.inject({ method: 'POST', url: `/api/payment/retry/${payment._id}`, headers: fan.headers })).statusCode).toBe(409);

    const admin = await signedIn(app, 'admin');
    const refunded = await app.inject({
      method: 'POST',
      url: `/api/admin/payment/transactions/${payment._id}/refund`,
      headers: admin.headers,
    });
    expect(refunded.json()).toMatchObject({ status: 'refunded' });
    const refund = stripe.requests.filter((request) => request.path === '/v1/refunds').at(-1)!;
    expect(stripe.intents.get(refund.form.get('payment_intent')!)!.metadata.paymentId).toBe(payment._id);
    expect(await balance(fan)).toBe(0);
  });

  it('sends a charge again, once, when the process that had it out died with it (found by the chaos test)', async () => {
    const fan = await fanWithCard('pm_card_visa');
    const intentsBefore = stripe.intents.size;
    stripe.loseAnswers(3);
    expect((await topUp(fan, 30)).statusCode).toBe(503);
    const [payment] = (await app.inject({ url: '/api/payment/transactions/user/search', headers: fan.headers })).json().data;
    // What a SIGKILL during the gateway call leaves: the attempt still marked as being sent.
    const sentAgo = async (seconds: number) =>
      app.deps.db
        .update(paymentAttempts)
        .set({ state: 'sending', updatedAt: new Date(Date.now() - seconds * 1000) })
        .where(eq(paymentAttempts.paymentId, payment._id));
    const retry = () => app.inject({ method: 'POST', url: `/api/payment/retry/${payment._id}`, headers: fan.headers });

    await sentAgo(5);
    expect((await retry()).statusCode).toBe(409);
    expect(await balance(fan)).toBe(0);

    await sentAgo(120);
    expect((await retry()).json()).toMatchObject({ status: 'success', tokens: 30 });
    expect(stripe.intents.size).toBe(intentsBefore + 1);
    expect(await balance(fan)).toBe(30);
  });

  it('settles a payment from its attempt’s recorded outcome when the process died before settling it (found by the chaos test)', async () => {
    const fan = await fanWithCard('pm_card_visa');
    const intentsBefore = stripe.intents.size;
    stripe.loseAnswers(3);
    expect((await topUp(fan, 40)).statusCode).toBe(503);
    const [payment] = (await app.inject({ url: '/api/payment/transactions/user/search', headers: fan.headers })).json().data;
    const intentId = [...stripe.intents.values()].find((intent) => intent.metadata.paymentId === payment._id)!.id;
    // What a SIGKILL between recording Stripe's answer and settling the payment leaves.
    await app.deps.db
      .update(paymentAttempts)
      .set({ state: 'success', gatewayRef: intentId })
      .where(eq(paymentAttempts.paymentId, payment._id));
    const retried = await app.inject({ method: 'POST', url: `/api/payment/retry/${payment._id}`, headers: fan.headers });
    expect(retried.json()).toMatchObject({ status: 'success', tokens: 40 });
    expect(stripe.intents.size).toBe(intentsBefore + 1);
    expect(await balance(fan)).toBe(40);
  });

  it('finds a payment by the intent of an attempt whose answer was lost when its webhook arrives', async () => {
    const fan = await fanWithCard('pm_card_visa');
    stripe.loseAnswers(3);
    expect((await topUp(fan, 12)).statusCode).toBe(503);
    const [payment] = (await app.inject({ url: '/api/payment/transactions/user/search', headers: fan.headers })).json().data;
    const intentId = [...stripe.intents.values()].find((intent) => intent.metadata.paymentId === payment._id)!.id;
    expect((await deliver(stripe.event('payment_intent.succeeded', intentId))).statusCode).toBe(200);
    expect(await balance(fan)).toBe(12);
    expect((await deliver(stripe.refundEvent(intentId))).json()).toEqual({ received: true, duplicate: false });
    expect(await balance(fan)).toBe(0);
  });

  it('records a declined card as failed', async () => {
    const fan = await fanWithCard('pm_card_chargeDeclined');
    expect((await topUp(fan, 10)).json()).toMatchObject({ status: 'fail', failureReason: 'Your card was declined.' });
    expect(await balance(fan)).toBe(0);
  });

  it('credits a 3-D Secure top-up once when its webhook arrives three times, out of order; refuses a forged one', async () => {
    const fan = await fanWithCard('pm_card_threeDSecure2Required');
    const pending = (await topUp(fan, 15)).json();
    expect(pending).toMatchObject({ status: 'require_authentication', nextAction: { type: 'stripe' } });
    expect(pending.nextAction.clientSecret).toMatch(/_secret_/);
    const intentId = [...stripe.intents.values()].find((intent) => intent.metadata.paymentId === pending._id)!.id;

    const succeeded = stripe.event('payment_intent.succeeded', intentId, 'succeeded');
    const lateFailure = stripe.event('payment_intent.payment_failed', intentId, 'requires_payment_method');
    expect((await deliver(succeeded)).json()).toEqual({ received: true, duplicate: false });
    expect((await deliver(lateFailure)).statusCode).toBe(200);
    expect((await deliver(succeeded)).json()).toEqual({ received: true, duplicate: true });
    expect((await deliver(succeeded)).json()).toEqual({ received: true, duplicate: true });
    expect(await balance(fan)).toBe(15);
    expect((await app.inject({ url: `/api/payment/transactions/${pending._id}`, headers: fan.headers })).json().status).toBe('success');

    const forged = stripe.event('payment_intent.succeeded', intentId, 'succeeded');
    const tampered = await deliver({ payload: forged.payload.replace('"amount":1500', '"amount":150000'), signature: forged.signature });
    expect(tampered.statusCode).toBe(400);
    expect((await deliver({ payload: forged.payload, signature: 't=1,v1=deadbeef' })).statusCode).toBe(400);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/payment/stripe/webhook',
          headers: { 'content-type': 'application/json' },
          payload: forged.payload,
        })
      ).statusCode,
    ).toBe(400);
    expect(await balance(fan)).toBe(15);
  });

  it('applies each refund made on Stripe’s side once, however often it is reported, for the amount Stripe gave back', async () => {
    const fan = await fanWithCard('pm_card_visa');
    const paid = (await topUp(fan, 30)).json();
    const intentId = [...stripe.intents.values()].find((intent) => intent.metadata.paymentId === paid._id)!.id;
    const partly = stripe.refundEvent(intentId, 1000);
    expect((await deliver(partly)).json()).toEqual({ received: true, duplicate: false });
    expect((await deliver(partly)).json()).toEqual({ received: true, duplicate: true });
    expect(await balance(fan)).toBe(20);
    const seen = (await app.inject({ url: `/api/payment/transactions/${paid._id}`, headers: fan.headers })).json();
    expect(seen).toMatchObject({ status: 'refunded', refunded: 10 });
    // A second refund in Stripe's dashboard (12.50 more, 22.50 in all): its own share leaves the wallet.
    const more = stripe.refundEvent(intentId, 2250);
    expect((await deliver(more)).json()).toEqual({ received: true, duplicate: false });
    expect(await balance(fan)).toBe(7.5);
    // An older report arriving late changes nothing; the rest, refunded last, empties the wallet.
    expect((await deliver(stripe.refundEvent(intentId, 1000))).json()).toEqual({ received: true, duplicate: false });
    expect(await balance(fan)).toBe(7.5);
    expect((await deliver(stripe.refundEvent(intentId))).json()).toEqual({ received: true, duplicate: false });
    expect(await balance(fan)).toBe(0);
    const after = (await app.inject({ url: `/api/payment/transactions/${paid._id}`, headers: fan.headers })).json();
    expect(after).toMatchObject({ status: 'refunded', refunded: 30 });
  });

  it('pays for a post by card through Stripe (3-D Secure by webhook), and an admin refunds only the unspent part', async () => {
    const creator = await verifiedPerformer(app);
    const post = await app.inject({
      method: 'POST',
      url: '/api/performer/feeds',
      headers: creator.headers,
      payload: { type: 'text', text: 'Paid', isSale: true, price: 8 },
    });
    const fan = await fanWithCard('pm_card_threeDSecure2Required');
    const pending = await app.inject({
      method: 'POST',
      url: `/api/payment/charges/feed/${post.json()._id}`,
      headers: { ...fan.headers, 'idempotency-key': crypto.randomUUID() },
      payload: {},
    });
    expect(pending.json()).toMatchObject({ type: 'charge', status: 'require_authentication', nextAction: { type: 'stripe' } });
    const intentId = [...stripe.intents.values()].find((intent) => intent.metadata.paymentId === pending.json()._id)!.id;
    const locked = await app.inject({ url: `/api/user/feeds/${post.json()._id}`, headers: fan.headers });
    expect(locked.json().isBought).toBe(false);
    const succeeded = stripe.event('payment_intent.succeeded', intentId, 'succeeded');
    await Promise.all([deliver(succeeded), deliver(stripe.event('payment_intent.succeeded', intentId, 'succeeded'))]);
    const open = await app.inject({ url: `/api/user/feeds/${post.json()._id}`, headers: fan.headers });
    expect(open.json()).toMatchObject({ isBought: true, canView: true });
    const paid = (await app.inject({ url: `/api/payment/transactions/${pending.json()._id}`, headers: fan.headers })).json();
    expect(paid).toMatchObject({ status: 'success', purchase: { type: 'feed', problem: null } });

    // A top-up, partly spent, refunded: Stripe is asked for the unspent part only.
    const topUpFan = await fanWithCard('pm_card_visa');
    const topped = (await topUp(topUpFan, 20)).json();
    const tip = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/tip/${creator.user.id}`,
      headers: topUpFan.headers,
      payload: { price: 12.5 },
    });
    expect(tip.statusCode, tip.body).toBe(200);
    const admin = await signedIn(app, 'admin');
    const refunded = await app.inject({
      method: 'POST',
      url: `/api/admin/payment/transactions/${topped._id}/refund`,
      headers: admin.headers,
    });
    expect(refunded.json()).toMatchObject({ status: 'refunded', refunded: 7.5 });
    expect(
      stripe.requests
        .filter((request) => request.path === '/v1/refunds')
        .at(-1)
        ?.form.get('amount'),
    ).toBe('750');
    expect(await balance(topUpFan)).toBe(0);
    // The card purchase refunded: the post locks again and the whole price goes back.
    const back = await app.inject({ method: 'POST', url: `/api/admin/payment/transactions/${paid._id}/refund`, headers: admin.headers });
    expect(back.json()).toMatchObject({ status: 'refunded', refunded: 8 });
    expect((await app.inject({ url: `/api/user/feeds/${post.json()._id}`, headers: fan.headers })).json().isBought).toBe(false);
  });

  it('applies a refund that arrives before the success it undoes; the late success credits nothing', async () => {
    const fan = await fanWithCard('pm_card_threeDSecure2Required');
    const pending = (await topUp(fan, 18)).json();
    expect(pending.status).toBe('require_authentication');
    const intentId = [...stripe.intents.values()].find((intent) => intent.metadata.paymentId === pending._id)!.id;
    expect((await deliver(stripe.refundEvent(intentId))).json()).toEqual({ received: true, duplicate: false });
    expect((await deliver(stripe.event('payment_intent.succeeded', intentId, 'succeeded'))).statusCode).toBe(200);
    expect(await balance(fan)).toBe(0);
    expect((await app.inject({ url: `/api/payment/transactions/${pending._id}`, headers: fan.headers })).json().status).toBe('refunded');
  });

  it('refunds through Stripe when an admin refunds a payment', async () => {
    const fan = await fanWithCard('pm_card_visa');
    const paid = (await topUp(fan, 12)).json();
    const admin = await signedIn(app, 'admin');
    const refunded = await app.inject({
      method: 'POST',
      url: `/api/admin/payment/transactions/${paid._id}/refund`,
      headers: admin.headers,
    });
    expect(refunded.json()).toMatchObject({ status: 'refunded' });
    const call = stripe.requests.filter((request) => request.path === '/v1/refunds').at(-1);
    expect(call?.form.get('payment_intent')).toBe(
      [...stripe.intents.values()].find((intent) => intent.metadata.paymentId === paid._id)!.id,
    );
    expect(await balance(fan)).toBe(0);
  });

  it('opens a Connect account for a creator, once, with an onboarding link', async () => {
    const creator = await verifiedPerformer(app);
    const first = await app.inject({ method: 'POST', url: '/api/stripe/accounts', headers: creator.headers });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().url).toMatch(/\/connect\/onboarding\/link_/);
    const again = await app.inject({ method: 'POST', url: '/api/stripe/accounts', headers: creator.headers });
    expect(again.json().accountId).toBe(first.json().accountId);
    expect(
      (await app.inject({ method: 'POST', url: '/api/stripe/accounts', headers: (await signedIn(app, 'user')).headers })).statusCode,
    ).toBe(403);
  });
});
