import { SANDBOX_CARDS } from '@limelight/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { expectSoundLedger, fundWallet, refusedFields, signedIn, verifiedPerformer } from '../../../test/factories';
import { performerProfiles, subscriptions } from '../../db/schema';
import { renewDue } from './renewals';

type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterEach(() => expectSoundLedger(app));
afterAll(() => app.close());

/** A listed creator with a 10-token monthly plan, a free trial, and one post for subscribers. */
async function creatorWithPlans() {
  const creator = await verifiedPerformer(app);
  await app.deps.db
    .update(performerProfiles)
    .set({ monthlyPriceCents: 1000, threeMonthPriceCents: 2500, isFreeSubscription: true })
    .where(eq(performerProfiles.userId, creator.user.id));
  const post = await app.inject({
    method: 'POST',
    url: '/api/performer/feeds',
    headers: creator.headers,
    payload: { type: 'text', text: 'Subscribers only' },
  });
  return { ...creator, postId: post.json()._id as string };
}
const subscribe = (fan: Account, payload: object) =>
  app.inject({ method: 'POST', url: '/api/payment/subscribe/performers', headers: fan.headers, payload });
const balance = async (account: Account) => (await app.inject({ url: '/api/users/me', headers: account.headers })).json().balance;
const canSee = async (fan: Account, postId: string) =>
  (await app.inject({ url: `/api/user/feeds/${postId}`, headers: fan.headers })).json().canView;
/** The renewal task at `now`, then its jobs, then the task again (what lapsed expires); how many jobs it queued. */
const renewAt = async (now: Date) => {
  const queued = await renewDue(app.deps, now);
  await app.deps.jobs.drain();
  await renewDue(app.deps, now);
  return queued;
};
const fan = async (tokens = 0) => {
  const account = await signedIn(app, 'user');
  if (tokens) await fundWallet(app, account.user.id, tokens);
  return account;
};

