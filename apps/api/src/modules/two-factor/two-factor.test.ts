import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { softwareAuthenticator } from '../../../test/authenticator';
import {
  expectSoundLedger,
  fundWallet,
  PASSWORD,
  refusedFields,
  saveBankDetails,
  signedIn,
  verifiedPerformer,
} from '../../../test/factories';
import { deliverMail, startSmtpServer } from '../../../test/mail';
import { auditEvents, sessionStepUps, totpSecrets } from '../../db/schema';

type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp({ smtpUrl: smtp.url, requireAdminSecondFactor: true });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const post = (url: string, payload?: object, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url, payload, headers });
const signIn = (login: string, password = PASSWORD) => post('/api/auth/login', { username: login, password });

/** The app's code for a time `steps` periods from now (a code not used yet, since enrolment used the current one). */
const codeAt = (secret: string, steps = 1) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

async function enrolTotp(account: Account) {
  const setup = await post('/api/auth/2fa/totp/setup', undefined, account.headers);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, qrCode, otpauthUrl } = setup.json();
  expect(qrCode).toMatch(/^data:image\/png;base64,/);
  expect(otpauthUrl).toContain(`secret=${secret}`);
  const confirmed = await post('/api/auth/2fa/totp/confirm', { code: codeAt(secret, 0) }, account.headers);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret: secret as string, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}

async function mailsTo(email: string) {
  await deliverMail(app);
  return smtp.received.filter((mail) => JSON.stringify(mail.to).includes(email));
}
const auditOf = (userId: string, action: string) =>
  app.deps.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetId, userId), eq(auditEvents.action, action)));

