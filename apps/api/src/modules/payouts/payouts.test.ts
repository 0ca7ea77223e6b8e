import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { expectSoundLedger, fundWallet, refusedFields, saveBankDetails, signedIn, verifiedPerformer } from '../../../test/factories';

type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
let admin: Account;
beforeAll(async () => {
  app = await createTestApp();
  admin = await signedIn(app, 'admin');
});
afterEach(() => expectSoundLedger(app));
afterAll(() => app.close());

/** A creator who earned `tips` tips of 100 tokens (90 each after the 10 % commission), with bank details. */
async function earningCreator(tips: number) {
  const creator = await verifiedPerformer(app);
  await saveBankDetails(app, creator);
  const fan = await signedIn(app, 'user');
  await fundWallet(app, fan.user.id, 100 * tips);
  for (let index = 0; index < tips; index++) {
    const tip = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/tip/${creator.user.id}`,
      headers: fan.headers,
      payload: { price: 100 },
    });
    expect(tip.statusCode).toBe(200);
  }
  return creator;
}
const request = (creator: Account, payload: object) =>
  app.inject({ method: 'POST', url: '/api/payout-requests', headers: creator.headers, payload });
const calculate = async (creator: Account) =>
  (await app.inject({ method: 'POST', url: '/api/payout-requests/calculate', headers: creator.headers })).json();
const review = (id: string, status: string, headers = admin.headers) =>
  app.inject({ method: 'PUT', url: `/api/admin/payout-requests/${id}/status`, headers, payload: { status, adminNote: 'checked' } });

describe('earnings', () => {
  it('lists a creator’s earnings with gross, commission and net, and sums them by source and day', async () => {
    const creator = await earningCreator(2);
    const list = await app.inject({ url: '/api/performer/earning/search?sourceType=tip', headers: creator.headers });
    expect(list.json().total).toBe(2);
    expect(list.json().data[0]).toMatchObject({ sourceType: 'tip', gross: 100, commission: 10, net: 90, commissionRate: 0.1 });
    const today = new Date().toISOString().slice(0, 10);
    const stats = (
      await app.inject({ url: `/api/performer/earning/stats?fromDate=${today}&toDate=${today}`, headers: creator.headers })
    ).json();
    expect(stats).toMatchObject({
      totalGross: 200,
      totalCommission: 20,
      totalNet: 180,
      bySource: [{ sourceType: 'tip', net: 180, count: 2 }],
      byDay: [{ date: today, net: 180 }],
      balance: { available: 180, onHold: 0, totalEarned: 180, totalPaidOut: 0, minimumPayoutAmount: 50 },
    });
    expect(
      (await app.inject({ url: '/api/performer/earning/stats?fromDate=2020-01-01&toDate=2020-01-02', headers: creator.headers })).json(),
    ).toMatchObject({
      totalNet: 0,
      byDay: [],
    });
    expect((await app.inject({ url: '/api/performer/earning/search', headers: (await verifiedPerformer(app)).headers })).json().total).toBe(
      0,
    );
    expect((await app.inject({ url: '/api/performer/earning/search', headers: (await signedIn(app, 'user')).headers })).statusCode).toBe(
      403,
    );
    expect(
      (await app.inject({ url: `/api/admin/earnings/search?sourceType=tip`, headers: admin.headers })).json().total,
    ).toBeGreaterThanOrEqual(2);
  });
});

describe('payout requests', () => {
  it('holds the amount when requested, one pending at a time; the admin pays it', async () => {
    const creator = await earningCreator(2);
    const created = await request(creator, { amount: 100, requestNote: 'Monthly' });
    expect(created.statusCode, created.body).toBe(200);
    const payout = created.json();
    expect(payout).toMatchObject({ amount: 100, status: 'pending', paymentAccountType: 'banking', tokenConversionRate: 1 });
    expect(payout.paymentAccountInfo).toMatchObject({ bankName: 'Lime Bank', account: '•••• 5678' });
    expect(await calculate(creator)).toMatchObject({ available: 80, onHold: 100 });
    expect((await request(creator, { amount: 50 })).json()).toMatchObject({ statusCode: 409 });
    const pending = await app.inject({ url: '/api/payout-requests/check/pending-review', headers: creator.headers });
    expect(pending.json()).toMatchObject({ hasPending: true, request: { _id: payout._id } });

    const approved = await review(payout._id, 'approved');
    expect(approved.json()).toMatchObject({ status: 'approved', adminNote: 'checked' });
    expect((await review(payout._id, 'paid')).json().status).toBe('paid');
    expect(await calculate(creator)).toMatchObject({ available: 80, onHold: 0, totalPaidOut: 100, totalEarned: 180 });
    expect((await review(payout._id, 'rejected')).statusCode).toBe(409);
    // A new request may follow once none is pending.
    expect((await request(creator, { amount: 50 })).statusCode).toBe(200);
  });

  it('pays out all a creator earned from many fans paying at once', async () => {
    const creator = await earningCreator(1);
    const fans = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const fan = await signedIn(app, 'user');
        await fundWallet(app, fan.user.id, 100);
        return fan;
      }),
    );
    const tips = await Promise.all(
      fans.map((fan) =>
        app.inject({ method: 'POST', url: `/api/wallet/charges/tip/${creator.user.id}`, headers: fan.headers, payload: { price: 100 } }),
      ),
    );
    expect(tips.map((tip) => tip.statusCode)).toEqual(fans.map(() => 200));
    expect((await app.inject({ url: '/api/users/me', headers: creator.headers })).json().balance).toBe(3690);
    expect(await calculate(creator)).toMatchObject({ available: 3690, totalEarned: 3690 });
    expect((await request(creator, { amount: 3690.01 })).statusCode).toBe(402);
    expect((await request(creator, { amount: 3690 })).statusCode).toBe(200);
    expect(await calculate(creator)).toMatchObject({ available: 0, onHold: 3690 });
  });

  it('returns the hold when rejected, and follows a changed amount', async () => {
    const creator = await earningCreator(2);
    const payout = (await request(creator, { amount: 60 })).json();
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/payout-requests/${payout._id}`,
      headers: creator.headers,
      payload: { amount: 150 },
    });
    expect(changed.json()).toMatchObject({ amount: 150 });
    expect(await calculate(creator)).toMatchObject({ available: 30, onHold: 150 });
    const tooMuch = await app.inject({
      method: 'PUT',
      url: `/api/payout-requests/${payout._id}`,
      headers: creator.headers,
      payload: { amount: 181 },
    });
    expect(tooMuch.statusCode).toBe(402);
    expect((await review(payout._id, 'rejected')).json().status).toBe('rejected');
    expect(await calculate(creator)).toMatchObject({ available: 180, onHold: 0 });
    const late = await app.inject({
      method: 'PUT',
      url: `/api/payout-requests/${payout._id}`,
      headers: creator.headers,
      payload: { amount: 60 },
    });
    expect(late.statusCode).toBe(409);
  });

  it('refuses too little, more than available, no destination, other creators, fans and non-admins', async () => {
    const creator = await earningCreator(1);
    expect(refusedFields(await request(creator, { amount: 49 }))).toEqual(['amount']);
    const tooMuch = await request(creator, { amount: 91 });
    expect(tooMuch.statusCode).toBe(402);
    expect(tooMuch.json().message).toBe('You can request at most 90 tokens');
    expect(refusedFields(await request(creator, { amount: 60, paymentAccountType: 'paypal' }))).toEqual(['paymentAccountType']);
    const payout = (await request(creator, { amount: 60 })).json();

    const other = await verifiedPerformer(app);
    expect((await app.inject({ url: `/api/payout-requests/${payout._id}/view`, headers: other.headers })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'PUT', url: `/api/payout-requests/${payout._id}`, headers: other.headers, payload: { amount: 50 } }))
        .statusCode,
    ).toBe(404);
    expect((await app.inject({ url: '/api/payout-requests/search', headers: other.headers })).json().total).toBe(0);
    expect((await app.inject({ url: `/api/payout-requests/${payout._id}/view`, headers: admin.headers })).statusCode).toBe(200);
    expect((await review(payout._id, 'paid', creator.headers)).statusCode).toBe(403);
    expect((await request((await signedIn(app, 'user')) as Account, { amount: 60 })).statusCode).toBe(403);
    expect(refusedFields(await review(payout._id, 'lost'))).toEqual(['status']);
    const all = await app.inject({
      url: `/api/admin/payout-requests/search?status=pending&performerId=${creator.user.id}`,
      headers: admin.headers,
    });
    expect(all.json()).toMatchObject({ total: 1, data: [{ _id: payout._id }] });
  });
});
