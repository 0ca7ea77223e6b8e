import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { PASSWORD, signedIn } from '../../../test/factories';

/** Decision 047: the web app's session in an HttpOnly cookie the server sets, with a CSRF defence. */
let app: TestApp;
const SITE = 'http://localhost:3000';
beforeAll(async () => {
  app = await createTestApp({ publicUrl: SITE });
});
afterAll(() => app.close());

type Cookie = { name: string; value: string; httpOnly?: boolean; sameSite?: string; secure?: boolean; path?: string; expires?: Date };
const cookiesOf = (response: { cookies: Cookie[] }) => Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));

async function browserLogin(loginName: string, remember = true, origin = SITE) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin },
    payload: { username: loginName, password: PASSWORD, remember },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describe('the session cookie', () => {
  it('is set HttpOnly, SameSite=Lax, on / and expiring with the session, beside a signed-in hint that holds no secret', async () => {
    const { user } = await signedIn(app, 'user');
    const remembered = await browserLogin(user.email!);
    const body = remembered.json();
    const cookies = cookiesOf(remembered);
    expect(cookies.token).toMatchObject({ value: body.token, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookies.token?.secure).toBeFalsy();
    expect(cookies.token?.expires?.toISOString()).toBe(new Date(body.expiresAt).toISOString().replace(/\.\d+Z$/, '.000Z'));
    expect(cookies.signed_in).toMatchObject({ value: '1', path: '/' });
    expect(cookies.signed_in?.httpOnly).toBeFalsy();
    // Not remembered: the cookie lasts the one day the session does.
    const oneDay = cookiesOf(await browserLogin(user.email!, false)).token!;
    expect(oneDay.expires!.getTime() - Date.now()).toBeLessThan(86_400_000 + 5000);
    expect(oneDay.expires!.getTime() - Date.now()).toBeGreaterThan(86_400_000 - 60_000);
  });

  it('is Secure when the site is served over https', async () => {
    const https = await createTestApp({ publicUrl: 'https://fans.example' });
    try {
      const { user } = await signedIn(https, 'user');
      const response = await https.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin: 'https://fans.example' },
        payload: { username: user.email, password: PASSWORD },
      });
      expect(cookiesOf(response).token).toMatchObject({ httpOnly: true, secure: true });
    } finally {
      await https.close();
    }
  });

  it('is not set for an API client (no Origin) nor for another site’s page, which still get the token in the answer', async () => {
    const { user } = await signedIn(app, 'user');
    const apiClient = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.email, password: PASSWORD } });
    expect(apiClient.json().token).toBeTruthy();
    expect(cookiesOf(apiClient).token).toBeUndefined();
    const foreign = await browserLogin(user.email!, true, 'https://evil.example');
    expect(cookiesOf(foreign).token).toBeUndefined();
  });

  it('is set by the one-time login link (the admin’s log-in-as link) too', async () => {
    const admin = await signedIn(app, 'admin');
    const { user } = await signedIn(app, 'user');
    const link = await app.inject({
      method: 'POST',
      url: `/api/admin/accounts/${user.id}/login-link`,
      headers: admin.headers,
      payload: {},
    });
    expect(link.statusCode, link.body).toBeLessThan(300);
    const token = new URL(link.json().url).searchParams.get('token');
    const response = await app.inject({ method: 'POST', url: '/api/auth/token-login', headers: { origin: SITE }, payload: { token } });
    expect(response.statusCode, response.body).toBe(200);
    expect(cookiesOf(response).token).toMatchObject({ value: response.json().token, httpOnly: true });
  });

  it('signs requests in, and logout clears it and ends the session', async () => {
    const { user } = await signedIn(app, 'user');
    const token = cookiesOf(await browserLogin(user.email!)).token!.value;
    const me = await app.inject({ method: 'GET', url: '/api/users/me', cookies: { token } });
    expect(me.statusCode).toBe(200);
    expect(me.json()._id).toBe(user.id);
    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { token }, headers: { origin: SITE } });
    expect(logout.statusCode).toBe(200);
    const cleared = cookiesOf(logout);
    expect(cleared.token?.value).toBe('');
    expect(cleared.token!.expires!.getTime()).toBeLessThan(Date.now());
    expect(cleared.signed_in?.value).toBe('');
    expect((await app.inject({ method: 'GET', url: '/api/users/me', cookies: { token } })).statusCode).toBe(401);
  });

  it('is cleared when it names a session that was revoked elsewhere', async () => {
    const { user, headers } = await signedIn(app, 'user');
    const token = cookiesOf(await browserLogin(user.email!)).token!.value;
    const ended = await app.inject({ method: 'DELETE', url: '/api/auth/sessions', headers });
    expect(ended.json().ended).toBeGreaterThanOrEqual(1);
    const refused = await app.inject({ method: 'GET', url: '/api/users/me', cookies: { token } });
    expect(refused.statusCode).toBe(401);
    expect(cookiesOf(refused).token?.value).toBe('');
  });
});