describe('authenticator app (TOTP)', () => {
  it('enrols with a QR code and a first code, then signs in with a code, which cannot be used twice', async () => {
    const fan = await signedIn(app, 'user');
    expect((await app.inject({ url: '/api/auth/2fa', headers: fan.headers })).json()).toMatchObject({ totp: false, enabled: false });
    const setup = (await post('/api/auth/2fa/totp/setup', undefined, fan.headers)).json();
    const wrong = await post('/api/auth/2fa/totp/confirm', { code: '000000' }, fan.headers);
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'INVALID_SECOND_FACTOR']);
    const confirmed = await post('/api/auth/2fa/totp/confirm', { code: codeAt(setup.secret, 0) }, fan.headers);
    expect(confirmed.json().recoveryCodes).toHaveLength(10);
    expect((await app.inject({ url: '/api/auth/2fa', headers: fan.headers })).json()).toMatchObject({
      totp: true,
      enabled: true,
      recoveryCodesLeft: 10,
    });
    // Stored encrypted: the seed is not in its row.
    const [row] = await app.deps.db.select().from(totpSecrets).where(eq(totpSecrets.userId, fan.user.id));
    expect(row!.secret).not.toContain(setup.secret);

    const first = await signIn(fan.user.email!);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRequired: true, challenge: expect.any(String), methods: ['totp', 'recovery'] });
    const code = codeAt(setup.secret);
    const done = await post('/api/auth/2fa', { challenge: first.json().challenge, code });
    expect(done.statusCode, done.body).toBe(200);
    const me = await app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${done.json().token}` } });
    expect(me.json()._id).toBe(fan.user.id);
    // The challenge is spent, and the same code is refused with a new one (replay in its window).
    expect((await post('/api/auth/2fa', { challenge: first.json().challenge, code })).json().code).toBe('INVALID_TOKEN');
    const second = await signIn(fan.user.email!);
    const replay = await post('/api/auth/2fa', { challenge: second.json().challenge, code });
    expect([replay.statusCode, replay.json().code]).toEqual([400, 'INVALID_SECOND_FACTOR']);
    // A challenge is not a session.
    expect((await app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${second.json().challenge}` } })).statusCode).toBe(
      401,
    );

    expect((await auditOf(fan.user.id, 'auth.2fa.enable')).length).toBe(1);
    expect((await mailsTo(fan.user.email!)).map((mail) => mail.subject)).toContain(
      'Limelight: Two-factor sign-in with an authenticator app was turned on',
    );
  });

  it('takes each recovery code once, and turns off with the password and a code', async () => {
    const fan = await signedIn(app, 'user');
    const { recoveryCodes } = await enrolTotp(fan);
    const challenge = async () => (await signIn(fan.user.email!)).json().challenge as string;
    const used = await post('/api/auth/2fa', { challenge: await challenge(), recoveryCode: recoveryCodes[0]!.toUpperCase() });
    expect(used.statusCode, used.body).toBe(200);
    const again = await post('/api/auth/2fa', { challenge: await challenge(), recoveryCode: recoveryCodes[0] });
    expect([again.statusCode, refusedFields(again)]).toEqual([400, ['recoveryCode']]);
    expect((await app.inject({ url: '/api/auth/2fa', headers: fan.headers })).json().recoveryCodesLeft).toBe(9);

    const noPassword = await post('/api/auth/2fa/totp/disable', { currentPassword: 'not-it', recoveryCode: recoveryCodes[1] }, fan.headers);
    expect(refusedFields(noPassword)).toEqual(['currentPassword']);
    const both = await post(
      '/api/auth/2fa/totp/disable',
      { currentPassword: PASSWORD, code: '123456', recoveryCode: recoveryCodes[1] },
      fan.headers,
    );
    expect(refusedFields(both)).toEqual(['code']);
    const off = await post('/api/auth/2fa/totp/disable', { currentPassword: PASSWORD, recoveryCode: recoveryCodes[1] }, fan.headers);
    expect(off.statusCode, off.body).toBe(200);
    expect((await signIn(fan.user.email!)).json().token).toEqual(expect.any(String));
    expect((await auditOf(fan.user.id, 'auth.2fa.disable')).length).toBe(1);
    expect((await mailsTo(fan.user.email!)).map((mail) => mail.subject)).toContain(
      'Limelight: Two-factor sign-in with an authenticator app was turned off',
    );
  });

  it('makes wrong codes wait after a few, per account', async () => {
    const fan = await signedIn(app, 'user');
    const { secret } = await enrolTotp(fan);
    const challenge = (await signIn(fan.user.email!)).json().challenge;
    for (let i = 0; i < 6; i++) expect((await post('/api/auth/2fa', { challenge, code: '000000' })).statusCode).toBe(400);
    const waiting = await post('/api/auth/2fa', { challenge, code: codeAt(secret) });
    expect([waiting.statusCode, waiting.json().code]).toEqual([429, 'RATE_LIMITED']);
  });
});

