import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { fundWallet, HOME_ADDRESS, signedIn, verifiedPerformer } from '../../../test/factories';
import { feeds, paymentTransactions, payoutRequests } from '../../db/schema';

/**
 * The money, shop and report lists' CSV exports (decision 052): each answers the rows its table
 * shows for the same filters, amounts written as the console writes them, formula cells escaped.
 */
type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
let admin: Account;
let creator: Account;
let fan: Account;

const call = (method: 'GET' | 'POST', url: string, as: Account, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: as.headers, ...(payload ? { payload } : {}) });

/** The export's lines under its header, after checking it is a CSV download named `filename`. */
async function exported(url: string, filename: string) {
  const response = await call('GET', url, admin);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('text/csv');
  expect(response.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
  const [header, ...rows] = response.body.trimEnd().split('\r\n');
  return { header: header!.split(','), rows };
}

beforeAll(async () => {
  app = await createTestApp();
  [admin, creator, fan] = await Promise.all([signedIn(app, 'admin'), verifiedPerformer(app), signedIn(app, 'user')]);
  await fundWallet(app, fan.user.id, 100);

  // A product bought (a product charge, its earning and an order) and a tip (a tip charge and earning).
  const form = new FormData();
  for (const [key, value] of Object.entries({ name: '=HYPERLINK("http://evil.test")', type: 'physical', price: '25', stock: '5' })) {
    form.append(key, value);
  }
  const shirt = await app.inject({
    method: 'POST',
    url: '/api/performer/performer-assets/products',
    headers: creator.headers,
    payload: form,
  });
  expect(shirt.statusCode, shirt.body).toBe(200);
  const address = await call('POST', '/addresses/create', fan, HOME_ADDRESS);
  const bought = await call('POST', `/wallet/charges/product/${shirt.json()._id}`, fan, { quantity: 2, addressId: address.json()._id });
  expect(bought.statusCode, bought.body).toBe(200);
  expect((await call('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 10 })).statusCode).toBe(200);
});
afterAll(() => app.close());

describe('money exports', () => {
  it('exports card payments by status, amounts in the site currency', async () => {
    await app.deps.db
      .insert(paymentTransactions)
      .values({ userId: fan.user.id, gateway: 'sandbox', type: 'wallet_top_up', status: 'fail', amountCents: 1250, tokensCents: 1250 });
    const failed = await exported('/admin/payment/transactions/export.csv?status=fail', 'transactions.csv');
    expect(failed.header).toEqual([
      'id',
      'createdAt',
      'fan',
      'creator',
      'kind',
      'buys',
      'gateway',
      'amount',
      'tokens',
      'refunded',
      'coupon',
      'status',
      'failureReason',
    ]);
    expect(failed.rows).toHaveLength(1);
    expect(failed.rows[0]).toContain(`,${fan.user.username},,wallet_top_up,,sandbox,$12.50,12.50 tokens,,,fail,`);
    const all = await exported('/admin/payment/transactions/export.csv', 'transactions.csv');
    expect(all.rows).toHaveLength(2);
  });

  it('exports wallet charges and earnings by kind, in tokens', async () => {
    const charges = await exported('/admin/wallet/charges/export.csv?type=tip', 'wallet-charges.csv');
    expect(charges.header).toEqual(['id', 'createdAt', 'fan', 'creator', 'kind', 'itemId', 'spent', 'status', 'message']);
    expect(charges.rows).toHaveLength(1);
    expect(charges.rows[0]).toContain(`,${fan.user.username},${creator.user.username},tip,,10.00 tokens,success,`);
    expect((await exported('/admin/wallet/charges/export.csv', 'wallet-charges.csv')).rows).toHaveLength(2);

    const earnings = await exported('/admin/earnings/export.csv?sourceType=product', 'earnings.csv');
    expect(earnings.header).toEqual(['id', 'createdAt', 'creator', 'fan', 'source', 'sourceId', 'refund', 'gross', 'commission', 'net']);
    expect(earnings.rows).toHaveLength(1);
    expect(earnings.rows[0]).toMatch(/,product,[\w-]+,false,50\.00 tokens,[\d.]+ tokens,[\d.]+ tokens$/);
  });

  it('exports payout requests by status, with what they pay in money', async () => {
    const destination = { paymentAccountType: 'banking' as const, paymentAccountInfo: { bankName: 'Lime Bank' }, tokenConversionBps: 5000 };
    await app.deps.db.insert(payoutRequests).values([
      { performerId: creator.user.id, amountCents: 4000, status: 'paid', ...destination },
      { performerId: creator.user.id, amountCents: 2000, status: 'pending', requestNote: '@SUM(A1)', ...destination },
    ]);
    const pending = await exported('/admin/payout-requests/export.csv?status=pending', 'payouts.csv');
    expect(pending.header).toEqual([
      'id',
      'createdAt',
      'creator',
      'amount',
      'toPay',
      'method',
      'status',
      'requestNote',
      'adminNote',
      'updatedAt',
    ]);
    expect(pending.rows).toHaveLength(1);
    expect(pending.rows[0]).toContain(`,${creator.user.username},20.00 tokens,$10.00,banking,pending,'@SUM(A1),,`);
  });
});

describe('shop and report exports', () => {
  it("exports orders by search, the product's formula escaped", async () => {
    const orders = await exported('/admin/orders/export.csv?q=HYPERLINK', 'orders.csv');
    expect(orders.header.slice(0, 6)).toEqual(['number', 'id', 'createdAt', 'buyer', 'creator', 'product']);
    expect(orders.rows).toHaveLength(1);
    expect(orders.rows[0]).toContain(`,${fan.user.username},${creator.user.username},"'=HYPERLINK(""http://evil.test"")",physical,2,`);
    expect(orders.rows[0]).toContain(',25.00 tokens,50.00 tokens,');
    expect((await exported('/admin/orders/export.csv?q=nothing-like-it', 'orders.csv')).rows).toHaveLength(0);
  });

  it('exports the report queue by kind', async () => {
    const [post] = await app.deps.db.insert(feeds).values({ performerId: creator.user.id, type: 'text', text: 'reported' }).returning();
    const reported = await call('POST', '/reports', fan, { targetType: 'feed', targetId: post!.id, reason: 'spam' });
    expect(reported.statusCode, reported.body).toBe(200);
    const feedReports = await exported('/admin/reports/groups/export.csv?targetType=feed', 'reports.csv');
    expect(feedReports.header).toEqual(['targetType', 'targetId', 'reports', 'reasons', 'status', 'firstReportedAt', 'dueAt', 'hold']);
    expect(feedReports.rows).toEqual([expect.stringMatching(new RegExp(`^feed,${post!.id},1,spam,open,`))]);
    expect((await exported('/admin/reports/groups/export.csv?targetType=video', 'reports.csv')).rows).toHaveLength(0);
  });
});

describe('admins only', () => {
  it('refuses a fan and a creator every export', async () => {
    const exports = [
      '/admin/payment/transactions/export.csv',
      '/admin/wallet/charges/export.csv',
      '/admin/earnings/export.csv',
      '/admin/payout-requests/export.csv',
      '/admin/orders/export.csv',
      '/admin/reports/groups/export.csv',
    ];
    for (const caller of [fan, creator]) {
      for (const url of exports) expect((await call('GET', url, caller)).statusCode, url).toBe(403);
    }
    for (const url of exports) expect((await app.inject({ method: 'GET', url: `/api${url}` })).statusCode, url).toBe(401);
  });
});
