import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { freshIp, PASSWORD, refusedFields, registerFan, signedIn } from '../../../test/factories';
import { linkToken, readOutbox } from '../../../test/mail';
import { signInThrottles } from '../../db/schema';
import { accountRule, addressRule } from '../../platform/sign-in-throttle';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const attempt = (login: string, password: string, ip = freshIp()) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: login, password }, remoteAddress: ip });

/** Lets every wait written so far run out, as if the attacker had waited. */
const waitOut = () => app.deps.db.update(signInThrottles).set({ lockedUntil: new Date(Date.now() - 1000) });

describe('password guessing', () => {
  it('lets an account fail a few times, then makes each further try wait longer, even with the right password', async () => {
    const fan = await registerFan(app);
    for (let i = 0; i < accountRule.freeFailures; i++) expect((await attempt(fan.username, `wrong-${i}`)).statusCode).toBe(401);
    // The first try past the free ones is still checked (and fails), and starts a wait.
    expect((await attempt(fan.username, 'wrong-again')).statusCode).toBe(401);
    const refused = await attempt(fan.username, PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.json().message).toMatch(/Try again in (2\d|30) seconds, or reset your password/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(20);

    await waitOut();
    expect((await attempt(fan.username, 'wrong-later')).statusCode).toBe(401);
    const longer = await attempt(fan.username, PASSWORD);
    expect(longer.json().message).toMatch(/Try again in 1 minute/);

    await waitOut();
    expect((await attempt(fan.username, PASSWORD)).statusCode).toBe(200);
    // A success starts the count afresh.
    expect(
      await app.deps.db
        .select()
        .from(signInThrottles)
        .where(eq(signInThrottles.key, `account:${fan._id}`)),
    ).toEqual([]);
  });

  it('stops a burst of parallel guesses from many addresses after the free ones', async () => {
    const fan = await registerFan(app);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(fan.email, `guess-${i}`)));
    const checked = answers.filter((answer) => answer.statusCode === 401).length;
    expect(checked).toBe(accountRule.freeFailures + 1);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(40 - checked);
    expect((await attempt(fan.email, PASSWORD)).statusCode).toBe(429);
  });

  it('treats a login no account has the same way, so the answers do not tell accounts apart', async () => {
    const ghost = `ghost_${Date.now()}@example.test`;
    for (let i = 0; i <= accountRule.freeFailures; i++) expect((await attempt(ghost, `wrong-${i}`)).statusCode).toBe(401);
    expect((await attempt(ghost, PASSWORD)).statusCode).toBe(429);
  });

  it('makes an address that fails against many accounts wait, while other addresses still sign in', async () => {
    const ip = freshIp();
    for (let i = 0; i < addressRule.freeFailures + 1; i++) {
      expect((await attempt(`nobody_${i}_${Date.now()}`, 'wrong', ip)).statusCode).toBe(401);
    }
    const fan = await registerFan(app);
    expect((await attempt(fan.username, PASSWORD, ip)).statusCode).toBe(429);
    expect((await attempt(fan.username, PASSWORD)).statusCode).toBe(200);
  });

  it('lets the owner back in at once through a password reset', async () => {
    const fan = await registerFan(app);
    for (let i = 0; i <= accountRule.freeFailures; i++) await attempt(fan.username, `wrong-${i}`);
    expect((await attempt(fan.username, PASSWORD)).statusCode).toBe(429);
    await app.inject({ method: 'POST', url: '/api/auth/users/forgot', payload: { email: fan.email } });
    const mail = (await readOutbox(app)).find(
      (message) => JSON.stringify(message.to).includes(fan.email) && message.text?.includes('reset'),
    );
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/users/reset-password',
      payload: { token: linkToken(mail!, '/auth/reset-password'), password: 'a-fresh-passphrase-7' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await attempt(fan.username, 'a-fresh-passphrase-7')).statusCode).toBe(200);
  });

  it('counts wrong current passwords on sensitive changes like failed sign-ins', async () => {
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
