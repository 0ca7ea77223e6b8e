import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { freshIp, PASSWORD, refusedFields, registerFan, setSetting, signedIn } from '../../../test/factories';
import { linkToken, readOutbox } from '../../../test/mail';
import { signInThrottles } from '../../db/schema';
import { accountRule, addressRule } from '../../platform/sign-in-throttle';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const attempt = (login: string, password: string, ip = freshIp(), device?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: login, password },
    remoteAddress: ip,
    cookies: device ? { device } : {},
  });

/** Signs in once from a browser, which keeps its device cookie: that device is known to the account from now on. */
async function knownDevice(login: string) {
  const first = await attempt(login, PASSWORD);
  expect(first.statusCode, first.body).toBe(200);
  const cookie = first.cookies.find((c) => c.name === 'device');
  expect(cookie).toMatchObject({ httpOnly: true, path: '/api/auth', sameSite: 'Lax' });
  return cookie!.value;
}

const mailsTo = async (email: string) => (await readOutbox(app)).filter((mail) => JSON.stringify(mail.to).includes(email));

describe('password guessing', () => {
  it('never locks the owner out: after 20 wrong passwords from elsewhere, their known device signs in at once', async () => {
    const fan = await registerFan(app);
    const device = await knownDevice(fan.username);
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await attempt(fan.username, `wrong-${i}`));
    expect(answers.every((answer) => answer.statusCode === 401)).toBe(true);
    const codes = answers.map((answer) => answer.json().code);
    expect(codes.slice(0, accountRule.freeFailures - 1)).toEqual(Array(accountRule.freeFailures - 1).fill('INVALID_CREDENTIALS'));
    expect(codes.slice(accountRule.freeFailures)).toEqual(Array(20 - accountRule.freeFailures).fill('SIGN_IN_CHALLENGE'));

    const owner = await attempt(fan.username, PASSWORD, freshIp(), device);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().token).toEqual(expect.any(String));
    // A known device's success does not end the run: an unknown one is still asked for a proof.
    expect((await attempt(fan.username, PASSWORD)).json().code).toBe('SIGN_IN_CHALLENGE');
  });

  it('answers a right and a wrong password from an unknown device alike, and e-mails the owner a sign-in link only for the right one', async () => {
    const fan = await registerFan(app);
    await knownDevice(fan.username);
    for (let i = 0; i < accountRule.freeFailures; i++) await attempt(fan.username, `wrong-${i}`);
    const before = (await mailsTo(fan.email)).length;
    const wrong = await attempt(fan.username, 'still-wrong');
    expect((await mailsTo(fan.email)).length).toBe(before);
    const right = await attempt(fan.username, PASSWORD);
    expect([right.statusCode, right.json().code, right.json().message]).toEqual([
      wrong.statusCode,
      wrong.json().code,
      wrong.json().message,
    ]);

    const mails = await mailsTo(fan.email);
    expect(mails.length).toBe(before + 1);
    const link = mails.at(-1)!;
    expect(link.subject).toMatch(/sign-in link/);
    const opened = await app.inject({
      method: 'POST',
      url: '/api/auth/token-login',
      payload: { token: linkToken(link, '/auth/token-login') },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().token).toEqual(expect.any(String));
  });

  it('lets a burst of parallel guesses from many addresses check only the free ones', async () => {
    const fan = await registerFan(app);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(fan.email, `guess-${i}`)));
    expect(answers.filter((answer) => answer.json().code === 'INVALID_CREDENTIALS')).toHaveLength(accountRule.freeFailures);
    expect(answers.filter((answer) => answer.json().code === 'SIGN_IN_CHALLENGE')).toHaveLength(40 - accountRule.freeFailures);
  });

  it('treats a login no account has the same way, so the answers do not tell accounts apart', async () => {
    const ghost = `ghost_${Date.now()}@example.test`;
    for (let i = 0; i < accountRule.freeFailures; i++) expect((await attempt(ghost, `wrong-${i}`)).json().code).toBe('INVALID_CREDENTIALS');
    expect((await attempt(ghost, PASSWORD)).json().code).toBe('SIGN_IN_CHALLENGE');
  });

  it('asks an unknown device for the reCAPTCHA instead when the site uses it', async () => {
    const fan = await registerFan(app);
    for (let i = 0; i < accountRule.freeFailures; i++) await attempt(fan.username, `wrong-${i}`);
    await setSetting(app, 'enableGoogleReCaptcha', true);
    try {
      const refused = await attempt(fan.username, PASSWORD);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('SIGN_IN_CHALLENGE');
      expect(refusedFields(refused)).toEqual(['recaptchaToken']);
    } finally {
      await setSetting(app, 'enableGoogleReCaptcha', false);
    }
  });

  it('makes an address that fails against many accounts wait, while other addresses still sign in', async () => {
    const ip = freshIp();
    for (let i = 0; i < addressRule.freeFailures + 1; i++) {
      expect((await attempt(`nobody_${i}_${Date.now()}`, 'wrong', ip)).statusCode).toBe(401);
    }
    const fan = await registerFan(app);
    const refused = await attempt(fan.username, PASSWORD, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Try again in (2\d|30) seconds/);
    expect((await attempt(fan.username, PASSWORD)).statusCode).toBe(200);
  });

  it('starts the count afresh after a password reset', async () => {
    const fan = await registerFan(app);
    for (let i = 0; i <= accountRule.freeFailures; i++) await attempt(fan.username, `wrong-${i}`);
    expect((await attempt(fan.username, PASSWORD)).json().code).toBe('SIGN_IN_CHALLENGE');
    await app.inject({ method: 'POST', url: '/api/auth/users/forgot', payload: { email: fan.email } });
    const mail = (await mailsTo(fan.email)).find((message) => message.text?.includes('reset-password'));
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/users/reset-password',
      payload: { token: linkToken(mail!, '/auth/reset-password'), password: 'a-fresh-passphrase-7' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await attempt(fan.username, 'a-fresh-passphrase-7')).statusCode).toBe(200);
    expect(
      await app.deps.db
        .select()
        .from(signInThrottles)
        .where(eq(signInThrottles.key, `account:${fan._id}`)),
    ).toEqual([]);
  });

  it('makes wrong current passwords on sensitive changes wait, without touching sign-in', async () => {
    const fan = await signedIn(app, 'user');
    const change = (currentPassword: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/auth/users/me/password',
        headers: fan.headers,
        payload: { password: 'another-long-passphrase', currentPassword },
      });
    for (let i = 0; i <= accountRule.freeFailures; i++) expect((await change(`wrong-${i}`)).statusCode).toBe(400);
    expect((await change(PASSWORD)).statusCode).toBe(429);
    expect((await attempt(fan.user.email!, PASSWORD)).statusCode).toBe(200);
  });
});

