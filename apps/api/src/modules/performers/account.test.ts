import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { PASSWORD, refusedFields, signedIn, verifiedPerformer } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const put = (url: string, headers: Record<string, string>, payload: unknown) =>
  app.inject({ method: 'PUT', url, headers, payload: payload as object });
const banking = {
  firstName: 'Ava',
  lastName: 'Stone',
  bankName: 'First Bank',
  bankAccount: 'GB29NWBK60161331926819',
  bankSwiftCode: 'NWBKGB2L',
  country: 'GB',
  currentPassword: PASSWORD,
};

describe('GET and PUT /performers/me', () => {
  it('updates every profile field and shows the public ones on the creator page', async () => {
    const creator = await verifiedPerformer(app);
    const update = {
      bio: 'Hello fans',
      gender: 'transgender',
      country: 'BR',
      state: 'Rio de Janeiro',
      city: 'Niterói',
      languages: ['pt', 'en'],
      dateOfBirth: '1990-01-15',
      height: '170_172',
      weight: '61_63',
      bodyType: 'gymBody',
      ethnicity: 'latino',
      size: 'medium',
      hair: 'multiColored',
      eyes: 'hazel',
      sexualOrientation: 'bisexual',
      phone: '21 5555-0100',
      phoneCode: '+55',
      monthlyPrice: 9.99,
      threeMonthPrice: 24.5,
      sixMonthPrice: 45,
      yearlyPrice: 80,
      isFreeSubscription: true,
    };
    const response = await put('/api/performers/me', creator.headers, update);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ ...update, age: expect.stringMatching(/_/), email: creator.user.email, banking: null });

    const publicPage = (await app.inject(`/api/performers/${creator.user.username}`)).json();
    expect(publicPage).toMatchObject({
      bio: 'Hello fans',
      hair: 'multiColored',
      monthlyPrice: 9.99,
      yearlyPrice: 80,
      languages: ['pt', 'en'],
    });
    for (const secret of ['email', 'dateOfBirth', 'phone', 'address', 'banking', 'paypalEmail'])
      expect(publicPage).not.toHaveProperty(secret);
  });

  it('refuses plan prices outside the admin bounds with 422 naming each plan', async () => {
    const creator = await verifiedPerformer(app);
    const response = await put('/api/performers/me', creator.headers, { monthlyPrice: 1, yearlyPrice: 301, sixMonthPrice: 50 });
    expect(response.statusCode).toBe(422);
    expect(response.json().details).toEqual([
      { field: 'monthlyPrice', message: 'must be between 2.95 and 300.00' },
      { field: 'yearlyPrice', message: 'must be between 2.95 and 300.00' },
    ]);
    expect((await app.inject({ method: 'GET', url: '/api/performers/me', headers: creator.headers })).json().sixMonthPrice).toBeNull();
  });

  it('refuses values outside the option sets and bad formats, naming the fields', async () => {
    const creator = await verifiedPerformer(app);
    const response = await put('/api/performers/me', creator.headers, {
      height: '200_203',
      eyes: 'purple',
      monthlyPrice: 9.999,
      languages: ['english'],
    });
    expect(response.statusCode).toBe(400);
    expect(refusedFields(response)).toEqual(['eyes', 'height', 'languages.0', 'monthlyPrice']);
  });

  it('is for creators only', async () => {
    const fan = await signedIn(app, 'user');
    expect((await app.inject({ method: 'GET', url: '/api/performers/me', headers: fan.headers })).statusCode).toBe(403);
    expect((await put('/api/performers/me', fan.headers, { bio: 'x' })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/performers/me' })).statusCode).toBe(401);
  });
});

describe('banking and payment-gateway settings', () => {
  it('keeps banking details private to the creator', async () => {
    const creator = await verifiedPerformer(app);
    const other = await verifiedPerformer(app);
    const saved = await put('/api/performers/banking-settings', creator.headers, banking);
    expect(saved.statusCode, saved.body).toBe(200);
    const { currentPassword: _, ...stored } = banking;
    expect(saved.json().banking).toMatchObject(stored);
    const again = await put('/api/performers/banking-settings', creator.headers, { ...banking, bankName: 'Second Bank' });
    expect(again.json().banking.bankName).toBe('Second Bank');

    const othersView = (await app.inject({ method: 'GET', url: '/api/performers/me', headers: other.headers })).json();
    expect(othersView.banking).toBeNull();
    expect((await app.inject(`/api/performers/${creator.user.id}`)).body).not.toContain('GB29NWBK');
  });

  it('refuses incomplete banking details and fans', async () => {
    const creator = await verifiedPerformer(app);
    const response = await put('/api/performers/banking-settings', creator.headers, {
      firstName: 'A',
      bankSwiftCode: 'XX',
      country: 'Britain',
    });
    expect(response.statusCode).toBe(400);
    expect(refusedFields(response)).toEqual(['bankAccount', 'bankName', 'bankSwiftCode', 'country', 'currentPassword', 'lastName']);
    const fan = await signedIn(app, 'user');
    expect((await put('/api/performers/banking-settings', fan.headers, banking)).statusCode).toBe(403);
  });

  it('stores a PayPal payout address', async () => {
    const creator = await verifiedPerformer(app);
    const saved = await put('/api/performers/payment-gateway-settings', creator.headers, {
      key: 'paypal',
      value: { email: 'AVA@Example.test' },
      currentPassword: PASSWORD,
    });
    expect(saved.json().paypalEmail).toBe('ava@example.test');
    const bad = await put('/api/performers/payment-gateway-settings', creator.headers, { key: 'venmo', value: { email: 'nope' } });
    expect(refusedFields(bad)).toEqual(['currentPassword', 'key', 'value.email']);
  });

  it('needs the current password to change where payouts go: a stolen session cannot redirect them', async () => {
    const creator = await verifiedPerformer(app);
    const { currentPassword: _, ...withoutPassword } = banking;
    const missing = await put('/api/performers/banking-settings', creator.headers, withoutPassword);
    expect(missing.statusCode).toBe(400);
    expect(refusedFields(missing)).toEqual(['currentPassword']);
    const wrong = await put('/api/performers/banking-settings', creator.headers, { ...banking, currentPassword: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'Your current password is incorrect', details: [{ field: 'currentPassword' }] });
    const paypal = await put('/api/performers/payment-gateway-settings', creator.headers, {
      key: 'paypal',
      value: { email: 'thief@example.test' },
      currentPassword: 'not-my-password',
    });
    expect(paypal.statusCode).toBe(400);
    const account = (await app.inject({ method: 'GET', url: '/api/performers/me', headers: creator.headers })).json();
    expect(account).toMatchObject({ banking: null, paypalEmail: null });
  });
});
