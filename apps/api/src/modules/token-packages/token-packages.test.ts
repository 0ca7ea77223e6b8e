import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { signedIn } from '../../../test/factories';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let performer: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp();
  admin = await signedIn(app, 'admin');
  performer = await signedIn(app, 'performer');
});
afterAll(() => app.close());

const create = (payload: object, headers = admin.headers) =>
  app.inject({ method: 'POST', url: '/api/admin/token-packages', headers, payload });

describe('token packages', () => {
  it('lists the packages on sale with exact amounts, in the admin’s order', async () => {
    expect((await create({ name: 'Big', price: 49.99, tokens: 60, ordering: 2 })).statusCode).toBe(201);
    await create({ name: 'Small', price: 4.99, tokens: 5.5, ordering: 1, description: 'To start' });
    await create({ name: 'Retired', price: 1, tokens: 1, isActive: false });
    const response = await app.inject('/api/package/token/search?sortBy=ordering&sort=asc');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      total: 2,
      data: [
        { name: 'Small', price: 4.99, tokens: 5.5, description: 'To start', isActive: true },
        { name: 'Big', price: 49.99, tokens: 60 },
      ],
    });
    const all = await app.inject({ url: '/api/admin/token-packages', headers: admin.headers });
    expect(all.json().total).toBe(3);
  });

  it('updates and deletes; unknown ids answer 404', async () => {
    const tokenPackage = (await create({ name: 'Promo', price: 10, tokens: 12 })).json();
    const url = `/api/admin/token-packages/${tokenPackage._id}`;
    const updated = await app.inject({ method: 'PUT', url, headers: admin.headers, payload: { name: 'Promo+', price: 10, tokens: 15 } });
    expect(updated.json()).toMatchObject({ name: 'Promo+', tokens: 15 });
    expect((await app.inject({ method: 'DELETE', url, headers: admin.headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'PUT', url, headers: admin.headers, payload: { name: 'x', price: 1, tokens: 1 } })).statusCode).toBe(
      404,
    );
  });

  it('lets only the admin manage packages', async () => {
    expect((await create({ name: 'Free money', price: 1, tokens: 1000 }, performer.headers)).statusCode).toBe(403);
  });
});
