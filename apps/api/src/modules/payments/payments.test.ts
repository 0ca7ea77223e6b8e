import { SANDBOX_CARDS } from '@limelight/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { expectSoundLedger, refusedFields, signedIn, verifiedPerformer } from '../../../test/factories';
import { coupons, tokenPackages } from '../../db/schema';
import { settlePayment } from './card-payments';

type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
let admin: Account;
beforeAll(async () => {
  app = await createTestApp();
  admin = await signedIn(app, 'admin');
});
afterEach(() => expectSoundLedger(app));
afterAll(() => app.close());

const nextYear = new Date().getUTCFullYear() + 1;
const addCard = (account: Account, number: string = SANDBOX_CARDS.success, extra: object = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/sandbox/cards',
    headers: account.headers,
    payload: { number, expMonth: 12, expYear: nextYear, cvc: '123', holderName: 'Fan Card', ...extra },
  });
const topUp = (account: Account, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/payment/wallet/top-up', headers: { ...account.headers, ...headers }, payload });
const balance = async (account: Account) => (await app.inject({ url: '/api/users/me', headers: account.headers })).json().balance;
const fanWithCard = async (number?: string) => {
  const fan = await signedIn(app, 'user');
  expect((await addCard(fan, number)).statusCode).toBe(200);
  return fan;
};

describe('cards', () => {
  it('saves sandbox cards without their number, lists only the owner’s, and removes them', async () => {
    const fan = await signedIn(app, 'user');
    const first = await addCard(fan, '4242 4242 4242 4242');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ gateway: 'sandbox', brand: 'Visa', last4: '4242', isDefault: true });
    expect(first.body).not.toContain('4242424242424242');
    const second = (await addCard(fan, '5555555555554444')).json();
    expect(second).toMatchObject({ brand: 'Mastercard', isDefault: false });

    const other = await signedIn(app, 'user');
    expect((await app.inject({ url: '/api/payment-cards', headers: other.headers })).json().total).toBe(0);
    expect((await app.inject({ method: 'DELETE', url: `/api/payment-cards/${second._id}`, headers: other.headers })).statusCode).toBe(404);

    expect((await app.inject({ method: 'DELETE', url: `/api/payment-cards/${first.json()._id}`, headers: fan.headers })).statusCode).toBe(
      200,
    );
    const left = (await app.inject({ url: '/api/payment-cards', headers: fan.headers })).json();
    expect(left).toMatchObject({ total: 1, data: [{ _id: second._id, isDefault: true }] });
  });

  it('makes another card the default, the only one, for its owner alone; top-ups then charge it', async () => {
    const fan = await signedIn(app, 'user');
    const first = (await addCard(fan, '4242 4242 4242 4242')).json();
    const second = (await addCard(fan, '5555555555554444')).json();
    const makeDefault = (account: Account, id: string) =>
      app.inject({ method: 'PUT', url: `/api/payment-cards/${id}/default`, headers: account.headers });

    const other = await signedIn(app, 'user');
    expect((await makeDefault(other, second._id)).statusCode).toBe(404);
    expect((await app.inject({ method: 'PUT', url: `/api/payment-cards/${second._id}/default` })).statusCode).toBe(401);
    expect((await makeDefault(fan, 'not-an-id')).statusCode).toBe(400);

    const chosen = await makeDefault(fan, second._id);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ _id: second._id, isDefault: true });
    const cards = (await app.inject({ url: '/api/payment-cards', headers: fan.headers })).json();
    expect(cards.data.map((card: { _id: string; isDefault: boolean }) => [card._id, card.isDefault])).toEqual([
      [second._id, true],
      [first._id, false],
    ]);
    const paid = await topUp(fan, { amount: 10, idempotencyKey: crypto.randomUUID() });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().card).toMatchObject({ last4: '4444' });
  });

  it('refuses a wrong number, an expired card, bad fields, a gateway not in use, and visitors', async () => {
    const fan = await signedIn(app, 'user');
    expect(refusedFields(await addCard(fan, '4242424242424241'))).toEqual(['number']);
    expect((await addCard(fan, '4242424242424241')).statusCode).toBe(422);
    expect(refusedFields(await addCard(fan, SANDBOX_CARDS.success, { expYear: 2001 }))).toEqual(['expYear']);
    expect(refusedFields(await addCard(fan, 'abc', { expMonth: 13, cvc: '1' }))).toEqual(['cvc', 'expMonth', 'number']);
    const stripe = await app.inject({
      method: 'POST',
      url: '/api/stripe/cards',
      headers: fan.headers,
      payload: { paymentMethodId: 'pm_1' },
    });
    expect(stripe.statusCode).toBe(422);
    expect((await app.inject({ method: 'POST', url: '/api/paypal/cards', headers: fan.headers, payload: {} })).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/payment-cards' })).statusCode).toBe(401);
  });
});