describe('payouts with two-factor on', () => {
  it('refuses payout details and payout requests without a fresh second factor, and takes them with one', async () => {
    const creator = await verifiedPerformer(app);
    await saveBankDetails(app, creator);
    const fan = await signedIn(app, 'user');
    await fundWallet(app, fan.user.id, 200);
    for (let i = 0; i < 2; i++) {
      const tip = await post(`/api/wallet/charges/tip/${creator.user.id}`, { price: 100 }, fan.headers);
      expect(tip.statusCode, tip.body).toBe(200);
    }
    // A new session: the one that enrols counts no step-up.
    const { secret, recoveryCodes } = await enrolTotp(creator);
    const bank = {
      firstName: 'Ava',
      lastName: 'Stone',
      bankName: 'Other Bank',
      bankAccount: '87654321',
      country: 'US',
      currentPassword: PASSWORD,
    };
    const change = (headers: Record<string, string>) =>
      app.inject({ method: 'PUT', url: '/api/performers/banking-settings', headers: { ...creator.headers, ...headers }, payload: bank });
    const refused = await change({});
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'STEP_UP_REQUIRED']);
    expect(refused.json().message).toMatch(/within the last 10 minutes/);
    const payout = () => post('/api/payout-requests', { amount: 100 }, creator.headers);
    expect((await payout()).json().code).toBe('STEP_UP_REQUIRED');
    expect((await change({ 'x-second-factor': '000000' })).json().code).toBe('INVALID_SECOND_FACTOR');

    const changed = await change({ 'x-second-factor': codeAt(secret) });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().banking.bankName).toBe('Other Bank');
    // The first bank details (saved before 2FA) and this change.
    expect((await auditOf(creator.user.id, 'payout.details.change')).length).toBe(2);
    expect((await mailsTo(creator.user.email!)).map((mail) => mail.subject)).toContain('Limelight: Your payout details were changed');

    // The code in the header stepped this session up: the request within 10 minutes needs no other.
    const requested = await payout();
    expect(requested.statusCode, requested.body).toBe(200);

    // Eleven minutes later the step-up has run out; a new one (here with a recovery code) opens changes again.
    await app.deps.db.update(sessionStepUps).set({ verifiedAt: new Date(Date.now() - 11 * 60_000) });
    expect((await change({})).json().code).toBe('STEP_UP_REQUIRED');
    const status = async () => (await app.inject({ url: '/api/auth/2fa', headers: creator.headers })).json().stepUpUntil;
    expect(await status()).toBeNull();
    const stepUp = await post('/api/auth/2fa/step-up', { recoveryCode: recoveryCodes[0] }, creator.headers);
    expect(stepUp.statusCode, stepUp.body).toBe(200);
    // The status tells every page of this session that changes are open, and until when.
    expect(await status()).toBe(stepUp.json().until);
    expect((await change({})).statusCode).toBe(200);
    await expectSoundLedger(app);
  });
});

