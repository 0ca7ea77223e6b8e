import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { HOME_ADDRESS, refusedFields, setSetting, signedIn, verifiedPerformer } from '../../../test/factories';

type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const home = HOME_ADDRESS;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as?: Account, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: as?.headers ?? {}, ...(payload ? { payload } : {}) });
const book = async (as: Account) => (await call('GET', '/addresses/search', as)).json();

describe('addresses', () => {
  it('keeps a fan’s address book: the first is the default, one default at a time, a removed default passes on', async () => {
    const fan = await signedIn(app, 'user');
    const first = await call('POST', '/addresses/create', fan, home);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ ...home, state: '', isDefault: true });
    const second = (await call('POST', '/addresses/create', fan, { ...home, name: 'Work', isDefault: true })).json();
    expect(second.isDefault).toBe(true);
    const listed = await book(fan);
    expect(listed.total).toBe(2);
    expect(listed.data.map((address: { name: string; isDefault: boolean }) => [address.name, address.isDefault])).toEqual([
      ['Work', true],
      ['Fiona Fan', false],
    ]);

    const edited = await call('PUT', `/addresses/${first.json()._id}`, fan, { ...home, city: 'Leeds' });
    expect(edited.json()).toMatchObject({ city: 'Leeds', isDefault: false });
    expect((await call('DELETE', `/addresses/${second._id}`, fan)).statusCode).toBe(200);
    expect((await book(fan)).data).toMatchObject([{ _id: first.json()._id, isDefault: true }]);
  });

  it('is its owner’s alone: another fan, a creator and a visitor cannot see or change it', async () => {
    const fan = await signedIn(app, 'user');
    const address = (await call('POST', '/addresses/create', fan, home)).json();
    const other = await signedIn(app, 'user');
    expect((await book(other)).total).toBe(0);
    expect((await call('PUT', `/addresses/${address._id}`, other, home)).statusCode).toBe(404);
    expect((await call('DELETE', `/addresses/${address._id}`, other)).statusCode).toBe(404);
    expect((await call('GET', '/addresses/search', await verifiedPerformer(app))).statusCode).toBe(403);
    expect((await call('GET', '/addresses/search')).statusCode).toBe(401);
    expect((await book(fan)).data[0]).toMatchObject({ city: 'London' });
  });

  it('refuses a bad address, naming each field', async () => {
    const fan = await signedIn(app, 'user');
    const refused = await call('POST', '/addresses/create', fan, {
      ...home,
      name: '',
      country: 'gb',
      phone: 'call me',
      city: 'x'.repeat(101),
    });
    expect(refused.statusCode).toBe(400);
    expect(refusedFields(refused)).toEqual(['city', 'country', 'name', 'phone']);
    const unknown = await call('POST', '/addresses/create', fan, { ...home, country: 'ZZ' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('country: ZZ is not a country we know');
    for (let n = 0; n < 20; n++) expect((await call('POST', '/addresses/create', fan, home)).statusCode).toBe(200);
    const full = await call('POST', '/addresses/create', fan, home);
    expect(full.statusCode).toBe(400);
    expect(full.json().message).toBe('An address book holds at most 20 addresses: remove one first');
  });

  it('closes with the shop: off, every shop route answers 404 saying so', async () => {
    const fan = await signedIn(app, 'user');
    await setSetting(app, 'enableProduct', false);
    try {
      const closed = await call('GET', '/addresses/search', fan);
      expect(closed.statusCode).toBe(404);
      expect(closed.json().message).toBe('The shop is not open on this site');
    } finally {
      await setSetting(app, 'enableProduct', true);
    }
    expect((await call('GET', '/addresses/search', fan)).statusCode).toBe(200);
  });
});