describe('subscriptions', () => {
  it('gives the free trial once, for the site’s trial length, and opens subscriber posts at once', async () => {
    const creator = await creatorWithPlans();
    const trial = await fan();
    expect(await canSee(trial, creator.postId)).toBe(false);
    const response = await subscribe(trial, { performerId: creator.user.id, type: 'free' });
    expect(response.statusCode, response.body).toBe(200);
    const { subscription } = response.json();
    expect(subscription).toMatchObject({
      type: 'free',
      status: 'active',
      isActive: true,
      paidWith: 'free',
      usedFreeTrial: true,
      nextRenewalAt: null,
    });
    expect(new Date(subscription.expiredAt).getTime() - Date.now()).toBeGreaterThan(86_400_000 - 60_000);
    expect(await canSee(trial, creator.postId)).toBe(true);
    const again = await subscribe(trial, { performerId: creator.user.id, type: 'free' });
    expect(again.json()).toMatchObject({ statusCode: 409, message: 'You have already used your free trial with this creator' });
  });

  it('sells a plan from the wallet: the creator earns it less the commission; both sides list it', async () => {
    const creator = await creatorWithPlans();
    const subscriber = await fan(30);
    const response = await subscribe(subscriber, { performerId: creator.user.id, type: 'monthly' });
    expect(response.json().subscription).toMatchObject({ type: 'monthly', paidWith: 'wallet', price: 10, isActive: true });
    expect(response.json().subscription.nextRenewalAt).toBe(response.json().subscription.expiredAt);
    expect(await balance(subscriber)).toBe(20);
    expect(await balance(creator)).toBe(9);
    expect(await canSee(subscriber, creator.postId)).toBe(true);
    expect((await subscribe(subscriber, { performerId: creator.user.id, type: 'monthly' })).statusCode).toBe(409);

    const mine = await app.inject({
      url: `/api/subscriptions/user/search?activeOnly=true&performerId=${creator.user.id}`,
      headers: subscriber.headers,
    });
    expect(mine.json()).toMatchObject({ total: 1, data: [{ performer: { _id: creator.user.id } }] });
    const subscribers = await app.inject({ url: '/api/subscriptions/performer/search', headers: creator.headers });
    expect(subscribers.json()).toMatchObject({ total: 1, data: [{ user: { _id: subscriber.user.id } }] });
    expect((await app.inject({ url: '/api/subscriptions/performer/search', headers: subscriber.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/subscriptions/user/search', headers: (await fan()).headers })).json().total).toBe(0);
    // The wallet's history shows the payment, to the fan and to the creator.
    for (const account of [subscriber, creator]) {
      const charges = await app.inject({ url: '/api/wallet/charges/search?type=subscription', headers: account.headers });
      expect(charges.json()).toMatchObject({ total: 1, data: [{ type: 'subscription', price: 10, performer: { _id: creator.user.id } }] });
    }
  });

  it('takes one payment from concurrent subscribe requests with different keys; the others get 409', async () => {
    const creator = await creatorWithPlans();
    const subscriber = await fan(100);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        app.inject({
          method: 'POST',
          url: '/api/payment/subscribe/performers',
          headers: { ...subscriber.headers, 'idempotency-key': `subscribe-${index}` },
          payload: { performerId: creator.user.id, type: 'monthly' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe('You are already subscribed to this creator');
    expect(await balance(subscriber)).toBe(90);
    const charges = await app.inject({ url: '/api/wallet/charges/search?type=subscription', headers: subscriber.headers });
    expect(charges.json().total).toBe(1);
  });

  it('refuses a short wallet, a plan not offered, an unknown creator, creators, and bad input', async () => {
    const creator = await creatorWithPlans();
    const poor = await fan(5);
    expect((await subscribe(poor, { performerId: creator.user.id, type: 'monthly' })).statusCode).toBe(402);
    expect((await app.inject({ url: '/api/subscriptions/user/search', headers: poor.headers })).json().total).toBe(0);
    expect(refusedFields(await subscribe(poor, { performerId: creator.user.id, type: 'yearly' }))).toEqual(['type']);
    expect((await subscribe(poor, { performerId: poor.user.id, type: 'monthly' })).statusCode).toBe(404);
    expect((await subscribe(await verifiedPerformer(app), { performerId: creator.user.id, type: 'monthly' })).statusCode).toBe(409);
    expect(refusedFields(await subscribe(poor, { performerId: 'x', type: 'weekly', paymentMethod: 'cash' }))).toEqual([
      'paymentMethod',
      'performerId',
      'type',
    ]);
  });

  it('cancels: no renewal, access until the end; only its fan cancels, through its own gateway', async () => {
    const creator = await creatorWithPlans();
    const subscriber = await fan(50);
    const { subscription } = (await subscribe(subscriber, { performerId: creator.user.id, type: 'monthly' })).json();
    const cancel = (account: Account, gateway: string) =>
      app.inject({ method: 'POST', url: `/api/payment/${gateway}/cancel-subscription/${subscription._id}`, headers: account.headers });
    expect((await cancel(await fan(), 'wallet')).statusCode).toBe(404);
    expect(refusedFields(await cancel(subscriber, 'sandbox'))).toEqual(['gateway']);
    const cancelled = await cancel(subscriber, 'wallet');
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', isActive: true, nextRenewalAt: null });
    expect(await canSee(subscriber, creator.postId)).toBe(true);
    expect((await cancel(subscriber, 'wallet')).statusCode).toBe(409);
    await renewAt(new Date(Date.now() + 40 * 86_400_000));
    expect(await balance(subscriber)).toBe(40);
    const [row] = await app.deps.db.select().from(subscriptions).where(eq(subscriptions.id, subscription._id));
    expect(row!.status).toBe('expired');
  });

  it('turns renewal off and back on at no charge while the period runs; only its own fan may; Subscribe does not stack a period', async () => {
    const creator = await creatorWithPlans();
    const subscriber = await fan(50);
    const { subscription } = (await subscribe(subscriber, { performerId: creator.user.id, type: 'monthly' })).json();
    const renewal = (account: Account, action: 'cancel' | 'resume', gateway = 'wallet') =>
      app.inject({ method: 'POST', url: `/api/payment/${gateway}/${action}-subscription/${subscription._id}`, headers: account.headers });
    expect((await renewal(subscriber, 'cancel')).json()).toMatchObject({ status: 'cancelled', nextRenewalAt: null });

    // Paying again while it runs would stack a month: refused, pointing at the free way back.
    const again = await subscribe(subscriber, { performerId: creator.user.id, type: 'monthly' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/turn renewal back on instead of paying again/);

    // Another account (a fan, or the creator) may not touch it; the wrong gateway is named.
    const stranger = await fan(50);
    expect((await renewal(stranger, 'resume')).statusCode).toBe(404);
    expect((await renewal(creator, 'resume')).statusCode).toBe(404);
    expect(refusedFields(await renewal(subscriber, 'resume', 'sandbox'))).toEqual(['gateway']);
    const [untouched] = await app.deps.db.select().from(subscriptions).where(eq(subscriptions.id, subscription._id));
    expect(untouched!.status).toBe('cancelled');

    const resumed = await renewal(subscriber, 'resume');
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ status: 'active', isActive: true, expiredAt: subscription.expiredAt });
    expect(resumed.json().nextRenewalAt).toBe(subscription.expiredAt);
    expect((await renewal(subscriber, 'resume')).json()).toMatchObject({ status: 'active' });
    expect(await balance(subscriber)).toBe(40);
    // Off and on again, then it renews at the end like any active one.
    await renewal(subscriber, 'cancel');
    await renewal(subscriber, 'resume');
    await renewAt(new Date(new Date(subscription.expiredAt).getTime() + 1000));
    expect(await balance(subscriber)).toBe(30);

    // Once ended, there is nothing to resume: subscribing again is the paid path.
    await renewal(subscriber, 'cancel');
    const [row] = await app.deps.db.select().from(subscriptions).where(eq(subscriptions.id, subscription._id));
    await renewAt(new Date(row!.expiredAt!.getTime() + 1000));
    const ended = await renewal(subscriber, 'resume');
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe('This subscription has ended: subscribe again to renew it');
  });

  it('does not resume a free trial: it never renews', async () => {
    const creator = await creatorWithPlans();
    const trialist = await fan();
    const { subscription } = (await subscribe(trialist, { performerId: creator.user.id, type: 'free' })).json();
    await app.inject({ method: 'POST', url: `/api/payment/free/cancel-subscription/${subscription._id}`, headers: trialist.headers });
    const resumed = await app.inject({
      method: 'POST',
      url: `/api/payment/free/resume-subscription/${subscription._id}`,
      headers: trialist.headers,
    });
    expect(resumed.statusCode).toBe(409);
    expect(resumed.json().message).toBe('A free trial does not renew: subscribe to a plan to keep access');
  });

  it('renews from the wallet at the end of the period, then lapses when the wallet runs short', async () => {
    const creator = await creatorWithPlans();
    const subscriber = await fan(25);
    const { subscription } = (await subscribe(subscriber, { performerId: creator.user.id, type: 'monthly' })).json();
    const firstEnd = new Date(subscription.expiredAt);
    await renewAt(new Date(firstEnd.getTime() + 1000));
    const [renewed] = await app.deps.db.select().from(subscriptions).where(eq(subscriptions.id, subscription._id));
    expect(renewed!.expiredAt!.getTime()).toBeGreaterThan(firstEnd.getTime() + 27 * 86_400_000);
    expect(renewed!.nextRenewalAt).toEqual(renewed!.expiredAt);
    expect(await balance(subscriber)).toBe(5);
    expect(await balance(creator)).toBe(18);
    const spent = await app.inject({ url: '/api/wallet/charges/search', headers: subscriber.headers });
    expect(spent.json()).toMatchObject({
      total: 2,
      data: [
        { type: 'subscription', price: 10 },
        { type: 'subscription', price: 10 },
      ],
    });

    // Nothing is due twice: the same moment again renews nothing.
    expect(await renewAt(new Date(firstEnd.getTime() + 1000))).toBe(0);
    await renewAt(new Date(renewed!.expiredAt!.getTime() + 1000));
    const [lapsed] = await app.deps.db.select().from(subscriptions).where(eq(subscriptions.id, subscription._id));
    expect(lapsed).toMatchObject({ status: 'expired', nextRenewalAt: null });
    expect(await balance(subscriber)).toBe(5);
  });

  it('sells and renews a plan by card through the gateway; a declined card buys nothing', async () => {
    const creator = await creatorWithPlans();
    const subscriber = await fan();
    const card = { number: SANDBOX_CARDS.success, expMonth: 12, expYear: new Date().getUTCFullYear() + 1, cvc: '123' };
    await app.inject({ method: 'POST', url: '/api/sandbox/cards', headers: subscriber.headers, payload: card });
    const paid = (await subscribe(subscriber, { performerId: creator.user.id, type: 'three_months', paymentMethod: 'card' })).json();
    expect(paid.payment).toMatchObject({ type: 'subscription', status: 'success', amount: 25, performer: { _id: creator.user.id } });
    expect(paid.subscription).toMatchObject({ type: 'three_months', paidWith: 'sandbox', isActive: true });
    // The fan's list names the card renewals charge; the creator's never shows a fan's card.
    const mine = (await app.inject({ url: '/api/subscriptions/user/search', headers: subscriber.headers })).json();
    expect(mine.data[0]).toMatchObject({ paidWith: 'sandbox', card: { brand: 'Visa', last4: '4242' } });
    const theirs = (await app.inject({ url: '/api/subscriptions/performer/search', headers: creator.headers })).json();
    expect(theirs.data[0]).toMatchObject({ paidWith: 'sandbox', card: null });
    expect(await balance(creator)).toBe(22.5);
    await renewAt(new Date(new Date(paid.subscription.expiredAt).getTime() + 1000));
    expect(await balance(creator)).toBe(45);

    // An admin refunds the first period: the creator gives its net back, the subscription loses it.
    const admin = await signedIn(app, 'admin');
    const refunded = await app.inject({
      method: 'POST',
      url: `/api/admin/payment/transactions/${paid.payment._id}/refund`,
      headers: admin.headers,
    });
    expect(refunded.json()).toMatchObject({ status: 'refunded' });
    expect(await balance(creator)).toBe(22.5);
    const undone = await app.inject({ url: '/api/performer/earning/search?sourceType=subscription', headers: creator.headers });
    expect(
      undone
        .json()
        .data.map((earning: { net: number }) => earning.net)
        .sort(),
    ).toEqual([-22.5, 22.5, 22.5]);
    const [shortened] = await app.deps.db.select().from(subscriptions).where(eq(subscriptions.id, paid.subscription._id));
    expect(shortened).toMatchObject({ status: 'cancelled', nextRenewalAt: null });
    expect(shortened!.expiredAt!.getTime()).toBeLessThan(new Date(paid.subscription.expiredAt).getTime() + 86_400_000);

    const declinedFan = await fan();
    await app.inject({
      method: 'POST',
      url: '/api/sandbox/cards',
      headers: declinedFan.headers,
      payload: { ...card, number: SANDBOX_CARDS.declined },
    });
    const declined = (await subscribe(declinedFan, { performerId: creator.user.id, type: 'monthly', paymentMethod: 'card' })).json();
    expect(declined).toMatchObject({ subscription: null, payment: { status: 'fail' } });
    expect(await canSee(declinedFan, creator.postId)).toBe(false);
  });
});