describe('admins must have a second factor', () => {
  it('lets an admin without one reach only enrolment, with a clear code, until enrolled', async () => {
    const admin = await signedIn(app, 'admin');
    const audit = () => app.inject({ url: '/api/admin/audit', headers: admin.headers });
    const refused = await audit();
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'SECOND_FACTOR_ENROLMENT_REQUIRED']);
    expect((await app.inject({ url: '/api/users/me', headers: admin.headers })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/2fa', headers: admin.headers })).json()).toMatchObject({ required: true, enabled: false });
    // Fans are not held.
    const fan = await signedIn(app, 'user');
    expect((await app.inject({ url: '/api/auth/sessions', headers: fan.headers })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/sessions', headers: admin.headers })).statusCode).toBe(403);
    // What the page's frame reads for any visitor stays open, so the enrolment page loads without refusals.
    for (const url of ['/api/block/countries/check', '/api/countries/list', '/api/posts/search?type=page'])
      expect((await app.inject({ url, headers: admin.headers })).statusCode).toBe(200);

    await enrolTotp(admin);
    expect((await audit()).statusCode).toBe(200);
  });
});

describe('passkeys', () => {
  const origin = 'http://localhost:3000';

  async function registerPasskey(account: Account, name = 'Laptop') {
    const authenticator = softwareAuthenticator(origin);
    const options = (await post('/api/auth/passkeys/registration-options', undefined, account.headers)).json();
    expect(options.options).toMatchObject({
      rp: { id: 'localhost' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const added = await post(
      '/api/auth/passkeys',
      { challengeId: options.challengeId, name, response: authenticator.create(options.options) },
      account.headers,
    );
    expect(added.statusCode, added.body).toBe(201);
    return { authenticator, passkey: added.json() };
  }

  it('registers a passkey, signs in with it without a password, and uses it as the second factor', async () => {
    const fan = await signedIn(app, 'user');
    const { authenticator, passkey } = await registerPasskey(fan);
    expect(passkey).toMatchObject({ name: 'Laptop', lastUsedAt: null });
    expect((await app.inject({ url: '/api/auth/passkeys', headers: fan.headers })).json()).toMatchObject({
      total: 1,
      data: [{ name: 'Laptop' }],
    });

    const options = (await post('/api/auth/passkeys/sign-in/options')).json();
    expect(options.options.allowCredentials).toBeUndefined();
    const assertion = authenticator.get(options.options);
    const signedInWithKey = await post('/api/auth/passkeys/sign-in', { challengeId: options.challengeId, response: assertion });
    expect(signedInWithKey.statusCode, signedInWithKey.body).toBe(200);
    const me = await app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${signedInWithKey.json().token}` } });
    expect(me.json()._id).toBe(fan.user.id);
    // The same signature again: its challenge is spent.
    expect((await post('/api/auth/passkeys/sign-in', { challengeId: options.challengeId, response: assertion })).statusCode).toBe(400);

    // With a passkey the password alone no longer signs in: the passkey is the second factor.
    const first = await signIn(fan.user.email!);
    expect(first.json()).toMatchObject({ twoFactorRequired: true, methods: ['passkey'] });
    const keyOptions = (await post('/api/auth/2fa/passkey-options', { challenge: first.json().challenge })).json();
    expect(keyOptions.options.allowCredentials).toEqual([{ id: authenticator.credentialId, type: 'public-key', transports: ['internal'] }]);
    const done = await post('/api/auth/2fa', {
      challenge: first.json().challenge,
      passkey: authenticator.get(keyOptions.options),
      passkeyChallengeId: keyOptions.challengeId,
    });
    expect(done.statusCode, done.body).toBe(200);

    expect((await auditOf(fan.user.id, 'auth.passkey.add')).length).toBe(1);
    expect((await mailsTo(fan.user.email!)).map((mail) => mail.subject)).toContain('Limelight: A passkey was added');
  });

  it("refuses another account's passkey as a second factor, and removes a passkey only for its owner", async () => {
    const owner = await signedIn(app, 'user');
    const other = await signedIn(app, 'user');
    const { authenticator, passkey } = await registerPasskey(owner);
    await registerPasskey(other, 'Phone');
    const first = await signIn(other.user.email!);
    const keyOptions = (await post('/api/auth/2fa/passkey-options', { challenge: first.json().challenge })).json();
    const stolen = await post('/api/auth/2fa', {
      challenge: first.json().challenge,
      passkey: authenticator.get(keyOptions.options),
      passkeyChallengeId: keyOptions.challengeId,
    });
    expect([stolen.statusCode, stolen.json().code]).toEqual([400, 'INVALID_SECOND_FACTOR']);

    expect((await app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${passkey._id}`, headers: other.headers })).statusCode).toBe(404);
    const removed = await app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${passkey._id}`, headers: owner.headers });
    expect(removed.statusCode).toBe(200);
    expect((await auditOf(owner.user.id, 'auth.passkey.remove')).length).toBe(1);
    expect((await signIn(owner.user.email!)).json().token).toEqual(expect.any(String));
  });
});

describe('new-device e-mail', () => {
  it('tells the owner of a sign-in from a device the account has not used, with the device, the place and a link', async () => {
    const fan = await signedIn(app, 'user');
    const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
    const from = (cookies: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: fan.user.email, password: PASSWORD },
        remoteAddress: '8.8.8.8',
        headers: { 'user-agent': ua },
        cookies,
      });
    const before = (await mailsTo(fan.user.email!)).length;
    const answer = await from();
    const device = answer.cookies.find((cookie) => cookie.name === 'device')!.value;
    const mails = await mailsTo(fan.user.email!);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)!.subject).toBe('New sign-in to your Limelight account');
    expect(mails.at(-1)!.text).toContain('Device: Chrome on Windows');
    expect(mails.at(-1)!.text).toContain('Place: United States (8.8.8.8)');
    expect(mails.at(-1)!.text).toContain('http://localhost:3000/account/security');
    // The same device again: no e-mail.
    expect((await from({ device })).statusCode).toBe(200);
    expect((await mailsTo(fan.user.email!)).length).toBe(before + 1);
  });
});
