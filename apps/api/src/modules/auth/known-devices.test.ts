import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { freshIp, PASSWORD, registerFan, signedIn } from '../../../test/factories';
import { readOutbox } from '../../../test/mail';
import { accountRule } from '../../platform/sign-in-throttle';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const signIn = (login: string, password: string, options: { device?: string; ip?: string; ua?: string } = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: login, password },
    remoteAddress: options.ip ?? freshIp(),
    headers: { 'user-agent': options.ua ?? CHROME },
    cookies: options.device ? { device: options.device } : {},
  });
const deviceOf = (answer: Awaited<ReturnType<typeof signIn>>) => answer.cookies.find((cookie) => cookie.name === 'device')!.value;
const newSignInMails = async (email: string) =>
  (await readOutbox(app)).filter(
    (mail) => JSON.stringify(mail.to).includes(email) && mail.subject === 'New sign-in to your Limelight account',
  ).length;

describe('known devices on the security page', () => {
  it('lists the devices with their place and times, and forgets one so that its next sign-in is new again', async () => {
    const fan = await registerFan(app);
    const home = await signIn(fan.username, PASSWORD, { ip: '8.8.8.8' });
    expect(home.statusCode, home.body).toBe(200);
    const phone = await signIn(fan.username, PASSWORD, { ua: IPHONE });
    const headers = { authorization: `Bearer ${phone.json().token}` };
    const [homeDevice, phoneDevice] = [deviceOf(home), deviceOf(phone)];

    const listed = await app.inject({ url: '/api/auth/devices', headers });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().total).toBe(2);
    const homeRow = listed.json().data.find((device: { country: string | null }) => device.country === 'US');
    expect(homeRow).toMatchObject({ userAgent: CHROME, firstSeenAt: expect.any(String), lastSeenAt: expect.any(String) });

    // Another account cannot see or forget them.
    const other = await signedIn(app, 'user');
    expect((await app.inject({ url: '/api/auth/devices', headers: other.headers })).json().total).toBeLessThanOrEqual(1);
    expect((await app.inject({ method: 'DELETE', url: `/api/auth/devices/${homeRow._id}`, headers: other.headers })).statusCode).toBe(404);

    // Forgotten, the home device's next sign-in is e-mailed as new...
    const forgotten = await app.inject({ method: 'DELETE', url: `/api/auth/devices/${homeRow._id}`, headers });
    expect(forgotten.statusCode, forgotten.body).toBe(200);
    expect((await app.inject({ url: '/api/auth/devices', headers })).json().total).toBe(1);
    const before = await newSignInMails(fan.email);
    expect((await signIn(fan.username, PASSWORD, { device: homeDevice })).statusCode).toBe(200);
    expect(await newSignInMails(fan.email)).toBe(before + 1);

    // ...and, while the account is under guessing, a forgotten device is challenged like any unknown one.
    const devices = (await app.inject({ url: '/api/auth/devices', headers })).json().data as Array<{ _id: string; userAgent: string }>;
    const phoneId = devices.find((device) => device.userAgent === IPHONE)!._id;
    for (let i = 0; i < accountRule.freeFailures; i++) await signIn(fan.username, `wrong-${i}`);
    expect((await signIn(fan.username, PASSWORD, { device: phoneDevice, ua: IPHONE })).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: `/api/auth/devices/${phoneId}`, headers })).statusCode).toBe(200);
    expect((await signIn(fan.username, PASSWORD, { device: phoneDevice, ua: IPHONE })).json().code).toBe('SIGN_IN_CHALLENGE');
  });
});
