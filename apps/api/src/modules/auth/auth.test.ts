import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  fanInput,
  freshIp,
  login,
  PASSWORD,
  performerForm,
  refusedFields,
  registerFan,
  registerPerformer,
  setSetting as setAppSetting,
  signedIn,
} from '../../../test/factories';
import { deliverMail, linkToken, readOutbox, startSmtpServer } from '../../../test/mail';
import { jobs, oneTimeTokens, sessions } from '../../db/schema';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const me = (token: string) => app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
const setSetting = (key: string, value: unknown) => setAppSetting(app, key, value);

describe('registration', () => {
  it('registers a fan who can then log in by username or e-mail, in any case', async () => {
    const fan = await registerFan(app);
    const byUsername = await login(app, fan.username.toUpperCase());
    const byEmail = await login(app, fan.email.toUpperCase());
    for (const token of [byUsername, byEmail]) {
      const response = await me(token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        _id: fan._id,
        username: fan.username,
        email: fan.email,
        isPerformer: false,
        role: 'user',
        balance: 0,
      });
      expect(response.json()).not.toHaveProperty('passwordHash');
    }
  });

  it('registers a performer with identity documents as multipart', async () => {
    const performer = await registerPerformer(app);
    const response = await me(await login(app, performer.username));
    expect(response.json()).toMatchObject({ _id: performer._id, isPerformer: true, role: 'performer', verifiedDocument: false });
  });

  it('refuses a performer registration without a document, naming the field', async () => {
    const { form } = performerForm({}, { documentVerification: null });
    const response = await app.inject({ method: 'POST', url: '/api/auth/performers/register', payload: form });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: 'documentVerification', message: 'is required' }]);
  });

  it('refuses a text file named .png as an identity document with 415', async () => {
    const { form } = performerForm({}, { idVerification: Buffer.from('just some text, not an image') });
    const response = await app.inject({ method: 'POST', url: '/api/auth/performers/register', payload: form });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', details: [{ field: 'idVerification' }] });
  });

  it('refuses bad performer fields, naming each', async () => {
    const { form } = performerForm({ gender: 'robot', dateOfBirth: '2015-01-01', email: 'nope' });
    const response = await app.inject({ method: 'POST', url: '/api/auth/performers/register', payload: form });
    expect(response.statusCode).toBe(400);
    expect(refusedFields(response)).toEqual(['dateOfBirth', 'email', 'gender']);
  });

  it('refuses a performer registration sent as JSON with 415', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/performers/register', payload: fanInput() });
    expect(response.statusCode).toBe(415);
  });

  it('keeps usernames and e-mails unique across fans and creators, case-insensitively', async () => {
    const fan = await registerFan(app);
    const sameUsername = performerForm({ username: fan.username.toUpperCase() });
    const first = await app.inject({ method: 'POST', url: '/api/auth/performers/register', payload: sameUsername.form });
    expect(first.statusCode).toBe(409);
    expect(first.json().details).toEqual([{ field: 'username', message: 'is already taken' }]);

    const performer = await registerPerformer(app);
    const second = await app.inject({
      method: 'POST',
      url: '/api/auth/users/register',
      payload: fanInput({ email: performer.email.toUpperCase() }),
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().details).toEqual([{ field: 'email', message: 'is already taken' }]);
  });

  it('answers concurrent registrations of one username with one 201 and 409s', async () => {
    const input = fanInput();
    const responses = await Promise.all(
      [0, 1, 2].map((n) =>
        app.inject({ method: 'POST', url: '/api/auth/users/register', payload: { ...input, email: `race${n}_${input.email}` } }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it.each([
    ['a short password', { password: 'short' }, 'password'],
    ['a bad e-mail', { email: 'not-an-email' }, 'email'],
    ['a reserved username', { username: 'admin' }, 'username'],
    ['a username with spaces', { username: 'a b c' }, 'username'],
    ['no name', { name: undefined }, 'name'],
  ])('refuses %s with 400 naming the field', async (_label, overrides, field) => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/users/register', payload: fanInput(overrides) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'VALIDATION_ERROR' });
    expect(refusedFields(response)).toEqual([field]);
  });
});

describe('login and sessions', () => {
  it('lasts 365 days when remembered and 1 day otherwise', async () => {
    const fan = await registerFan(app);
    const day = 24 * 60 * 60 * 1000;
    for (const [remember, days] of [
      [true, 365],
      [false, 1],
      [undefined, 365],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: fan.email, password: PASSWORD, remember },
      });
      const lifetime = new Date(response.json().expiresAt).getTime() - Date.now();
      expect(Math.round(lifetime / day)).toBe(days);
    }
  });

  it('answers a wrong password and an unknown account alike', async () => {
    const fan = await registerFan(app);
    for (const payload of [
      { username: fan.username, password: 'wrong-password' },
      { username: 'nobody_here', password: PASSWORD },
    ]) {
      const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Incorrect credentials!' });
    }
  });

  it('refuses a login without email or username, naming the field', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: PASSWORD } });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('email');
  });

  it('revokes the session on logout', async () => {
    const fan = await registerFan(app);
    const token = await login(app, fan.username);
    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
    expect(logout.statusCode).toBe(200);
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHENTICATED');
  });

  it('tells an expired session apart so the client can come back to the page', async () => {
    const fan = await registerFan(app);
    const token = await login(app, fan.username, PASSWORD, false);
    await app.deps.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, fan._id));
    const response = await me(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('SESSION_EXPIRED');
  });

  it('accepts the token from the token cookie', async () => {
    const fan = await registerFan(app);
    const token = await login(app, fan.username);
    const response = await app.inject({ method: 'GET', url: '/api/users/me', cookies: { token } });
    expect(response.json()._id).toBe(fan._id);
  });

  it('refuses an inactive account at login and ends its open sessions', async () => {
    const fan = await registerFan(app);
    const token = await login(app, fan.username);
    const admin = await signedIn(app, 'admin');
    await app.inject({
      method: 'PUT',
      url: `/api/admin/accounts/${fan._id}/status`,
      headers: admin.headers,
      payload: { status: 'inactive' },
    });
    expect((await me(token)).statusCode).toBe(401);
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: fan.username, password: PASSWORD } });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('ACCOUNT_INACTIVE');
  });

  it('logs in with a one-time token once', async () => {
    const fan = await registerFan(app);
    const admin = await signedIn(app, 'admin');
    const link = await app.inject({
      method: 'POST',
      url: `/api/admin/accounts/${fan._id}/login-link`,
      headers: admin.headers,
      payload: { redirect: '/home' },
    });
    expect(link.json().url).toMatch(/\/auth\/token-login\?token=.+&redirect=%2Fhome$/);
    const payload = { token: link.json().token, redirect: '/home' };
    const first = await app.inject({ method: 'POST', url: '/api/auth/token-login', payload });
    expect(first.json()).toMatchObject({ redirect: '/home' });
    expect((await me(first.json().token)).json()._id).toBe(fan._id);
    const second = await app.inject({ method: 'POST', url: '/api/auth/token-login', payload });
    expect(second.statusCode).toBe(400);
    expect(second.json().code).toBe('INVALID_TOKEN');
  });

  it('rate-limits the auth endpoints', async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 3 });
    try {
      // Counters may live in a shared Redis, so this test uses an address of its own.
      const remoteAddress = freshIp();
      const attempts = [];
      for (let i = 0; i < 4; i++) {
        attempts.push(
          await limited.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { username: 'x', password: 'y' } }),
        );
      }
      expect(attempts.map((response) => response.statusCode)).toEqual([401, 401, 401, 429]);
      expect(attempts[3]!.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    } finally {
      await limited.close();
    }
  });
});

