import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forPeople } from '../src/platform/errors';
import { createTestApp, type TestApp } from './app';
import { refusedFields, signedIn } from './factories';

let app: TestApp;
let fan: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
let performer: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp();
  fan = await signedIn(app, 'user');
  admin = await signedIn(app, 'admin');
  performer = await signedIn(app, 'performer');
});
afterAll(() => app.close());

const someId = '00000000-0000-4000-8000-000000000000';
type Case = [
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload: unknown,
  as: 'anyone' | 'fan' | 'performer' | 'admin',
  fields: string[],
];

/** Every endpoint, given bad input, answers 400 in the error shape and names each bad field. */
const cases: Case[] = [
  ['POST', '/api/auth/users/register', {}, 'anyone', ['ageConfirmed', 'termsAccepted', 'name', 'username', 'email', 'password']],
  ['POST', '/api/auth/login', { email: 'a@b.test', password: 5, remember: 'yes' }, 'anyone', ['password', 'remember']],
  ['POST', '/api/auth/users/forgot', { email: 'nope' }, 'anyone', ['email']],
  ['POST', '/api/auth/users/reset-password', { token: 'short', password: 'x' }, 'anyone', ['token', 'password']],
  ['POST', '/api/auth/email-verification', {}, 'anyone', ['email']],
  ['POST', '/api/auth/email-verification/verify', { token: '' }, 'anyone', ['token']],
  ['POST', '/api/auth/token-login', { token: 42 }, 'anyone', ['token']],
  ['PUT', '/api/auth/users/me/password', { source: 'robot' }, 'fan', ['currentPassword', 'password', 'source']],
  ['PUT', '/api/users', { email: 'not-an-email', username: 'x' }, 'fan', ['username', 'email']],
  ['POST', '/api/settings/keys', { keys: 'siteName' }, 'anyone', ['keys']],
  ['PUT', '/api/admin/settings/siteName', { value: 5 }, 'admin', ['value']],
  ['GET', '/api/admin/accounts?role=robot&limit=0', undefined, 'admin', ['role', 'limit']],
  ['PUT', `/api/admin/accounts/${someId}/status`, { status: 'asleep' }, 'admin', ['status']],
  ['PUT', '/api/admin/accounts/not-an-id/status', { status: 'active' }, 'admin', ['id']],
  ['PUT', `/api/admin/performers/${someId}/verify-documents`, { verified: 'yes' }, 'admin', ['verified']],
  ['GET', '/api/admin/documents/not-an-id', undefined, 'admin', ['id']],
  ['POST', `/api/admin/accounts/${someId}/login-link`, { redirect: 5 }, 'admin', ['redirect']],
  ['GET', `/api/performers/${'x'.repeat(101)}`, undefined, 'anyone', ['id']],
  ['POST', '/api/follows/not-an-id', undefined, 'fan', ['id']],
  ['DELETE', '/api/follows/not-an-id', undefined, 'fan', ['id']],
  ['POST', '/api/block/users', { targetId: 'nope', reason: 5 }, 'fan', ['targetId', 'reason']],
  ['DELETE', '/api/block/users/not-an-id', undefined, 'fan', ['id']],
  ['GET', '/api/block/users?limit=0&sortBy=name', undefined, 'fan', ['limit', 'sortBy']],
  ['POST', '/api/block/countries', { countryCodes: ['usa', 5] }, 'performer', ['countryCodes.0', 'countryCodes.1']],
  ['GET', '/api/follows/following?limit=0&offset=-1', undefined, 'fan', ['limit', 'offset']],
  ['POST', '/api/reactions', { objectType: 'planet' }, 'fan', ['objectType', 'objectId', 'action']],
  ['DELETE', '/api/reactions', {}, 'fan', ['objectType', 'objectId', 'action']],
  ['GET', '/api/reactions/performers/bookmark?sort=up', undefined, 'fan', ['sort']],
  ['GET', '/api/states/usa', undefined, 'anyone', ['country']],
  ['GET', '/api/cities/US/%20', undefined, 'anyone', ['state']],
  ['POST', '/api/auth/google/login', { role: 'admin' }, 'anyone', ['tokenId', 'role']],
  ['POST', '/api/auth/google/token', { code: '', redirectUri: 'nope' }, 'anyone', ['code', 'redirectUri']],
  ['POST', '/api/auth/twitter/login', { role: 'admin' }, 'anyone', ['role']],
  ['POST', '/api/auth/twitter/callback', { oauthToken: 5 }, 'anyone', ['oauthToken', 'oauthVerifier']],
  ['POST', '/api/re-captcha/verify', { token: 5 }, 'anyone', ['token']],
  ['POST', '/api/contact', { email: 'x', message: 'hi' }, 'anyone', ['name', 'email', 'message']],
  ['GET', '/api/posts/search?type=novel&limit=0', undefined, 'anyone', ['type', 'limit']],
  ['GET', `/api/posts/${'x'.repeat(101)}`, undefined, 'anyone', ['id']],
  ['POST', '/api/admin/posts', { slug: 'Not A Slug!', status: 'live' }, 'admin', ['title', 'slug', 'status']],
  ['PUT', '/api/admin/posts/not-an-id', { title: 'About', slug: 'about' }, 'admin', ['id']],
  ['DELETE', '/api/admin/posts/not-an-id', undefined, 'admin', ['id']],
  ['GET', '/api/site-promo/search?position=sky&offset=-1', undefined, 'anyone', ['position', 'offset']],
  ['POST', '/api/admin/site-promos', { href: 'javascript:alert(1)', startsAt: 'soon' }, 'admin', ['title', 'href', 'startsAt']],
  [
    'PUT',
    `/api/admin/site-promos/${someId}`,
    { title: 'x', startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' },
    'admin',
    ['endsAt'],
  ],
  ['POST', '/api/admin/site-promos/not-an-id/image', undefined, 'admin', ['id']],
  ['GET', '/api/package/token/search?sortBy=name', undefined, 'anyone', ['sortBy']],
  ['POST', '/api/admin/token-packages', { name: '', price: -1, tokens: 1.001 }, 'admin', ['name', 'price', 'tokens']],
  ['DELETE', '/api/admin/token-packages/not-an-id', undefined, 'admin', ['id']],
  ['POST', '/api/performer/feeds', { type: 'story', price: -1, fileIds: ['x'] }, 'performer', ['type', 'price', 'fileIds.0']],
  ['POST', '/api/performer/feeds', { type: 'photo', scheduleAt: 'later' }, 'performer', ['fileIds', 'scheduleAt']],
  ['PUT', '/api/performer/feeds/not-an-id', { type: 'text', text: 'x' }, 'performer', ['id']],
  ['GET', '/api/performer/feeds?type=story&status=live', undefined, 'performer', ['type', 'status']],
  ['POST', '/api/performer/feeds/polls', { options: 'yes' }, 'performer', ['options', 'expiredAt']],
  ['GET', '/api/user/feeds?limit=0', undefined, 'fan', ['limit']],
  ['GET', '/api/user/feeds/search/x?type=story', undefined, 'anyone', ['type']],
  ['POST', `/api/user/feeds/vote/${someId}`, { optionId: 'first' }, 'fan', ['optionId']],
  ['GET', `/api/user/feeds/${someId}/file/nope/status`, undefined, 'anyone', ['fileId']],
  ['POST', '/api/comments', { objectType: 'planet', content: '' }, 'fan', ['objectType', 'objectId', 'content']],
  ['GET', '/api/comments?objectType=feed', undefined, 'anyone', ['objectId']],
  ['DELETE', '/api/comments/nope', undefined, 'fan', ['id']],
  ['POST', '/api/reports', { targetType: 'feed', targetId: someId, reason: 'meh' }, 'fan', ['reason']],
  ['GET', '/api/admin/reports?status=lost', undefined, 'admin', ['status']],
  ['PUT', `/api/admin/reports/${someId}`, { status: 'lost' }, 'admin', ['status']],
  ['POST', '/api/stories/performers', { type: 'poem', backgroundColor: 'red' }, 'performer', ['type', 'backgroundColor']],
  ['PUT', `/api/stories/performers/${someId}`, { backgroundColor: 'blue' }, 'performer', ['backgroundColor']],
  ['GET', '/api/stories/users/nope', undefined, 'fan', ['id']],
  ['GET', '/api/performer-assets/videos/search?performerId=x&sortBy=likes', undefined, 'anyone', ['performerId', 'sortBy']],
  ['GET', '/api/performer/performer-assets/videos/search?status=live', undefined, 'performer', ['status']],
  ['DELETE', `/api/performer/performer-assets/videos/remove-file/${someId}?type=video`, undefined, 'performer', ['type']],
  ['GET', `/api/performer-assets/videos/${someId}/file/x/status`, undefined, 'anyone', ['fileId']],
  ['POST', '/api/performer-assets/videos/nope/view', undefined, 'anyone', ['id']],
  ['GET', '/api/performer-assets/galleries/search?performerId=x', undefined, 'anyone', ['performerId']],
  ['PUT', `/api/performer/performer-assets/galleries/${someId}`, { title: 5, status: 'gone' }, 'performer', ['title', 'status']],
  ['GET', '/api/performer-assets/photos', undefined, 'anyone', ['galleryId']],
  ['PUT', `/api/performer/performer-assets/photos/${someId}`, { title: 7 }, 'performer', ['title']],
  ['POST', '/api/performer/performer-assets/photos/set-cover/nope', undefined, 'performer', ['id']],
  ['GET', '/api/performer-assets/photos/nope', undefined, 'anyone', ['performerId']],
  ['GET', `/api/performer-assets/photos/${someId}?limit=0`, undefined, 'anyone', ['limit']],
  ['POST', '/api/wallet/charges/gift/nope', {}, 'fan', ['type', 'id']],
  ['POST', `/api/wallet/charges/tip/${someId}`, { price: -1, message: 5 }, 'fan', ['price', 'message']],
  ['GET', '/api/wallet/charges/search?type=gift&status=lost&sortBy=x', undefined, 'fan', ['type', 'status', 'sortBy']],
  ['POST', '/api/sandbox/cards', { number: 'x', expMonth: 0, cvc: 'a' }, 'fan', ['number', 'expMonth', 'expYear', 'cvc']],
  ['DELETE', '/api/payment-cards/nope', undefined, 'fan', ['id']],
  ['POST', '/api/payment/wallet/top-up', { amount: -1, packageId: 'x' }, 'fan', ['amount', 'packageId']],
  ['POST', '/api/payment/retry/nope', undefined, 'fan', ['id']],
  ['POST', '/api/payment/sandbox/confirm/nope', undefined, 'fan', ['id']],
  ['GET', '/api/payment/transactions/user/search?status=lost&limit=0', undefined, 'fan', ['status', 'limit']],
  ['GET', '/api/payment/transactions/nope', undefined, 'fan', ['id']],
  ['POST', '/api/payment/subscribe/performers', { performerId: 'x', type: 'weekly' }, 'fan', ['performerId', 'type']],
  ['POST', '/api/payment/cash/cancel-subscription/nope', undefined, 'fan', ['gateway', 'id']],
  ['GET', '/api/subscriptions/user/search?status=gone&type=weekly', undefined, 'fan', ['status', 'type']],
  ['GET', '/api/subscriptions/performer/search?sortBy=price', undefined, 'performer', ['sortBy']],
  ['GET', '/api/performer/earning/search?sourceType=gift&fromDate=yesterday', undefined, 'performer', ['sourceType', 'fromDate']],
  ['GET', '/api/performer/earning/stats?toDate=2026-13-01', undefined, 'performer', ['toDate']],
  ['GET', '/api/admin/earnings/search?limit=0', undefined, 'admin', ['limit']],
  ['POST', '/api/payout-requests', { amount: 'lots', paymentAccountType: 'cash' }, 'performer', ['amount', 'paymentAccountType']],
  ['PUT', `/api/payout-requests/${someId}`, { amount: -5 }, 'performer', ['amount']],
  ['GET', '/api/payout-requests/nope/view', undefined, 'performer', ['id']],
  ['GET', '/api/payout-requests/search?status=lost', undefined, 'performer', ['status']],
  ['GET', '/api/admin/payout-requests/search?performerId=x', undefined, 'admin', ['performerId']],
  ['PUT', `/api/admin/payout-requests/${someId}/status`, { status: 'pending' }, 'admin', ['status']],
  ['POST', '/api/admin/coupons', { code: 'a b', discountRate: 2 }, 'admin', ['code', 'discountRate']],
  ['GET', '/api/admin/coupons?sortBy=price', undefined, 'admin', ['sortBy']],
  ['GET', '/api/admin/payment/transactions/search?type=gift', undefined, 'admin', ['type']],
  ['POST', '/api/admin/payment/transactions/nope/refund', undefined, 'admin', ['id']],
  ['POST', '/api/admin/wallet/charges/nope/refund', undefined, 'admin', ['id']],
  ['GET', '/api/admin/wallet/charges/search?status=lost&type=gift', undefined, 'admin', ['status', 'type']],
  // Issue 13: text PostgreSQL cannot store (NUL, unpaired surrogates) answered 500, anonymous routes included.
  ['POST', '/api/auth/login', { email: 'fan\u0000@example.test', password: 'whatever-123' }, 'anyone', ['email']],
  ['GET', '/api/posts/search?q=a%00b', undefined, 'anyone', ['q']],
  ['GET', '/api/performers/a%00b', undefined, 'anyone', ['id']],
  ['GET', '/api/performer-assets/galleries/search?q=%00', undefined, 'anyone', ['q']],
  ['POST', '/api/contact', { name: 'Lone \ud800', email: 'a@b.test', message: 'Hello there' }, 'anyone', ['name']],
  ['POST', '/api/reactions', { objectType: 'feed', objectId: someId, action: 'like', 'x\u0000': 1 }, 'fan', ['x\u0000']],
  // Issue 13: numbers past what their column holds, or that round to nothing.
  ['POST', '/api/admin/coupons', { code: 'TINY', discountRate: 5e-324 }, 'admin', ['discountRate']],
  ['POST', '/api/admin/coupons', { code: 'MANY', discountRate: 0.1, remainingUses: 2 ** 31 }, 'admin', ['remainingUses']],
  ['POST', '/api/admin/token-packages', { name: 'Dust', price: 1, tokens: 5e-324 }, 'admin', ['tokens']],
  ['POST', '/api/payout-requests', { amount: 1e15 }, 'performer', ['amount']],
  // Found by the fuzz test in the notification centre: one kind twice made the upsert write a row twice.
  [
    'PUT',
    '/api/notifications/settings',
    [
      { kind: 'like', inApp: true, email: false },
      { kind: 'like', inApp: false, email: true },
    ],
    'fan',
    ['1.kind'],
  ],
];

describe('bad input on every endpoint', () => {
  it.each(cases)('%s %s answers 400 naming the fields', async (method, url, payload, as, fields) => {
    const headers = { fan: fan.headers, performer: performer.headers, admin: admin.headers, anyone: {} }[as];
    const response = await app.inject({ method, url, headers, payload: payload as object });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'VALIDATION_ERROR' });
    expect(refusedFields(response)).toEqual([...fields].sort());
    // The message names each field in words, as people read it (the details keep the field's own name).
    for (const field of fields) expect(body.message.toLowerCase()).toContain(forPeople(field).toLowerCase());
  });
});

