import { ErrorCode } from '@limelight/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { expectSoundLedger, fundWallet, refusedFields, saveBankDetails, signedIn, verifiedPerformer } from '../../../test/factories';

type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
let creator: Account;
beforeAll(async () => {
  app = await createTestApp();
  creator = await verifiedPerformer(app);
});
afterEach(() => expectSoundLedger(app));
afterAll(() => app.close());

const charge = (account: Account, type: string, id: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/api/wallet/charges/${type}/${id}`, headers: { ...account.headers, ...headers }, payload });
const balance = async (account: Account) => (await app.inject({ url: '/api/users/me', headers: account.headers })).json().balance;
const fan = async (tokens = 0) => {
  const account = await signedIn(app, 'user');
  if (tokens) await fundWallet(app, account.user.id, tokens);
  return account;
};
const paidPost = async (price: number) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/performer/feeds',
    headers: creator.headers,
    payload: { type: 'text', text: `For ${price} tokens`, isSale: true, price },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json()._id as string;
};

describe('wallet charges', () => {
  it('tips a creator: the fan pays the gross, the creator earns it less the commission', async () => {
    const tipper = await fan(100);
    const before = await balance(creator);
    const response = await charge(tipper, 'tip', creator.user.id, { price: 20, message: 'Thank you!' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ balance: 80, charge: { type: 'tip', price: 20, message: 'Thank you!', status: 'success' } });
    expect(await balance(tipper)).toBe(80);
    expect(await balance(creator)).toBeCloseTo(before + 18, 2);

    const mine = await app.inject({ url: '/api/wallet/charges/search', headers: tipper.headers });
    expect(mine.json()).toMatchObject({ total: 1, data: [{ type: 'tip', price: 20, performer: { _id: creator.user.id } }] });
    const received = await app.inject({ url: '/api/wallet/charges/search?type=tip', headers: creator.headers });
    expect(received.json().data.some((item: { user: { _id: string } }) => item.user._id === tipper.user.id)).toBe(true);
    // Another fan sees none of it.
    expect((await app.inject({ url: '/api/wallet/charges/search', headers: (await fan()).headers })).json().total).toBe(0);
  });

  it('refuses tips outside the limits, without a price, to no creator, from a creator, and beyond the balance', async () => {
    const tipper = await fan(15);
    expect(refusedFields(await charge(tipper, 'tip', creator.user.id, { price: 5 }))).toEqual(['price']);
    expect(refusedFields(await charge(tipper, 'tip', creator.user.id, { price: 20_000 }))).toEqual(['price']);
    expect(refusedFields(await charge(tipper, 'tip', creator.user.id, {}))).toEqual(['price']);
    expect(refusedFields(await charge(tipper, 'tip', creator.user.id, { price: 10.001 }))).toEqual(['price']);
    expect((await charge(tipper, 'tip', tipper.user.id, { price: 10 })).statusCode).toBe(404);
    expect((await charge(tipper, 'gift', creator.user.id, { price: 10 })).statusCode).toBe(400);
    expect((await charge(creator, 'tip', (await verifiedPerformer(app)).user.id, { price: 10 })).statusCode).toBe(409);
    const short = await charge(tipper, 'tip', creator.user.id, { price: 16 });
    expect(short.statusCode).toBe(402);
    expect(short.json()).toMatchObject({ code: ErrorCode.insufficientBalance });
    expect(await balance(tipper)).toBe(15);
    expect(
      (await app.inject({ method: 'POST', url: `/api/wallet/charges/tip/${creator.user.id}`, payload: { price: 10 } })).statusCode,
    ).toBe(401);
  });

  it('buys a paid post: it unlocks at once, only once, at its current price; subscriber posts are not for sale', async () => {
    const buyer = await fan(50);
    const postId = await paidPost(12.5);
    const locked = await app.inject({ url: `/api/user/feeds/${postId}`, headers: buyer.headers });
    expect(locked.json().canView).toBe(false);
    expect((await charge(buyer, 'feed', postId, { price: 10 })).json()).toMatchObject({ statusCode: 409 });
    const bought = await charge(buyer, 'feed', postId, { price: 12.5 });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json()).toMatchObject({ balance: 37.5, charge: { type: 'feed', itemId: postId, price: 12.5 } });
    expect((await app.inject({ url: `/api/user/feeds/${postId}`, headers: buyer.headers })).json()).toMatchObject({
      canView: true,
      isBought: true,
    });
    const twice = await charge(buyer, 'feed', postId, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('You have already bought this');
    expect(await balance(buyer)).toBe(37.5);

    const forSubscribers = await app.inject({
      method: 'POST',
      url: '/api/performer/feeds',
      headers: creator.headers,
      payload: { type: 'text', text: 'Subscribers only' },
    });
    expect((await charge(buyer, 'feed', forSubscribers.json()._id, {})).statusCode).toBe(409);
    expect((await charge(buyer, 'video', postId, {})).statusCode).toBe(404);
  });

  it('answers a retry with the same Idempotency-Key with the first answer and moves the money once', async () => {
    const tipper = await fan(100);
    const key = { 'idempotency-key': `tip-${Date.now()}` };
    const first = await charge(tipper, 'tip', creator.user.id, { price: 10 }, key);
    const again = await charge(tipper, 'tip', creator.user.id, { price: 10 }, key);
    expect(first.statusCode).toBe(200);
    expect(again.json().charge._id).toBe(first.json().charge._id);
    expect(await balance(tipper)).toBe(90);
    const other = await charge(tipper, 'tip', creator.user.id, { price: 11 }, key);
    expect(other.statusCode).toBe(422);
    expect(refusedFields(other)).toEqual(['idempotency-key']);
    // Keys belong to their account: another fan's identical key is another request.
    const second = await fan(20);
    expect((await charge(second, 'tip', creator.user.id, { price: 10 }, key)).statusCode).toBe(200);
    // Racing duplicates: one movement.
    const raced = await Promise.all(
      Array.from({ length: 10 }, () => charge(tipper, 'tip', creator.user.id, { price: 10 }, { 'idempotency-key': 'race' })),
    );
    expect(new Set(raced.map((response) => response.json().charge._id)).size).toBe(1);
    expect(await balance(tipper)).toBe(80);
  });

  it('answers racing duplicates of a payment that emptied the wallet, or unlocked the item, with the first answer, not a refusal', async () => {
    const tipper = await fan(10);
    const tips = await Promise.all(
      Array.from({ length: 10 }, () => charge(tipper, 'tip', creator.user.id, { price: 10 }, { 'idempotency-key': 'all-in' })),
    );
    expect(tips.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(tips.map((response) => response.json().charge._id)).size).toBe(1);
    expect(await balance(tipper)).toBe(0);

    const buyer = await fan(100);
    const post = await paidPost(7);
    const buys = await Promise.all(
      Array.from({ length: 10 }, () => charge(buyer, 'feed', post, { price: 7 }, { 'idempotency-key': 'buy-once' })),
    );
    expect(buys.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(buys.map((response) => response.json().charge._id)).size).toBe(1);
    expect(await balance(buyer)).toBe(93);
  });

  it('refunds a wallet charge once: the fan gets it back and loses the item; the creator gives back what is still available; only admins', async () => {
    const seller = await verifiedPerformer(app);
    await saveBankDetails(app, seller);
    const post = await app.inject({
      method: 'POST',
      url: '/api/performer/feeds',
      headers: seller.headers,
      payload: { type: 'text', text: 'A guide', isSale: true, price: 100 },
    });
    const postId = post.json()._id as string;
    const buyer = await fan(100);
    const bought = await charge(buyer, 'feed', postId, { price: 100 });
    expect(bought.statusCode, bought.body).toBe(200);
    const chargeId = bought.json().charge._id as string;
    const canView = async () => (await app.inject({ url: `/api/user/feeds/${postId}`, headers: buyer.headers })).json().canView;
    expect(await canView()).toBe(true);
    // The creator has asked for 60 of their 90 to be paid out: only 30 is still theirs to give back.
    const payout = await app.inject({ method: 'POST', url: '/api/payout-requests', headers: seller.headers, payload: { amount: 60 } });
    expect(payout.statusCode, payout.body).toBe(200);

    const admin = await signedIn(app, 'admin');
    const refund = (account: Account, id = chargeId) =>
      app.inject({ method: 'POST', url: `/api/admin/wallet/charges/${id}/refund`, headers: account.headers });
    expect((await refund(buyer)).statusCode).toBe(403);
    expect((await refund(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const refunded = await refund(admin);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ _id: chargeId, status: 'refunded', price: 100, user: { _id: buyer.user.id } });
    expect(await balance(buyer)).toBe(100);
    expect(await balance(seller)).toBe(0);
    expect(await canView()).toBe(false);
    expect((await refund(admin)).json()).toMatchObject({ statusCode: 409 });

    const earned = await app.inject({ url: '/api/performer/earning/search?sortBy=net&sort=asc', headers: seller.headers });
    expect(earned.json().data).toMatchObject([
      { net: -90, isRefund: true, sourceId: chargeId },
      { net: 90, isRefund: false, sourceId: chargeId },
    ]);
    const stats = await app.inject({ url: '/api/performer/earning/stats', headers: seller.headers });
    expect(stats.json().bySource).toEqual([{ sourceType: 'feed', net: 0, count: 1 }]);
    const listed = await app.inject({ url: '/api/admin/wallet/charges/search?status=refunded', headers: admin.headers });
    expect(listed.json().data.map((item: { _id: string }) => item._id)).toContain(chargeId);
    expect((await app.inject({ url: '/api/admin/wallet/charges/search', headers: buyer.headers })).statusCode).toBe(403);
    // Bought again after the refund, it unlocks again.
    expect((await charge(buyer, 'feed', postId, { price: 100 })).statusCode).toBe(200);
    expect(await canView()).toBe(true);
  });
});