describe('the CSRF defence', () => {
  const write = (token: string, headers: Record<string, string>) =>
    app.inject({ method: 'PUT', url: '/api/users', cookies: { token }, headers, payload: { name: 'Renamed by a page' } });

  it('refuses a cookie-signed write from another origin (403 CROSS_SITE_REQUEST)', async () => {
    const { user } = await signedIn(app, 'user');
    const token = cookiesOf(await browserLogin(user.email!)).token!.value;
    const attempts: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:3000.evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/page' },
    ];
    for (const headers of attempts) {
      const response = await write(token, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json().code).toBe('CROSS_SITE_REQUEST');
    }
    expect((await app.inject({ method: 'GET', url: '/api/users/me', cookies: { token } })).json().name).not.toBe('Renamed by a page');
    // A read is not a write: the cookie signs it in from anywhere (SameSite=Lax keeps other sites' subrequests out).
    expect(
      (await app.inject({ method: 'GET', url: '/api/users/me', cookies: { token }, headers: { origin: 'https://evil.example' } }))
        .statusCode,
    ).toBe(200);
  });

  it('accepts the same write from the site’s own pages (Origin, or Referer without it, or the host it was sent to)', async () => {
    const { user } = await signedIn(app, 'user');
    const token = cookiesOf(await browserLogin(user.email!)).token!.value;
    expect((await write(token, { origin: SITE })).statusCode).toBe(200);
    expect((await write(token, { referer: `${SITE}/settings` })).statusCode).toBe(200);
    expect((await write(token, { origin: 'http://127.0.0.1:5173', host: '127.0.0.1:5173' })).statusCode).toBe(200);
    // No Origin and no Referer: no browser sends a write so, so no page of another site can.
    expect((await write(token, {})).statusCode).toBe(200);
  });

  it('leaves header tokens alone: a bearer or bare token is no cookie a page could ride on', async () => {
    const { token } = await signedIn(app, 'user');
    for (const authorization of [`Bearer ${token}`, token]) {
      const response = await app.inject({
        method: 'PUT',
        url: '/api/users',
        headers: { authorization, origin: 'https://evil.example' },
        payload: { name: 'API client' },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('leaves unauthenticated endpoints alone (the Stripe webhook, sign-up, the contact form)', async () => {
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/users/register',
      headers: { origin: 'https://elsewhere.example' },
      payload: {
        name: 'New Fan',
        username: `fan_${Date.now()}`,
        email: `fan_${Date.now()}@example.test`,
        password: 'a-long-safe-password-9',
        ageConfirmed: true,
        termsAccepted: true,
      },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const webhook = await app.inject({
      method: 'POST',
      url: '/api/payment/stripe/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(webhook.json().code).not.toBe('CROSS_SITE_REQUEST');
  });
});

describe('the socket', () => {
  it('signs in with the cookie from the site’s pages, and not from another site', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const { user } = await signedIn(app, 'user');
    const token = cookiesOf(await browserLogin(user.email!)).token!.value;
    const answer = (origin: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(`http://127.0.0.1:${port}`, {
          path: '/socket.io',
          transports: ['websocket'],
          extraHeaders: { cookie: `token=${token}`, origin },
        });
        socket.on('auth/success', () => {
          socket.disconnect();
          resolve('signed in');
        });
        socket.on('connect', () =>
          setTimeout(() => {
            socket.disconnect();
            resolve('anonymous');
          }, 1000),
        );
        socket.on('connect_error', () => resolve('refused'));
      });
    expect(await answer(SITE)).toBe('signed in');
    expect(await answer('https://evil.example')).toBe('anonymous');
  });
});
