import { defaultSettings, settingDefinitions, settingKeys } from '@limelight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { signedIn } from '../../../test/factories';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp();
  admin = await signedIn(app, 'admin');
});
afterAll(() => app.close());

const secretKeys = settingKeys.filter((key) => 'secret' in settingDefinitions[key] && settingDefinitions[key].secret);
const update = (key: string, value: unknown, headers = admin.headers) =>
  app.inject({ method: 'PUT', url: `/api/admin/settings/${key}`, headers, payload: { value } });

describe('public settings', () => {
  it('answers the spec defaults (section 9)', async () => {
    const response = await app.inject('/api/settings/public');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      requireEmailVerification: false,
      paymentGateway: 'stripe',
      freeSubscriptionEnabled: true,
      freeSubscriptionDuration: 1,
      minimumSubscriptionPrice: 2.95,
      maximumSubscriptionPrice: 300,
      minimumWalletPrice: 2.95,
      maximumWalletPrice: 300,
      minimumTipPrice: 10,
      maximumTipPrice: 10000,
      minimumPayoutAmount: 50,
      volume: 1,
      favicon: '/favicon.ico',
      maintenanceMode: false,
      hashPwClient: false,
      // Stripe is the setting, but without its keys cards go through the sandbox.
      activePaymentGateway: 'sandbox',
    });
  });

  it('answers every public key with its default, plus the UI extras, and no secret', async () => {
    const body = (await app.inject('/api/settings/public')).json();
    for (const key of settingKeys) {
      if (settingDefinitions[key].public) expect(body[key], key).toEqual(defaultSettings[key]);
      else expect(body, key).not.toHaveProperty(key);
    }
    for (const key of ['maintenanceImage', 'darkmodeLogoUrl', 'menus', 'footerContent']) expect(body).toHaveProperty(key);
    expect(body.currency, 'the currency prices are shown in').toBe('USD');
    expect(secretKeys.length).toBeGreaterThan(0);
  });

  it('answers named public keys', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/settings/keys', payload: { keys: ['siteName', 'minimumTipPrice'] } });
    expect(response.json()).toEqual({ siteName: 'Limelight', minimumTipPrice: 10 });
  });

  it.each(secretKeys)('refuses to answer the secret key %s', async (key) => {
    const response = await app.inject({ method: 'POST', url: '/api/settings/keys', payload: { keys: ['siteName', key] } });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('"value"');
  });

  it('refuses unknown keys and an empty list, naming the field', async () => {
    const unknown = await app.inject({ method: 'POST', url: '/api/settings/keys', payload: { keys: ['nope'] } });
    expect(unknown.statusCode).toBe(400);
    const empty = await app.inject({ method: 'POST', url: '/api/settings/keys', payload: { keys: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].field).toBe('keys');
  });
});

describe('admin settings', () => {
  it('lists every key with type, group, default and flags', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const rows = response.json() as Array<{ key: string; group: string; type: string }>;
    expect(rows.map((row) => row.key).sort()).toEqual([...settingKeys].sort());
    expect(rows.find((row) => row.key === 'minimumTipPrice')).toMatchObject({
      type: 'number',
      group: 'wallet',
      value: 10,
      default: 10,
      public: true,
      secret: false,
    });
  });

  it('stores a secret without ever returning it', async () => {
    const secret = 'sk_test_do_not_leak_123';
    const response = await update('stripeSecretKey', secret);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ key: 'stripeSecretKey', value: null, hasValue: true, secret: true });
    const everything = [
      await app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin.headers }),
      await app.inject('/api/settings/public'),
    ];
    for (const answer of everything) expect(answer.body).not.toContain(secret);
    expect(app.deps.settings.get('stripeSecretKey')).toBe(secret);
  });

  it('publishes a change at once', async () => {
    expect((await update('siteName', 'Spotlight')).statusCode).toBe(200);
    expect((await app.inject('/api/settings/public')).json().siteName).toBe('Spotlight');
    await update('siteName', 'Limelight');
  });

  it.each([
    ['a string for a boolean', 'maintenanceMode', 'yes'],
    ['a volume above 1', 'volume', 2],
    ['a negative price', 'minimumTipPrice', -1],
    ['a fractional trial length', 'freeSubscriptionDuration', 1.5],
    ['an unknown gateway', 'paymentGateway', 'paypal'],
    ['a logo that is not a URL', 'logoUrl', 'javascript:alert(1)'],
    ['a menu without a title', 'menus', [{ path: '/x', section: 'header' }]],
    ['no value at all', 'siteName', undefined],
  ])('refuses %s with 400 naming the value', async (_label, key, value) => {
    const response = await update(key, value);
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('value');
  });

  it('keeps a Google Analytics measurement id only in its GA4 form, and refuses another naming that form', async () => {
    for (const value of ['UA-12345-1', 'g-abc1234', 'G-ABC 123', '<script>']) {
      const response = await update('gaCode', value);
      expect(response.statusCode, value).toBe(400);
      expect(response.json().message).toBe('value: must be a Google Analytics 4 measurement id such as G-XXXXXXXXXX, or empty');
    }
    expect((await update('gaCode', 'G-ABC123DEF4')).statusCode).toBe(200);
    expect((await app.inject('/api/settings/public')).json().gaCode).toBe('G-ABC123DEF4');
    expect((await update('gaCode', '')).statusCode).toBe(200);
  });

  it('refuses a minimum above its maximum with 422', async () => {
    const response = await update('minimumTipPrice', 20_000);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Minimum tip price must not exceed maximum tip price');
  });

  it('answers 404 for an unknown key', async () => {
    expect((await update('notASetting', 1)).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const fan = await signedIn(app, 'user');
    const performer = await signedIn(app, 'performer');
    for (const headers of [fan.headers, performer.headers]) {
      expect((await update('siteName', 'Hacked', headers)).statusCode).toBe(403);
      expect((await app.inject({ method: 'GET', url: '/api/admin/settings', headers })).statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'PUT', url: '/api/admin/settings/siteName', payload: { value: 'x' } })).statusCode).toBe(401);
  });
});

describe.runIf(process.env.REDIS_URL)('with Redis', () => {
  it('refreshes the settings of every process sharing the database', async () => {
    const other = await createTestApp({}, { database: app.database });
    try {
      expect(other.deps.settings.get('maximumTipPrice')).toBe(10000);
      expect((await update('maximumTipPrice', 5000)).statusCode).toBe(200);
      await expect.poll(() => other.deps.settings.get('maximumTipPrice'), { timeout: 5000 }).toBe(5000);
    } finally {
      await update('maximumTipPrice', 10000);
      await other.close();
    }
  });
});