describe('maintenance mode', () => {
  it('lets only admins sign in, by password or by a one-time link', async () => {
    const fan = await registerFan(app);
    const admin = await signedIn(app, 'admin');
    const link = (
      await app.inject({ method: 'POST', url: `/api/admin/accounts/${fan._id}/login-link`, headers: admin.headers, payload: {} })
    ).json();
    await setSetting('maintenanceMode', true);
    try {
      const refused = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: fan.username, password: PASSWORD } });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({
        code: 'SITE_IN_MAINTENANCE',
        message: 'The site is under maintenance: please come back soon',
      });
      const byLink = await app.inject({ method: 'POST', url: '/api/auth/token-login', payload: { token: link.token } });
      expect(byLink.json().code).toBe('SITE_IN_MAINTENANCE');
      expect(
        (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: admin.user.email, password: PASSWORD } })).statusCode,
      ).toBe(200);
    } finally {
      await setSetting('maintenanceMode', false);
    }
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: fan.username, password: PASSWORD } })).statusCode,
    ).toBe(200);
  });
});

describe('maintenance mode for who was already signed in', () => {
  it('holds out signed-in fans and creators, and visitors, but lets admins and the maintenance page through', async () => {
    const fan = await signedIn(app, 'user');
    const creator = await signedIn(app, 'performer');
    const admin = await signedIn(app, 'admin');
    await setSetting('maintenanceMode', true);
    try {
      for (const headers of [fan.headers, creator.headers, {}]) {
        const refused = await app.inject({ method: 'GET', url: '/api/users/me', headers });
        expect(refused.statusCode).toBe(503);
        expect(refused.json()).toMatchObject({
          code: 'SITE_IN_MAINTENANCE',
          message: 'The site is under maintenance: please come back soon',
        });
        expect((await app.inject({ method: 'GET', url: '/api/performers/search', headers })).statusCode).toBe(503);
        // What the maintenance page shows comes through for everyone.
        expect((await app.inject({ method: 'GET', url: '/api/settings/public', headers })).statusCode).toBe(200);
        expect((await app.inject({ method: 'GET', url: '/api/block/countries/check', headers })).statusCode).toBe(200);
      }
      expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: admin.headers })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin.headers })).statusCode).toBe(200);
      // Signing out stays possible; the session is ended for good.
      expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: fan.headers })).statusCode).toBe(200);
    } finally {
      await setSetting('maintenanceMode', false);
    }
    expect((await me(creator.token)).statusCode).toBe(200);
    expect((await me(fan.token)).statusCode).toBe(401);
  });
});