describe('wallet top-up', () => {
  it('charges the default card and credits the wallet once; the payment is its owner’s to see', async () => {
    const fan = await fanWithCard();
    const response = await topUp(fan, { amount: 25 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ type: 'wallet_top_up', status: 'success', amount: 25, tokens: 25, card: { last4: '4242' } });
    expect(await balance(fan)).toBe(25);

    const id = response.json()._id;
    expect((await app.inject({ url: `/api/payment/transactions/${id}`, headers: fan.headers })).json().status).toBe('success');
    const seenByAdmin = await app.inject({ url: `/api/payment/transactions/${id}`, headers: admin.headers });
    expect(seenByAdmin.json()).toMatchObject({ user: { _id: fan.user.id }, performer: null });
    const other = await signedIn(app, 'user');
    expect((await app.inject({ url: `/api/payment/transactions/${id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/payment/transactions/user/search', headers: other.headers })).json().total).toBe(0);
    const mine = (await app.inject({ url: '/api/payment/transactions/user/search?status=success', headers: fan.headers })).json();
    expect(mine).toMatchObject({ total: 1, data: [{ _id: id }] });
    // Settling it again (a replayed confirmation) and a late failure change nothing.
    await settlePayment(app.deps, id, { status: 'success' });
    await settlePayment(app.deps, id, { status: 'fail', reason: 'late' });
    expect(await balance(fan)).toBe(25);
    expect((await app.inject({ url: `/api/payment/transactions/${id}`, headers: fan.headers })).json().status).toBe('success');
  });

  it('refuses amounts outside the limits, both an amount and a package, no card, and creators', async () => {
    const fan = await fanWithCard();
    expect(refusedFields(await topUp(fan, { amount: 1 }))).toEqual(['amount']);
    expect(refusedFields(await topUp(fan, { amount: 301 }))).toEqual(['amount']);
    expect(refusedFields(await topUp(fan, { amount: 10, packageId: '00000000-0000-4000-8000-000000000000' }))).toEqual(['amount']);
    expect(refusedFields(await topUp(fan, {}))).toEqual(['amount']);
    expect(refusedFields(await topUp(await signedIn(app, 'user'), { amount: 10 }))).toEqual(['cardId']);
    expect((await topUp(await signedIn(app, 'performer'), { amount: 10 })).statusCode).toBe(409);
    expect(await balance(fan)).toBe(0);
  });

  it('records a declined card as failed, and a retry tries again', async () => {
    const fan = await fanWithCard(SANDBOX_CARDS.declined);
    const declined = (await topUp(fan, { amount: 10 })).json();
    expect(declined).toMatchObject({ status: 'fail', failureReason: 'Your card was declined' });
    expect(await balance(fan)).toBe(0);
    expect(declined.canRetry).toBe(true);
    const retried = await app.inject({ method: 'POST', url: `/api/payment/retry/${declined._id}`, headers: fan.headers });
    expect(retried.json()).toMatchObject({ status: 'fail' });
    const other = await signedIn(app, 'user');
    expect((await app.inject({ method: 'POST', url: `/api/payment/retry/${declined._id}`, headers: other.headers })).statusCode).toBe(404);
  });

  it('offers no retry of a failed payment once its card is removed', async () => {
    const fan = await fanWithCard(SANDBOX_CARDS.declined);
    const declined = (await topUp(fan, { amount: 10 })).json();
    const [card] = (await app.inject({ url: '/api/payment-cards', headers: fan.headers })).json().data;
    expect((await app.inject({ method: 'DELETE', url: `/api/payment-cards/${card._id}`, headers: fan.headers })).statusCode).toBe(200);
    const listed = (await app.inject({ url: '/api/payment/transactions/user/search', headers: fan.headers })).json();
    expect(listed.data[0]).toMatchObject({ _id: declined._id, status: 'fail', canRetry: false, card: null });
    const retried = await app.inject({ method: 'POST', url: `/api/payment/retry/${declined._id}`, headers: fan.headers });
    expect(retried.json()).toMatchObject({ statusCode: 409, message: 'The card of this payment was removed: pay again with a saved card' });
  });

  it('waits for 3-D Secure, then credits once on confirmation', async () => {
    const fan = await fanWithCard(SANDBOX_CARDS.authentication);
    const pending = (await topUp(fan, { amount: 10 })).json();
    expect(pending).toMatchObject({
      status: 'require_authentication',
      nextAction: { type: 'confirm', url: `/payment/sandbox/confirm/${pending._id}` },
    });
    expect(await balance(fan)).toBe(0);
    const other = await signedIn(app, 'user');
    expect(
      (await app.inject({ method: 'POST', url: `/api/payment/sandbox/confirm/${pending._id}`, headers: other.headers })).statusCode,
    ).toBe(404);
    const confirmed = await app.inject({ method: 'POST', url: `/api/payment/sandbox/confirm/${pending._id}`, headers: fan.headers });
    expect(confirmed.json()).toMatchObject({ status: 'success', nextAction: null });
    expect(
      (await app.inject({ method: 'POST', url: `/api/payment/sandbox/confirm/${pending._id}`, headers: fan.headers })).statusCode,
    ).toBe(409);
    expect(await balance(fan)).toBe(10);
  });

  it('sells a token package at its price, less a coupon used once per fan; the discount is the platform’s', async () => {
    const [bundle] = await app.deps.db.insert(tokenPackages).values({ name: 'Bundle', priceCents: 1000, tokensCents: 1200 }).returning();
    await app.deps.db.insert(coupons).values({ code: 'WELCOME20', discountBps: 2000, remainingUses: 5 });
    await app.deps.db.insert(coupons).values({ code: 'OLD', discountBps: 5000, expiredAt: new Date(Date.now() - 1000) });
    const fan = await fanWithCard();
    const applied = await app.inject({ method: 'POST', url: '/api/coupons/welcome20/apply-coupon', headers: fan.headers });
    expect(applied.json()).toMatchObject({ code: 'WELCOME20', discountRate: 0.2, remainingUses: 5 });
    expect((await app.inject({ method: 'POST', url: '/api/coupons/NOPE/apply-coupon', headers: fan.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/coupons/OLD/apply-coupon', headers: fan.headers })).statusCode).toBe(409);

    const bought = (await topUp(fan, { packageId: bundle!.id, couponCode: 'welcome20' })).json();
    expect(bought).toMatchObject({ status: 'success', amount: 8, tokens: 12, couponCode: 'WELCOME20' });
    expect(await balance(fan)).toBe(12);
    const again = await topUp(fan, { amount: 10, couponCode: 'WELCOME20' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already used this coupon');
  });

  it('gives a declined payment’s coupon use back', async () => {
    await app.deps.db.insert(coupons).values({ code: 'LASTONE', discountBps: 1000, remainingUses: 1 });
    const fan = await fanWithCard(SANDBOX_CARDS.declined);
    const declined = (await topUp(fan, { amount: 10, couponCode: 'LASTONE' })).json();
    expect(declined.status).toBe('fail');
    // Tried again, it takes the use again, and gives it back again when declined again.
    const retried = await app.inject({ method: 'POST', url: `/api/payment/retry/${declined._id}`, headers: fan.headers });
    expect(retried.json()).toMatchObject({ status: 'fail', couponCode: 'LASTONE', amount: 9 });
    const next = await fanWithCard();
    expect((await topUp(next, { amount: 10, couponCode: 'LASTONE' })).json()).toMatchObject({ status: 'success', amount: 9, tokens: 10 });
    expect((await topUp(await fanWithCard(), { amount: 10, couponCode: 'LASTONE' })).statusCode).toBe(409);
  });

  it('answers a retried top-up with the same Idempotency-Key with the same payment, charged once', async () => {
    const fan = await fanWithCard();
    const key = { 'idempotency-key': 'top-up-1' };
    const first = (await topUp(fan, { amount: 15 }, key)).json();
    const again = (await topUp(fan, { amount: 15 }, key)).json();
    expect(again._id).toBe(first._id);
    expect(await balance(fan)).toBe(15);
  });
});

describe('admin: coupons and transactions', () => {
  it('refunds a top-up to its card: the tokens left leave the wallet, the ones spent are the platform’s loss; only admins', async () => {
    const fan = await fanWithCard();
    const payment = (await topUp(fan, { amount: 50 })).json();
    const creator = await verifiedPerformer(app);
    const tip = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/tip/${creator.user.id}`,
      headers: fan.headers,
      payload: { price: 20 },
    });
    expect(tip.statusCode, tip.body).toBe(200);
    const refund = (account: Account, id = payment._id) =>
      app.inject({ method: 'POST', url: `/api/admin/payment/transactions/${id}/refund`, headers: account.headers });
    expect((await refund(fan)).statusCode).toBe(403);
    expect((await refund(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const refunded = await refund(admin);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ status: 'refunded', amount: 50 });
    expect(await balance(fan)).toBe(0);
    // The tip stands: the creator keeps what they were paid.
    expect(await balance(creator)).toBe(18);
    expect((await app.inject({ url: `/api/payment/transactions/${payment._id}`, headers: fan.headers })).json().status).toBe('refunded');
    expect((await refund(admin)).json()).toMatchObject({ statusCode: 409 });
    expect((await app.inject({ method: 'POST', url: `/api/payment/retry/${payment._id}`, headers: fan.headers })).statusCode).toBe(409);
    const declined = (await topUp(await fanWithCard(SANDBOX_CARDS.declined), { amount: 10 })).json();
    expect((await refund(admin, declined._id)).statusCode).toBe(409);
  });

  it('creates, lists, changes and deletes coupons; a used one is kept; only admins', async () => {
    const save = (payload: object, method = 'POST', path = '', headers = admin.headers) =>
      app.inject({ method: method as 'POST', url: `/api/admin/coupons${path}`, headers, payload });
    const created = await save({ name: 'Spring', code: 'spring-10', discountRate: 0.1, remainingUses: 3 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ code: 'SPRING-10', discountRate: 0.1, remainingUses: 3, isActive: true });
    expect(refusedFields(await save({ code: 'SPRING-10', discountRate: 0.2 }))).toEqual(['code']);
    expect(refusedFields(await save({ code: 'x', discountRate: 1 }))).toEqual(['code', 'discountRate']);
    expect(refusedFields(await save({ code: 'FINE', discountRate: 0.12345 }))).toEqual(['discountRate']);
    const fan = await fanWithCard();
    expect((await save({ code: 'MINE', discountRate: 0.5 }, 'POST', '', fan.headers)).statusCode).toBe(403);

    const listed = await app.inject({ url: '/api/admin/coupons?q=spring', headers: admin.headers });
    expect(listed.json()).toMatchObject({ total: 1, data: [{ code: 'SPRING-10' }] });
    const id = created.json()._id;
    expect((await save({ code: 'SPRING-10', discountRate: 0.15, isActive: false }, 'PUT', `/${id}`)).json()).toMatchObject({
      discountRate: 0.15,
      isActive: false,
    });
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/coupons/${id}`, headers: admin.headers })).statusCode).toBe(200);

    await save({ code: 'USED', discountRate: 0.1 });
    expect((await topUp(fan, { amount: 10, couponCode: 'USED' })).json().status).toBe('success');
    const usedId = (await app.inject({ url: '/api/admin/coupons?q=used', headers: admin.headers })).json().data[0]._id;
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/coupons/${usedId}`, headers: admin.headers })).statusCode).toBe(409);

    const payments = await app.inject({
      url: '/api/admin/payment/transactions/search?status=success&type=wallet_top_up',
      headers: admin.headers,
    });
    expect(payments.json().total).toBeGreaterThanOrEqual(1);
    expect((await app.inject({ url: '/api/admin/payment/transactions/search', headers: fan.headers })).statusCode).toBe(403);
  });
});
