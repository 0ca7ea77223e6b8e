import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { fanInput, login, PASSWORD, performerForm, refusedFields, registerFan, registerPerformer, signedIn } from '../../../test/factories';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp();
  admin = await signedIn(app, 'admin');
});
afterAll(() => app.close());

type Pending = Array<{ document: string; version: number }>;
const savePage = (slug: string, title: string, extra: object = {}) =>
  app.inject({ method: 'POST', url: '/api/admin/posts', headers: admin.headers, payload: { slug, title, status: 'published', ...extra } });
const pageBySlug = async (slug: string) => {
  const pages = await app.inject({ method: 'GET', url: `/api/admin/posts?q=${slug}`, headers: admin.headers });
  return (pages.json().data as Array<{ _id: string; slug: string; title: string; version: number }>).find((page) => page.slug === slug)!;
};
const me = async (token: string) =>
  (await app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } })).json();
const signIn = (username: string) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: PASSWORD } });

describe('age and terms at sign-up (decision 050)', () => {
  beforeAll(async () => {
    expect((await savePage('terms', 'Terms')).statusCode).toBe(201);
    expect((await savePage('privacy', 'Privacy policy')).statusCode).toBe(201);
  });

  it('refuses a fan or creator sign-up without the two boxes, naming each field', async () => {
    const { ageConfirmed: _, termsAccepted: __, ...bare } = fanInput();
    const fan = await app.inject({ method: 'POST', url: '/api/auth/users/register', payload: bare });
    expect(fan.statusCode).toBe(400);
    expect(refusedFields(fan)).toEqual(['ageConfirmed', 'termsAccepted']);
    expect(fan.json().details).toContainEqual({
      field: 'ageConfirmed',
      message: 'must be ticked: you must be 18 or older to use this site',
    });

    const unticked = await app.inject({ method: 'POST', url: '/api/auth/users/register', payload: fanInput({ termsAccepted: false }) });
    expect(refusedFields(unticked)).toEqual(['termsAccepted']);

    const creator = await app.inject({
      method: 'POST',
      url: '/api/auth/performers/register',
      payload: performerForm({ ageConfirmed: 'false' }).form,
    });
    expect(creator.statusCode).toBe(400);
    expect(refusedFields(creator)).toEqual(['ageConfirmed']);
  });

  it('records the versions accepted with the time, and nothing is pending after sign-up', async () => {
    const before = Date.now();
    const fan = await registerFan(app);
    const creator = await registerPerformer(app);
    const terms = await pageBySlug('terms');
    const privacy = await pageBySlug('privacy');
    for (const account of [fan, creator]) {
      const session = await signIn(account.username);
      expect(session.statusCode).toBe(200);
      expect(session.json().pendingAgreements).toEqual([]);
      const token = session.json().token as string;
      expect((await me(token)).pendingAgreements).toEqual([]);
      const record = await app.inject({ method: 'GET', url: '/api/agreements', headers: { authorization: `Bearer ${token}` } });
      const accepted = record.json().accepted as Array<{ document: string; version: number; acceptedAt: string }>;
      expect(accepted.map(({ document, version }) => ({ document, version })).sort((a, b) => a.document.localeCompare(b.document))).toEqual(
        [
          { document: 'age', version: 1 },
          { document: 'privacy', version: privacy.version },
          { document: 'terms', version: terms.version },
        ],
      );
      for (const row of accepted) expect(new Date(row.acceptedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    }
  });

  it('asks again at the next sign-in when the admin publishes a new Terms version; a typo fix does not', async () => {
    const fan = await registerFan(app);
    const terms = await pageBySlug('terms');
    const save = (newVersion: boolean) =>
      app.inject({
        method: 'PUT',
        url: `/api/admin/posts/${terms._id}`,
        headers: admin.headers,
        payload: { slug: 'terms', title: 'Terms', status: 'published', content: '<p>Rules</p>', newVersion },
      });
    expect((await save(false)).json().version).toBe(terms.version);
    expect((await signIn(fan.username)).json().pendingAgreements).toEqual([]);

    expect((await save(true)).json().version).toBe(terms.version + 1);
    const session = await signIn(fan.username);
    const pending = session.json().pendingAgreements as Pending;
    expect(pending).toEqual([{ document: 'terms', version: terms.version + 1, title: 'Terms', slug: 'terms' }]);
    const headers = { authorization: `Bearer ${session.json().token}` };
    expect((await me(session.json().token)).pendingAgreements).toEqual(pending);

    // Accepting needs the boxes too; then nothing is pending and both versions stay on record.
    const refused = await app.inject({ method: 'POST', url: '/api/agreements/accept', headers, payload: { ageConfirmed: true } });
    expect(refused.statusCode).toBe(400);
    expect(refusedFields(refused)).toEqual(['termsAccepted']);
    const accepted = await app.inject({
      method: 'POST',
      url: '/api/agreements/accept',
      headers,
      payload: { ageConfirmed: true, termsAccepted: true },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().pendingAgreements).toEqual([]);
    expect((await signIn(fan.username)).json().pendingAgreements).toEqual([]);
    const record = await app.inject({ method: 'GET', url: '/api/agreements', headers });
    const termsRows = (record.json().accepted as Pending).filter((row) => row.document === 'terms').map((row) => row.version);
    expect(termsRows).toEqual([terms.version, terms.version + 1]);
  });

  it('asks an account that never accepted (made before this rule, or by social sign-in) for everything; never an admin', async () => {
    const fan = await signedIn(app, 'user');
    const pending = (await me(fan.token)).pendingAgreements as Pending;
    expect(pending.map((row) => row.document)).toEqual(['age', 'terms', 'privacy']);
    expect((await me(admin.token)).pendingAgreements).toEqual([]);
    expect(
      (await app.inject({ method: 'POST', url: '/api/agreements/accept', payload: { ageConfirmed: true, termsAccepted: true } }))
        .statusCode,
    ).toBe(401);
    // One account's acceptance is its own.
    const other = await signedIn(app, 'user');
    await app.inject({
      method: 'POST',
      url: '/api/agreements/accept',
      headers: other.headers,
      payload: { ageConfirmed: true, termsAccepted: true },
    });
    expect(((await me(fan.token)).pendingAgreements as Pending).length).toBe(3);
    expect(await login(app, other.user.username!)).toBeTruthy();
  });
});