describe('clients written to the spec', () => {
  it('accepts the bare token in Authorization beside Bearer, and nothing under another scheme', async () => {
    const fan = await signedIn(app, 'user');
    const ask = (authorization: string) => app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization } });
    for (const form of [fan.token, `Bearer ${fan.token}`, `bearer ${fan.token}`, `  ${fan.token}  `]) {
      const response = await ask(form);
      expect(response.statusCode, form).toBe(200);
      expect(response.json()._id).toBe(fan.user.id);
    }
    expect((await ask(`Basic ${fan.token}`)).statusCode).toBe(401);
    expect((await ask('not-a-token')).statusCode).toBe(401);
  });

  it("takes the spec's password payload {password, source} with the current password, and names it when missing", async () => {
    const fan = await registerFan(app);
    const token = await login(app, fan.username);
    const url = '/api/auth/users/me/password';
    const headers = { authorization: token };
    const missing = await app.inject({ method: 'PUT', url, headers, payload: { password: 'new-password-2', source: 'user' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Current password: is required');
    expect(missing.json().details).toEqual([{ field: 'currentPassword', message: 'is required' }]);
    const changed = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { password: 'new-password-2', source: 'user', currentPassword: PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toBe('Changes saved');
    await login(app, fan.username, 'new-password-2');
  });
});

describe('e-mail verification', () => {
  it('is not needed to log in when requireEmailVerification is off', async () => {
    const fan = await registerFan(app);
    expect((await me(await login(app, fan.username))).json().verifiedEmail).toBe(false);
  });

  it('is not mentioned to a new account the site signs in at once: no "log in now" for someone already in', async () => {
    const registered = await app.inject({ method: 'POST', url: '/api/auth/users/register', payload: fanInput() });
    expect(registered.json()).toMatchObject({ requireEmailVerification: false, message: 'Your account has been created.' });
  });

  it('is needed when requireEmailVerification is on, by the link in the e-mail', async () => {
    await setSetting('requireEmailVerification', true);
    try {
      const input = fanInput();
      const registered = await app.inject({ method: 'POST', url: '/api/auth/users/register', payload: input });
      expect(registered.json().requireEmailVerification).toBe(true);
      const refused = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: input.email, password: PASSWORD } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('EMAIL_NOT_VERIFIED');

      const mail = (await readOutbox(app)).find((message) => message.to && JSON.stringify(message.to).includes(input.email));
      const token = linkToken(mail!, '/auth/verify-email');
      const verified = await app.inject({ method: 'POST', url: '/api/auth/email-verification/verify', payload: { token } });
      expect(verified.statusCode).toBe(200);
      expect((await me(await login(app, input.email))).json().verifiedEmail).toBe(true);

      const reused = await app.inject({ method: 'POST', url: '/api/auth/email-verification/verify', payload: { token } });
      expect(reused.statusCode).toBe(400);
    } finally {
      await setSetting('requireEmailVerification', false);
    }
  });

  it('carries the page the visitor signed up from in the link, and refuses a redirect to another site', async () => {
    await setSetting('requireEmailVerification', true);
    try {
      const input = { ...fanInput(), redirect: '/avastone?tab=photos' };
      expect((await app.inject({ method: 'POST', url: '/api/auth/users/register', payload: input })).statusCode).toBe(201);
      const mail = (await readOutbox(app)).find((message) => message.to && JSON.stringify(message.to).includes(input.email));
      expect(mail!.text).toMatch(/\/auth\/verify-email\?token=[^\s&]+&redirect=%2Favastone%3Ftab%3Dphotos\s/);

      for (const redirect of ['//evil.example', 'https://evil.example', '/\\evil.example']) {
        const refused = await app.inject({ method: 'POST', url: '/api/auth/users/register', payload: { ...fanInput(), redirect } });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().details).toEqual([expect.objectContaining({ field: 'redirect' })]);
      }
    } finally {
      await setSetting('requireEmailVerification', false);
    }
  });

  it('resends the verification e-mail on request without telling whether the account exists', async () => {
    const fan = await registerFan(app);
    const before = (await readOutbox(app)).length;
    const known = await app.inject({ method: 'POST', url: '/api/auth/email-verification', payload: { email: fan.email } });
    const unknown = await app.inject({ method: 'POST', url: '/api/auth/email-verification', payload: { email: 'ghost@example.test' } });
    expect(known.json()).toEqual(unknown.json());
    expect((await readOutbox(app)).length).toBe(before + 1);
  });
});

