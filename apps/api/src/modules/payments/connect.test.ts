import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { expectSoundLedger, fundWallet, signedIn, verifiedPerformer } from '../../../test/factories';
import { startStripeSite } from '../../../test/stripe-site';
import { gatewayAccounts } from '../../db/schema';

type Account = Awaited<ReturnType<typeof signedIn>>;
type StripeSite = Awaited<ReturnType<typeof startStripeSite>>;
const webhookSecret = 'whsec_test_connect';
let app: TestApp;
let stripe: StripeSite['stripe'];
let close: () => Promise<void>;
beforeAll(async () => {
  ({ app, stripe, close } = await startStripeSite(webhookSecret));
});
afterEach(() => expectSoundLedger(app));
afterAll(() => close());

const status = async (creator: Account) => {
  const response = await app.inject({ url: '/api/stripe/accounts/me', headers: creator.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const startOnboarding = async (creator: Account) => {
  const response = await app.inject({ method: 'POST', url: '/api/stripe/accounts', headers: creator.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { accountId: string; url: string };
};
/** The creator on Stripe's onboarding page: opens the link, then submits the form (or leaves it for later). */
const onboard = async (url: string, submit: 'details' | 'later' = 'details') => {
  const opened = await fetch(url, { redirect: 'manual' });
  expect(opened.status).toBe(200);
  expect(await opened.text()).toContain('Submit details');
  const sent = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'Test Creator', submit }).toString(),
  });
  expect(sent.status).toBe(302);
  return sent.headers.get('location');
};
/** A creator with 180 tokens earned (two tips of 100, less the commission). */
async function earningCreator() {
  const creator = await verifiedPerformer(app);
  const fan = await signedIn(app, 'user');
  await fundWallet(app, fan.user.id, 200);
  for (let index = 0; index < 2; index++) {
    const tip = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/tip/${creator.user.id}`,
      headers: fan.headers,
      payload: { price: 100 },
    });
    expect(tip.statusCode, tip.body).toBe(200);
  }
  return creator;
}
const requestPayout = (creator: Account, paymentAccountType: string) =>
  app.inject({ method: 'POST', url: '/api/payout-requests', headers: creator.headers, payload: { amount: 60, paymentAccountType } });

describe('Stripe Connect onboarding', () => {
  it('takes a creator from not started, through Stripe’s form, back to the banking page with payouts enabled', async () => {
    const creator = await verifiedPerformer(app);
    expect(await status(creator)).toEqual({ available: true, status: 'not_started', accountId: null, requirements: [] });

    const { accountId, url } = await startOnboarding(creator);
    expect(url).toMatch(new RegExp(`^${stripe.url}/connect/onboarding/`));
    const link = stripe.requests.findLast((request) => request.path === '/v1/account_links')!;
    expect(Object.fromEntries(link.form)).toMatchObject({
      account: accountId,
      type: 'account_onboarding',
      return_url: `${app.deps.config.publicUrl}/creator/banking?stripe=return`,
      refresh_url: `${app.deps.config.publicUrl}/creator/banking?stripe=refresh`,
    });
    expect(await status(creator)).toMatchObject({
      status: 'details_needed',
      accountId,
      requirements: expect.arrayContaining(['external_account', 'tos_acceptance.date']),
    });

    // Leaving Stripe's form for later returns to the banking page with details still needed.
    expect(await onboard(url, 'later')).toBe(`${app.deps.config.publicUrl}/creator/banking?stripe=return`);
    expect((await status(creator)).status).toBe('details_needed');
    // The used link now sends the creator to the refresh URL, where the page asks for a new one: same account.
    expect((await fetch(url, { redirect: 'manual' })).headers.get('location')).toBe(
      `${app.deps.config.publicUrl}/creator/banking?stripe=refresh`,
    );
    const again = await startOnboarding(creator);
    expect(again.accountId).toBe(accountId);
    expect(again.url).not.toBe(url);
    expect(await onboard(again.url)).toBe(`${app.deps.config.publicUrl}/creator/banking?stripe=return`);
    expect(await status(creator)).toEqual({ available: true, status: 'enabled', accountId, requirements: [] });
  });

  it('shows pending verification while Stripe checks the details, and pays out to Stripe only once it is enabled', async () => {
    const creator = await earningCreator();
    // No account yet: refused in words, naming the field.
    const before = await requestPayout(creator, 'stripe');
    expect(before.statusCode).toBe(422);
    expect(before.json()).toMatchObject({
      message: 'Finish setting up Stripe on the Banking page first, or choose another way to be paid',
      details: [{ field: 'paymentAccountType' }],
    });
    stripe.connect.setVerification('pending');
    try {
      const { accountId, url } = await startOnboarding(creator);
      await onboard(url);
      expect(await status(creator)).toEqual({ available: true, status: 'pending_verification', accountId, requirements: [] });
      const waiting = await requestPayout(creator, 'stripe');
      expect(waiting.statusCode).toBe(422);
      expect(waiting.json().message).toBe(
        'Stripe is still verifying your details: a payout to Stripe can be asked for once it has finished',
      );
      await stripe.connect.verify(accountId);
      expect((await status(creator)).status).toBe('enabled');
      const paid = await requestPayout(creator, 'stripe');
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toMatchObject({ amount: 60, paymentAccountType: 'stripe', paymentAccountInfo: { stripeAccount: accountId } });
    } finally {
      stripe.connect.setVerification('instant');
    }
  });

  it('refuses a method with no details on file in words, never the field’s internal name', async () => {
    const creator = await earningCreator();
    for (const [method, message] of [
      ['banking', 'Add your bank account on the Banking page first, or choose another way to be paid'],
      ['paypal', 'Add your PayPal e-mail on the Banking page first, or choose another way to be paid'],
    ]) {
      const refused = await requestPayout(creator, method!);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ message, details: [{ field: 'paymentAccountType', message }] });
      expect(refused.body).not.toContain('on file');
    }
  });

  it('is the creator’s own: a fan is refused, and each creator sees only their account', async () => {
    const [creator, other, fan] = await Promise.all([verifiedPerformer(app), verifiedPerformer(app), signedIn(app, 'user')]);
    const { accountId } = await startOnboarding(creator);
    expect((await status(other)).accountId).toBeNull();
    expect((await status(creator)).accountId).toBe(accountId);
    expect((await app.inject({ url: '/api/stripe/accounts/me', headers: fan.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/stripe/accounts/me' })).statusCode).toBe(401);
  });

  it('says Stripe is not offered when the site does not use it, and refuses payouts to it', async () => {
    const creator = await earningCreator();
    const admin = await signedIn(app, 'admin');
    const setGateway = (value: string) =>
      app.inject({ method: 'PUT', url: '/api/admin/settings/paymentGateway', headers: admin.headers, payload: { value } });
    expect((await setGateway('sandbox')).statusCode).toBe(200);
    try {
      expect(await status(creator)).toMatchObject({ available: false, status: 'not_started' });
      expect((await app.inject({ method: 'POST', url: '/api/stripe/accounts', headers: creator.headers })).statusCode).toBe(503);
      expect((await requestPayout(creator, 'stripe')).json().message).toBe(
        'Stripe payouts are not offered on this site: choose your bank account or PayPal',
      );
    } finally {
      await setGateway('stripe');
    }
  });

  it('answers a clear 502, never a 500, when Stripe cannot tell', async () => {
    const creator = await verifiedPerformer(app);
    // An account Stripe does not know (deleted on its side): its answer is an error.
    await app.deps.db
      .insert(gatewayAccounts)
      .values({ userId: creator.user.id, gateway: 'stripe', role: 'payee', externalId: 'acct_gone' });
    const response = await app.inject({ url: '/api/stripe/accounts/me', headers: creator.headers });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', message: 'Stripe did not answer: please try again in a moment' });
  });
});
