import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { fanInput, freshIp, performerForm, signedIn } from '../../../test/factories';
import { startFakeRecaptcha } from '../../../test/fakes/recaptcha';
import { deliverMail, startSmtpServer } from '../../../test/mail';

const RECAPTCHA_SECRET = 'recaptcha-secret';
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let recaptcha: Awaited<ReturnType<typeof startFakeRecaptcha>>;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  recaptcha = await startFakeRecaptcha(RECAPTCHA_SECRET);
  app = await createTestApp({ smtpUrl: smtp.url, recaptchaVerifyUrl: `${recaptcha.url}/recaptcha/api/siteverify` });
  admin = await signedIn(app, 'admin');
});
afterAll(async () => {
  await app.close();
  await smtp.close();
  await recaptcha.close();
});

const setSetting = async (key: string, value: unknown) => {
  const response = await app.inject({ method: 'PUT', url: `/api/admin/settings/${key}`, headers: admin.headers, payload: { value } });
  expect(response.statusCode, response.body).toBe(200);
};
const message = {
  name: 'Curious Visitor',
  email: 'visitor@example.test',
  subject: 'Partnership',
  message: 'Hello, I would like to talk about a partnership.',
};
const contact = (payload: object, ip = freshIp()) => app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: ip });

describe('contact form', () => {
  it('mails the first admin, replying to the visitor, when no admin address is set', async () => {
    const response = await contact(message);
    expect(response.statusCode, response.body).toBe(200);
    await deliverMail(app);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toMatchObject({ text: admin.user.email });
    expect(mail.replyTo?.value[0]).toMatchObject({ name: 'Curious Visitor', address: 'visitor@example.test' });
    expect(mail.subject).toBe('[Limelight contact] Partnership');
    expect(mail.text).toContain('Hello, I would like to talk about a partnership.');
  });

  it('mails the configured admin address', async () => {
    await setSetting('adminEmail', 'support@limelight.test');
    await contact(message, freshIp());
    await deliverMail(app);
    expect(smtp.received.at(-1)!.to).toMatchObject({ text: 'support@limelight.test' });
  });

  it('allows five messages an hour from one address, then answers 429', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await contact(message, ip)).statusCode).toBe(200);
    const refused = await contact(message, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
  });
});

describe('reCAPTCHA', () => {
  it('POST /re-captcha/verify answers 503 while no secret key is set', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/re-captcha/verify', payload: { token: 'x' } });
    expect(response.statusCode).toBe(503);
  });

  describe('when switched on', () => {
    beforeAll(async () => {
      await setSetting('googleReCaptchaSecretKey', RECAPTCHA_SECRET);
      await setSetting('enableGoogleReCaptcha', true);
    });
    afterAll(() => setSetting('enableGoogleReCaptcha', false));

    it('verifies a solved token once, with the secret and the visitor address', async () => {
      const token = recaptcha.solve();
      const ip = freshIp();
      const verify = (payload: object) => app.inject({ method: 'POST', url: '/api/re-captcha/verify', payload, remoteAddress: ip });
      const response = await verify({ token });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ success: true });
      expect(recaptcha.checks.at(-1)).toEqual({ secret: RECAPTCHA_SECRET, response: token, remoteip: ip });
      const replay = await verify({ token });
      expect(replay.statusCode).toBe(400);
      expect(replay.json().message).toBe('reCAPTCHA verification failed, please try again');
      expect((await verify({})).json().details).toEqual([{ field: 'token', message: 'is required' }]);
    });

    it('guards the contact form', async () => {
      const refused = await contact(message, freshIp());
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details).toEqual([{ field: 'recaptchaToken', message: 'is required' }]);
      expect((await contact({ ...message, recaptchaToken: recaptcha.solve() }, freshIp())).statusCode).toBe(200);
    });

    it('guards fan and creator registration', async () => {
      const fan = fanInput();
      const register = (payload: object) => app.inject({ method: 'POST', url: '/api/auth/users/register', payload });
      expect((await register(fan)).statusCode).toBe(400);
      expect((await register({ ...fan, recaptchaToken: 'forged' })).statusCode).toBe(400);
      expect((await register({ ...fan, recaptchaToken: recaptcha.solve() })).statusCode).toBe(201);

      const withoutToken = performerForm();
      const creator = await app.inject({ method: 'POST', url: '/api/auth/performers/register', payload: withoutToken.form });
      expect(creator.statusCode).toBe(400);
      const solved = performerForm({ recaptchaToken: recaptcha.solve() });
      const accepted = await app.inject({ method: 'POST', url: '/api/auth/performers/register', payload: solved.form });
      expect(accepted.statusCode, accepted.body).toBe(201);
    });

    it('answers 503, letting nobody through, when Google cannot be reached', async () => {
      const offline = await createTestApp(
        { recaptchaVerifyUrl: 'http://127.0.0.1:9/recaptcha/api/siteverify' },
        { database: app.database },
      );
      try {
        const response = await offline.inject({ method: 'POST', url: '/api/re-captcha/verify', payload: { token: 'anything' } });
        expect(response.statusCode).toBe(503);
        expect(response.json().code).toBe('PROVIDER_UNAVAILABLE');
      } finally {
        await offline.close();
      }
    });
  });
});
