import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  expectSoundLedger,
  fundWallet,
  refusedFields,
  registerFan,
  registerPerformer,
  saveBankDetails,
  signedIn,
  verifiedPerformer,
} from '../../../test/factories';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp();
  admin = await signedIn(app, 'admin');
});
afterAll(() => app.close());

type Dashboard = {
  days: number;
  from: string;
  series: Array<Record<string, number | string>>;
  totals: Record<string, number>;
  activeSubscriptions: number;
  queues: {
    reports: { open: number; oldestAt: string | null; overdue: number };
    verification: { waiting: number; oldestAt: string | null };
    payouts: { count: number; amount: number };
  };
};
const dashboard = async (query = 'days=30', headers = admin.headers) => {
  const response = await app.inject({ url: `/api/admin/dashboard?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Dashboard;
};
const ok = async (promise: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
  const response = await promise;
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Record<string, unknown>;
};

describe('the admin dashboard (decision 051)', () => {
  it('answers figures equal to the ledger after scripted payments, a refund and payouts, and the queues waiting', async () => {
    const before = await dashboard();

    // The money operations, and what each must add, computed here from what was done (10 % commission).
    const creator = await verifiedPerformer(app);
    await saveBankDetails(app, creator);
    const fan = await signedIn(app, 'user');
    await fundWallet(app, fan.user.id, 500); // a top-up: money in, not a sale
    const expected = { revenue: 0, fees: 0, refunds: 0, payouts: 0 };
    for (const price of [100, 80]) {
      await ok(app.inject({ method: 'POST', url: `/api/wallet/charges/tip/${creator.user.id}`, headers: fan.headers, payload: { price } }));
      expected.revenue += price;
      expected.fees += price / 10;
    }
    const post = await ok(
      app.inject({
        method: 'POST',
        url: '/api/performer/feeds',
        headers: creator.headers,
        payload: { type: 'text', text: 'A guide', isSale: true, price: 30 },
      }),
    );
    const bought = await ok(
      app.inject({ method: 'POST', url: `/api/wallet/charges/feed/${post._id}`, headers: fan.headers, payload: { price: 30 } }),
    );
    expected.revenue += 30;
    expected.fees += 3;
    const chargeId = (bought.charge as { _id: string })._id;
    await ok(app.inject({ method: 'POST', url: `/api/admin/wallet/charges/${chargeId}/refund`, headers: admin.headers }));
    expected.refunds += 30;
    // The creator now holds 90 + 72 = 162: 60 paid out, then 50 asked for and waiting.
    const paid = await ok(app.inject({ method: 'POST', url: '/api/payout-requests', headers: creator.headers, payload: { amount: 60 } }));
    await ok(
      app.inject({
        method: 'PUT',
        url: `/api/admin/payout-requests/${paid._id}/status`,
        headers: admin.headers,
        payload: { status: 'paid', adminNote: 'sent' },
      }),
    );
    expected.payouts += 60;
    await ok(app.inject({ method: 'POST', url: '/api/payout-requests', headers: creator.headers, payload: { amount: 50 } }));

    // Counts: a fan and a creator sign up (the creator's documents wait for review), a report is open.
    await registerFan(app);
    const waiting = await registerPerformer(app);
    const report = await app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: fan.headers,
      payload: { targetType: 'performer', targetId: creator.user.id, reason: 'spam' },
    });
    expect(report.statusCode, report.body).toBeLessThan(300);

    const after = await dashboard();
    const delta = (key: string) => Math.round((after.totals[key]! - before.totals[key]!) * 100) / 100;
    expect({ revenue: delta('revenue'), fees: delta('fees'), refunds: delta('refunds'), payouts: delta('payouts') }).toEqual(expected);
    // signedIn made 1 fan and 2 creators' accounts (verifiedPerformer), registerFan 1, registerPerformer 1.
    expect(delta('fans')).toBe(2);
    expect(delta('creators')).toBe(2);
    expect(after.queues.payouts.count - before.queues.payouts.count).toBe(1);
    expect(Math.round((after.queues.payouts.amount - before.queues.payouts.amount) * 100) / 100).toBe(50);
    expect(after.queues.verification.waiting - before.queues.verification.waiting).toBe(1);
    expect(after.queues.reports.open - before.queues.reports.open).toBe(1);
    expect(after.queues.reports.oldestAt).not.toBeNull();

    // Today's point carries it all; the series has one point a day, oldest first, ending today.
    expect(after.series).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(after.series.at(-1)!.date).toBe(today);
    const sum = (key: string) => Math.round(after.series.reduce((total, day) => total + Number(day[key]), 0) * 100) / 100;
    for (const key of ['revenue', 'fees', 'refunds', 'payouts', 'fans', 'creators']) expect(sum(key)).toBe(after.totals[key]);

    // Approving the waiting creator moves them from the queue to today's verified creators.
    await ok(
      app.inject({
        method: 'PUT',
        url: `/api/admin/performers/${waiting._id}/verify-documents`,
        headers: admin.headers,
        payload: { verified: true },
      }),
    );
    const approved = await dashboard('days=7');
    expect(approved.series).toHaveLength(7);
    expect(approved.queues.verification.waiting).toBe(after.queues.verification.waiting - 1);
    expect(approved.totals.verifiedCreators).toBeGreaterThanOrEqual(1);
    await expectSoundLedger(app);
  });

  it('takes 7, 30 or 90 days, naming the field otherwise, and answers admins only', async () => {
    expect((await dashboard('days=90')).series).toHaveLength(90);
    expect((await dashboard('')).days).toBe(30);
    const refused = await app.inject({ url: '/api/admin/dashboard?days=12', headers: admin.headers });
    expect(refused.statusCode).toBe(400);
    expect(refusedFields(refused)).toEqual(['days']);
    const fan = await signedIn(app, 'user');
    expect((await app.inject({ url: '/api/admin/dashboard', headers: fan.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/dashboard' })).statusCode).toBe(401);
  });
});