describe('password reset and change', () => {
  it('resets a forgotten password through a link sent by SMTP', async () => {
    const smtp = await startSmtpServer();
    const mailing = await createTestApp({ smtpUrl: smtp.url });
    try {
      const fan = await registerFan(mailing);
      const oldSession = await login(mailing, fan.username);
      const forgot = await mailing.inject({ method: 'POST', url: '/api/auth/users/forgot', payload: { email: fan.email.toUpperCase() } });
      expect(forgot.statusCode).toBe(200);
      await deliverMail(mailing);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toMatchObject({ text: fan.email });
      const token = linkToken(smtp.received[0]!, 'http://localhost:3000/auth/reset-password');

      const reset = await mailing.inject({
        method: 'POST',
        url: '/api/auth/users/reset-password',
        payload: { token, password: 'brand-new-password' },
      });
      expect(reset.statusCode).toBe(200);
      expect(
        (await mailing.inject({ method: 'POST', url: '/api/auth/login', payload: { username: fan.username, password: PASSWORD } }))
          .statusCode,
      ).toBe(401);
      await login(mailing, fan.username, 'brand-new-password');
      expect(
        (await mailing.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${oldSession}` } })).statusCode,
      ).toBe(401);

      const again = await mailing.inject({
        method: 'POST',
        url: '/api/auth/users/reset-password',
        payload: { token, password: 'another-password' },
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('INVALID_TOKEN');

      const unknown = await mailing.inject({ method: 'POST', url: '/api/auth/users/forgot', payload: { email: 'ghost@example.test' } });
      expect(unknown.json()).toEqual(forgot.json());
      await deliverMail(mailing);
      // One reset link; the others are the "password changed" notice and the new-device sign-in (decision 048).
      expect(smtp.received.filter((mail) => mail.subject?.startsWith('Reset'))).toHaveLength(1);
      expect(smtp.received.map((mail) => mail.subject)).toContain('Limelight: Your password was changed');
    } finally {
      await mailing.close();
      await smtp.close();
    }
  });

  it('answers a reset request without waiting on the mail server, which gets the link after the commit', async () => {
    const smtp = await startSmtpServer({ held: true });
    const mailing = await createTestApp({ smtpUrl: smtp.url });
    try {
      const fan = await registerFan(mailing);
      // Were the e-mail sent inside the request, this would wait for the held server until the test times out.
      const forgot = await mailing.inject({ method: 'POST', url: '/api/auth/users/forgot', payload: { email: fan.email } });
      expect(forgot.statusCode).toBe(200);
      expect(smtp.received).toHaveLength(0);
      smtp.release();
      await deliverMail(mailing);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.text).toContain('/auth/reset-password?token=');
    } finally {
      smtp.release();
      await mailing.close();
      await smtp.close();
    }
  });

  it('does the same work for a real and an unknown address, so the answer times cannot tell them apart', async () => {
    // No worker: the queued jobs wait, so what each request did alone can be seen.
    const quiet = await createTestApp({ jobsConcurrency: 0 });
    try {
      await sameWorkEitherWay(quiet);
    } finally {
      await quiet.close();
    }
  });

  async function sameWorkEitherWay(app: TestApp) {
    const fan = await registerFan(app);
    const linksOf = async () => (await app.deps.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, fan._id))).length;
    const workFor = async (email: string, url: string) => {
      const [before, linksBefore] = [await app.deps.db.select().from(jobs), await linksOf()];
      const answer = await app.inject({ method: 'POST', url, payload: { email } });
      const queued = (await app.deps.db.select().from(jobs)).filter((job) => !before.some((old) => old.id === job.id));
      return { answer: answer.json(), queued: queued.map((job) => job.name), newLinks: (await linksOf()) - linksBefore };
    };
    for (const url of ['/api/auth/users/forgot', '/api/auth/email-verification']) {
      const [real, unknown] = [await workFor(fan.email, url), await workFor(`ghost_${fan.email}`, url)];
      // One queued job each, and no link made while the request waits: the job looks the account up later.
      expect(real).toEqual(unknown);
      expect(real).toMatchObject({ queued: [expect.any(String)], newLinks: 0 });
    }
    const linksBeforeJobs = await linksOf();
    await deliverMail(app);
    expect(await linksOf()).toBeGreaterThan(linksBeforeJobs);
  }

  it('changes the password with the current one and ends the other sessions', async () => {
    const fan = await registerFan(app);
    const token = await login(app, fan.username);
    const other = await login(app, fan.username);
    const headers = { authorization: `Bearer ${token}` };
    const url = '/api/auth/users/me/password';

    const wrongCurrent = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { password: 'new-password-1', source: 'user', currentPassword: 'nope' },
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().details[0].field).toBe('currentPassword');

    const wrongSource = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { password: 'new-password-1', source: 'performer', currentPassword: PASSWORD },
    });
    expect(wrongSource.statusCode).toBe(400);
    expect(wrongSource.json().details[0].field).toBe('source');

    const tooShort = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { password: 'short', source: 'user', currentPassword: PASSWORD },
    });
    expect(tooShort.json().details[0].field).toBe('password');

    const changed = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { password: 'new-password-1', source: 'user', currentPassword: PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    await login(app, fan.username, 'new-password-1');
  });

  it('needs a session to change a password', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/auth/users/me/password',
      payload: { password: 'new-password-1', source: 'user', currentPassword: PASSWORD },
    });
    expect(response.statusCode).toBe(401);
  });
});