describe('limits named in refusals (issue 13)', () => {
  it.each([
    ['/api/payout-requests', { amount: 1e15 }, 'performer', 'amount: must be at most 1000000000'],
    ['/api/admin/coupons', { code: 'TINY', discountRate: 5e-324 }, 'admin', 'Discount rate: must be at least 0.0001'],
    ['/api/admin/coupons', { code: 'FINE', discountRate: 0.00015 }, 'admin', 'Discount rate: must have at most four decimals'],
    ['/api/admin/coupons', { code: 'MANY', discountRate: 0.1, remainingUses: 2 ** 31 }, 'admin', 'must be at most 2147483647'],
    ['/api/admin/token-packages', { name: 'Dust', price: 1, tokens: 5e-324 }, 'admin', 'tokens: must be at least 0.01'],
    ['/api/contact', { name: 'a\u0000', email: 'a@b.test', message: 'Hello there' }, 'anyone', 'name: must not contain NUL characters'],
    // A login name longer than any e-mail address overflowed an index (a 500) before it was capped.
    ['/api/auth/login', { username: 'a'.repeat(300), password: 'whatever-1' }, 'anyone', 'username: must be at most 254 characters'],
    ['/api/auth/login', { email: `${'a'.repeat(300)}@b.test`, password: 'whatever-1' }, 'anyone', 'email: must be at most 254 characters'],
  ] as const)('POST %s refuses %j naming the limit', async (url, payload, as, message) => {
    const headers = { performer: performer.headers, admin: admin.headers, anyone: {} }[as];
    const response = await app.inject({ method: 'POST', url, headers, payload });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('refuses input nested past 32 levels without walking it', async () => {
    const name = `${'['.repeat(5000)}"leaf"${']'.repeat(5000)}`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: `{"name":${name},"email":"a@b.test","message":"Hello"}`,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain('is nested too deeply (at most 32 levels)');
  });
});

describe('empty updates (issue 13)', () => {
  it('answers the story as it stands, and still 404 for a story that is not the caller’s', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/stories/performers',
      headers: performer.headers,
      payload: { type: 'text', text: 'Back soon', backgroundColor: '#42b1e8' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const url = `/api/stories/performers/${created.json()._id}`;
    const unchanged = await app.inject({ method: 'PUT', url, headers: performer.headers, payload: {} });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json()).toMatchObject({ text: 'Back soon', backgroundColor: '#42b1e8' });
    const other = await signedIn(app, 'performer');
    expect((await app.inject({ method: 'PUT', url, headers: other.headers, payload: {} })).statusCode).toBe(404);
  });
});

describe('a form upload where JSON is expected', () => {
  it('says to send JSON, naming the body, instead of a bare "expected object"', async () => {
    const boundary = 'limelight-form';
    const form = [`--${boundary}`, 'Content-Disposition: form-data; name="name"', '', 'Home', `--${boundary}--`, ''].join('\r\n');
    const response = await app.inject({
      method: 'PUT',
      url: `/api/addresses/${someId}`,
      headers: { ...fan.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: form,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'body: must be JSON (Content-Type: application/json), not a form upload',
      details: [{ field: 'body', message: 'must be JSON (Content-Type: application/json), not a form upload' }],
    });
  });
});

describe('logs of unexpected errors (issue 13)', () => {
  it('name the method, route, request id and error class, never what was sent', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ logLevel: 'info' }, { logStream: { write: (line) => lines.push(line) } });
    try {
      // A query that fails in the database on the submitted value: the error quotes it, the query lists it.
      logged.post('/api/test/fails', async (request) => {
        const { email } = request.body as { email: string };
        await logged.deps.db.execute(sql`select ${email}::integer`);
        return {};
      });
      const email = 'secret.person@example.test';
      const response = await logged.inject({ method: 'POST', url: `/api/test/fails?q=${email}`, payload: { email } });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ statusCode: 500, code: 'INTERNAL_ERROR' });
      expect(lines.join('\n')).not.toContain('secret.person');
      const entry = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'unhandled error');
      expect(entry).toMatchObject({ level: 50, method: 'POST', route: '/api/test/fails', reqId: response.headers['x-request-id'] });
      expect(entry.error.type).toMatch(/Error$/);
      expect(entry.error.stack).toContain('at ');
      expect(JSON.stringify(entry).length).toBeLessThan(3000);
    } finally {
      await logged.close();
    }
  });
});
