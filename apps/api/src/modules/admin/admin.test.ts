import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { login, registerFan, registerPerformer, signedIn } from '../../../test/factories';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp();
  admin = await signedIn(app, 'admin');
});
afterAll(() => app.close());

const get = (url: string, headers = admin.headers) => app.inject({ method: 'GET', url, headers });

describe('fans and creators lists', () => {
  it('lists creators with their documents, filtered and paged, with the total', async () => {
    const prefix = `pg${Date.now().toString(36)}`;
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await registerPerformer(app, { username: `${prefix}_${i}` }));
    await registerFan(app, { username: `${prefix}_fan` });

    const page = await get(`/api/admin/accounts?role=performer&q=${prefix}&limit=2&sortBy=username&sort=asc`);
    expect(page.statusCode).toBe(200);
    expect(page.json().total).toBe(3);
    expect(page.json().data.map((row: { username: string }) => row.username)).toEqual([`${prefix}_0`, `${prefix}_1`]);
    expect(page.json().data[0].documents.map((d: { field: string }) => d.field)).toEqual(['idVerification', 'documentVerification']);

    const next = await get(`/api/admin/accounts?role=performer&q=${prefix}&limit=2&offset=2&sortBy=username&sort=asc`);
    expect(next.json().data.map((row: { _id: string }) => row._id)).toEqual([created[2]!._id]);

    const fans = await get(`/api/admin/accounts?role=user&q=${prefix}`);
    expect(fans.json().total).toBe(1);
  });

  it('verifies a creator and filters by verification', async () => {
    const performer = await registerPerformer(app);
    const verify = await app.inject({
      method: 'PUT',
      url: `/api/admin/performers/${performer._id}/verify-documents`,
      headers: admin.headers,
      payload: { verified: true },
    });
    expect(verify.statusCode).toBe(200);
    const verified = await get(`/api/admin/accounts?role=performer&q=${performer.username}&verified=true`);
    expect(verified.json().data[0]).toMatchObject({ _id: performer._id, verifiedDocument: true });
    const unverified = await get(`/api/admin/accounts?role=performer&q=${performer.username}&verified=false`);
    expect(unverified.json().total).toBe(0);
    const me = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${await login(app, performer.username)}` },
    });
    expect(me.json().verifiedDocument).toBe(true);
  });

  it('lets an admin, and nobody else, open an identity document', async () => {
    const performer = await registerPerformer(app);
    const row = (await get(`/api/admin/accounts?role=performer&q=${performer.username}`)).json().data[0];
    const url = `/api/admin/documents/${row.documents[0]._id}`;
    const document = await get(url);
    expect(document.statusCode).toBe(200);
    // Kept as the WebP it was re-encoded to, shown inline but unable to run anything.
    expect(document.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-disposition': `inline; filename="document-${row.documents[0]._id}.webp"`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
    });
    expect(document.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const owner = { authorization: `Bearer ${await login(app, performer.username)}` };
    expect((await get(url, owner)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('deactivates and reactivates an account', async () => {
    const fan = await registerFan(app);
    const set = (status: string) =>
      app.inject({ method: 'PUT', url: `/api/admin/accounts/${fan._id}/status`, headers: admin.headers, payload: { status } });
    expect((await set('inactive')).statusCode).toBe(200);
    expect((await get(`/api/admin/accounts?role=user&q=${fan.username}&status=inactive`)).json().total).toBe(1);
    expect((await set('active')).statusCode).toBe(200);
    await login(app, fan.username);
    expect((await set('sleeping')).json().details[0].field).toBe('status');
  });

  it('does not let an admin deactivate another admin through the fans list', async () => {
    const other = await signedIn(app, 'admin');
    const response = await app.inject({
      method: 'PUT',
      url: `/api/admin/accounts/${other.user.id}/status`,
      headers: admin.headers,
      payload: { status: 'inactive' },
    });
    expect(response.statusCode).toBe(404);
  });

  it.each([
    ['a missing role', '/api/admin/accounts', 'role'],
    ['an unknown sort column', '/api/admin/accounts?role=user&sortBy=password', 'sortBy'],
    ['a negative offset', '/api/admin/accounts?role=user&offset=-1', 'offset'],
    ['a bad verified flag', '/api/admin/accounts?role=user&verified=maybe', 'verified'],
  ])('refuses %s, naming the field', async (_label, url, field) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe(field);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/api/admin/performers/abc/verify-documents',
          headers: admin.headers,
          payload: { verified: true },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/admin/performers/${crypto.randomUUID()}/verify-documents`,
          headers: admin.headers,
          payload: { verified: true },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('is closed to fans and creators', async () => {
    for (const role of ['user', 'performer'] as const) {
      const account = await signedIn(app, role);
      expect((await get('/api/admin/accounts?role=user', account.headers)).statusCode).toBe(403);
    }
  });
});