describe('password choice', () => {
  const register = (password: string, overrides: object = {}) => {
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    return app.inject({
      method: 'POST',
      url: '/api/auth/users/register',
      payload: {
        name: 'Pat Smith',
        username: `pat_${id}`,
        email: `pat_${id}@example.test`,
        password,
        ageConfirmed: true,
        termsAccepted: true,
        ...overrides,
      },
    });
  };

  it('refuses the most common passwords and ones built from the site or the person, naming the field', async () => {
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const own = { username: `pat_${id}`, email: `pat_${id}@example.test` };
    for (const [password, overrides] of [
      ['password123', {}],
      ['iloveyou1', {}],
      ['qwertyuiop', {}],
      ['Limelight2026', {}],
      [`pat_${id}@example.test`, own],
    ] as const) {
      const response = await register(password, overrides);
      expect(response.statusCode, password).toBe(400);
      expect(refusedFields(response)).toEqual(['password']);
      expect(response.json().message).toContain('too easy to guess');
    }
    expect((await register('violet-tractor-harbour')).statusCode).toBe(201);
  });

  it('applies to a new password and a reset too', async () => {
    const fan = await signedIn(app, 'user');
    const change = await app.inject({
      method: 'PUT',
      url: '/api/auth/users/me/password',
      headers: fan.headers,
      payload: { password: 'password1234', currentPassword: PASSWORD },
    });
    expect(change.statusCode).toBe(400);
    expect(refusedFields(change)).toEqual(['password']);
  });
});
