import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { login, PASSWORD, refusedFields, registerFan, signedIn, verifiedPerformer } from '../../../test/factories';
import { linkToken, readOutbox } from '../../../test/mail';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (token: string) => app.inject({ method: 'GET', url: '/api/users/me', headers: auth(token) });
const put = (token: string, payload: object) => app.inject({ method: 'PUT', url: '/api/users', headers: auth(token), payload });
const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });
const mailTo = async (address: string) => (await readOutbox(app)).filter((mail) => JSON.stringify(mail.to).includes(address));

describe('changing the sign-in e-mail', () => {
  it('refuses a stolen token alone: the change needs the current password', async () => {
    const fan = await registerFan(app);
    const token = await login(app, fan.username);
    const email = `thief_${fan.email}`;
    const missing = await put(token, { email });
    expect(missing.statusCode).toBe(400);
    expect(refusedFields(missing)).toEqual(['currentPassword']);
    const wrong = await put(token, { email, currentPassword: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Your current password is incorrect');
    expect((await me(token)).json()).toMatchObject({ email: fan.email, pendingEmail: null });
    expect(await mailTo(email)).toEqual([]);
  });

  it('takes effect only from the link sent to the new address, then signs out every other session and tells the old address', async () => {
    const fan = await registerFan(app);
    const [token, elsewhere] = [await login(app, fan.username), await login(app, fan.username)];
    const email = `new_${fan.email}`;
    const asked = await put(token, { email, currentPassword: PASSWORD });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ email: fan.email, pendingEmail: email });

    const [confirmation] = await mailTo(email);
    const confirmed = await post('/api/auth/email-change/confirm', { token: linkToken(confirmation!, '/auth/confirm-email-change') });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().email).toBe(email);
    expect((await me(token)).json()).toMatchObject({ email, verifiedEmail: true, pendingEmail: null });
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await mailTo(fan.email)).some((mail) => mail.text?.includes('/auth/undo-email-change?token='))).toBe(true);
    await login(app, email);
  });

  it('lets the old address undo it: the address comes back, every session ends and a reset link goes there', async () => {
    const fan = await registerFan(app);
    const stolen = await login(app, fan.username);
    const email = `taken_over_${fan.email}`;
    await put(stolen, { email, currentPassword: PASSWORD });
    const [confirmation] = await mailTo(email);
    await post('/api/auth/email-change/confirm', { token: linkToken(confirmation!, '/auth/confirm-email-change') });

    const notice = (await mailTo(fan.email)).find((mail) => mail.text?.includes('/auth/undo-email-change'));
    const undone = await post('/api/auth/email-change/undo', { token: linkToken(notice!, '/auth/undo-email-change') });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().email).toBe(fan.email);
    expect((await me(stolen)).statusCode).toBe(401);
    expect((await mailTo(fan.email)).some((mail) => mail.text?.includes('/auth/reset-password?token='))).toBe(true);
    const again = await post('/api/auth/email-change/undo', { token: linkToken(notice!, '/auth/undo-email-change') });
    expect(again.json()).toMatchObject({ statusCode: 400, code: 'INVALID_TOKEN' });
    await login(app, fan.email);
  });

  it('keeps one pending change at a time, which its owner may cancel', async () => {
    const fan = await registerFan(app);
    const token = await login(app, fan.username);
    await put(token, { email: `first_${fan.email}`, currentPassword: PASSWORD });
    await put(token, { email: `second_${fan.email}`, currentPassword: PASSWORD });
    expect((await me(token)).json().pendingEmail).toBe(`second_${fan.email}`);
    const [replaced] = await mailTo(`first_${fan.email}`);
    const stale = await post('/api/auth/email-change/confirm', { token: linkToken(replaced!, '/auth/confirm-email-change') });
    expect(stale.statusCode).toBe(400);

    const cancelled = await app.inject({ method: 'DELETE', url: '/api/users/me/email-change', headers: auth(token) });
    expect(cancelled.json()).toMatchObject({ email: fan.email, pendingEmail: null });
    const [withdrawn] = await mailTo(`second_${fan.email}`);
    expect((await post('/api/auth/email-change/confirm', { token: linkToken(withdrawn!, '/auth/confirm-email-change') })).statusCode).toBe(
      400,
    );
  });

  it('refuses an address another account signs in with, before any link goes out', async () => {
    const [fan, other] = [await registerFan(app), await registerFan(app)];
    const response = await put(await login(app, fan.username), { email: other.email.toUpperCase(), currentPassword: PASSWORD });
    expect(response.statusCode).toBe(409);
    expect(refusedFields(response)).toEqual(['email']);
  });

  it('applies to creators updating their profile too', async () => {
    const creator = await verifiedPerformer(app);
    const email = `moved_${creator.user.email}`;
    const refused = await app.inject({ method: 'PUT', url: '/api/performers/me', headers: creator.headers, payload: { email, bio: 'Hi' } });
    expect(refusedFields(refused)).toEqual(['currentPassword']);
    const asked = await app.inject({
      method: 'PUT',
      url: '/api/performers/me',
      headers: creator.headers,
      payload: { email, currentPassword: PASSWORD, bio: 'Hi' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ email: creator.user.email, bio: 'Hi' });
    expect((await me(creator.token)).json().pendingEmail).toBe(email);
  });

  it('leaves another account alone: a second account cannot cancel or see the change', async () => {
    const fan = await registerFan(app);
    const token = await login(app, fan.username);
    await put(token, { email: `mine_${fan.email}`, currentPassword: PASSWORD });
    const other = await signedIn(app, 'user');
    await app.inject({ method: 'DELETE', url: '/api/users/me/email-change', headers: other.headers });
    expect((await me(token)).json().pendingEmail).toBe(`mine_${fan.email}`);
    expect((await me(other.token)).json().pendingEmail).toBeNull();
  });
});
