import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { login, PASSWORD, registerFan, registerPerformer } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const put = (token: string | undefined, payload: unknown) =>
  app.inject({ method: 'PUT', url: '/api/users', headers: token ? { authorization: `Bearer ${token}` } : {}, payload: payload as object });

describe('PUT /users', () => {
  it('updates the signed-in account and answers the new current user', async () => {
    const fan = await registerFan(app);
    const token = await login(app, fan.username);
    const response = await put(token, { name: 'New Name', username: `${fan.username}_x` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: fan._id, name: 'New Name', username: `${fan.username}_x` });
  });

  it('refuses a username another account has, of either role', async () => {
    const performer = await registerPerformer(app);
    const fan = await registerFan(app);
    const response = await put(await login(app, fan.username), { username: performer.username.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json().details).toEqual([{ field: 'username', message: 'is already taken' }]);
  });

  it('lets an account keep its own username in another case', async () => {
    const fan = await registerFan(app);
    const response = await put(await login(app, fan.username), { username: fan.username.toUpperCase() });
    expect(response.statusCode).toBe(200);
  });

  it('refuses an empty update, a bad e-mail and an anonymous caller', async () => {
    const fan = await registerFan(app);
    const token = await login(app, fan.username);
    expect((await put(token, {})).statusCode).toBe(400);
    const badEmail = await put(token, { email: 'x@' });
    expect(badEmail.json().details[0].field).toBe('email');
    expect((await put(undefined, { name: 'x' })).statusCode).toBe(401);
  });
});

describe('GET /users/me', () => {
  it('needs a valid token', async () => {
    expect((await app.inject('/api/users/me')).statusCode).toBe(401);
    const bogus = await app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: 'Bearer not-a-token' } });
    expect(bogus.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
  });
});

describe('GET /users/search and /users/view/{id}', () => {
  it('finds active accounts by name or username prefix, showing public fields only', async () => {
    const tag = `us${Date.now().toString(36)}`;
    const first = await registerFan(app, { username: `${tag}_anna`, name: 'Anna' });
    await registerFan(app, { username: `${tag}_bob` });
    const searcher = await registerFan(app, { username: `${tag}_me` });
    const token = await login(app, searcher.username);
    const found = await app.inject({ method: 'GET', url: `/api/users/search?q=${tag}`, headers: { authorization: `Bearer ${token}` } });
    expect(found.json().total).toBe(2);
    expect(found.json().data[0]).toEqual({
      _id: first._id,
      name: 'Anna',
      username: `${tag}_anna`,
      avatar: '/no-avatar.png',
      isPerformer: false,
    });
    expect(found.body).not.toContain('@example.test');

    const viewed = await app.inject({ method: 'GET', url: `/api/users/view/${tag}_ANNA`, headers: { authorization: `Bearer ${token}` } });
    expect(viewed.json()).toMatchObject({ _id: first._id, username: `${tag}_anna` });
    expect(
      (await app.inject({ method: 'GET', url: '/api/users/view/nobody_here', headers: { authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(404);
  });

  it('is for signed-in users', async () => {
    expect((await app.inject('/api/users/search?q=a')).statusCode).toBe(401);
    expect((await app.inject('/api/users/view/someone')).statusCode).toBe(401);
  });
});

describe('a new password with a profile update (spec 3: profile updates carry a password)', () => {
  const newPassword = 'a fresh passphrase for spring';
  const signIn = (username: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

  it.each([
    ['a fan', 'PUT', '/api/users', registerFan],
    ['a creator', 'PUT', '/api/performers/me', registerPerformer],
  ] as const)('%s changes it with the current password, and other devices are signed out', async (_who, method, url, register) => {
    const account = await register(app);
    const [here, elsewhere] = [await login(app, account.username), await login(app, account.username)];
    const headers = { authorization: `Bearer ${here}` };

    const unproved = await app.inject({ method, url, headers, payload: { password: newPassword } });
    expect(unproved.statusCode, unproved.body).toBe(400);
    expect(unproved.json().details).toEqual([{ field: 'currentPassword', message: 'is required' }]);
    expect((await signIn(account.username, newPassword)).statusCode).toBe(401);

    const changed = await app.inject({ method, url, headers, payload: { password: newPassword, currentPassword: PASSWORD } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await signIn(account.username, newPassword)).statusCode).toBe(200);
    expect((await signIn(account.username, PASSWORD)).statusCode).toBe(401);
    const me = (token: string) => app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await me(here)).statusCode).toBe(200);
  });
});
