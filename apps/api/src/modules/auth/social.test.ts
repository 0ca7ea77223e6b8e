import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { registerFan, signedIn } from '../../../test/factories';
import { startFakeGoogle } from '../../../test/fakes/google';
import { startFakeTwitter } from '../../../test/fakes/twitter';
import { googleEndpoints } from '../../config';
import { socialIdentities, twitterRequests } from '../../db/schema';

const googleClient = { clientId: 'limelight-test.apps.googleusercontent.com', clientSecret: 'google-secret' };
const twitterConsumer = { key: 'twitter-key', secret: 'twitter-secret' };
const REDIRECT_URI = 'http://localhost:3000/auth/google/callback';

let app: TestApp;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
let twitter: Awaited<ReturnType<typeof startFakeTwitter>>;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  google = await startFakeGoogle(googleClient);
  twitter = await startFakeTwitter(twitterConsumer);
  app = await createTestApp({ google: googleEndpoints(google.url), twitterBaseUrl: twitter.url });
  admin = await signedIn(app, 'admin');
});
afterAll(async () => {
  await app.close();
  await google.close();
  await twitter.close();
});

const setSetting = async (key: string, value: unknown) => {
  const response = await app.inject({ method: 'PUT', url: `/api/admin/settings/${key}`, headers: admin.headers, payload: { value } });
  expect(response.statusCode, response.body).toBe(200);
};
const me = async (token: string) =>
  (await app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } })).json() as Record<string, unknown>;
const googleLogin = (payload: object) => app.inject({ method: 'POST', url: '/api/auth/google/login', payload });

let sequence = 0;
const someone = () => {
  sequence += 1;
  return { sub: `g-${Date.now()}-${sequence}`, email: `g${Date.now()}${sequence}@gmail.test`, name: `Goo Gle ${sequence}` };
};

describe('sign in with Google', () => {
  it('is refused with 503 until the admin switches it on with a client id', async () => {
    const response = await googleLogin({ tokenId: await google.signIdToken(someone()) });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'PROVIDER_NOT_CONFIGURED', message: 'Google sign-in is not set up on this site' });
  });

  describe('when enabled', () => {
    beforeAll(async () => {
      await setSetting('googleLoginEnabled', true);
      await setSetting('googleClientId', googleClient.clientId);
      await setSetting('googleClientSecret', googleClient.clientSecret);
    });

    it('creates a fan from a genuine ID token, without username so the account page asks for one', async () => {
      const person = someone();
      const response = await googleLogin({ tokenId: await google.signIdToken(person) });
      expect(response.statusCode, response.body).toBe(200);
      const { token } = response.json();
      expect(await me(token)).toMatchObject({ role: 'user', name: person.name, email: person.email, username: null, verifiedEmail: true });
      const again = await googleLogin({ tokenId: await google.signIdToken(person) });
      expect((await me(again.json().token))._id).toBe((await me(token))._id);
    });

    it('creates a creator when the role asks for one, unlisted until verified', async () => {
      const person = someone();
      const response = await googleLogin({ tokenId: await google.signIdToken(person), role: 'performer' });
      const account = await me(response.json().token);
      expect(account).toMatchObject({ role: 'performer', isPerformer: true, verifiedDocument: false });
      const profile = await app.inject({ url: '/api/performers/me', headers: { authorization: `Bearer ${response.json().token}` } });
      expect(profile.statusCode, profile.body).toBe(200);
    });

    it('links to the existing account with the same verified address, keeping its role', async () => {
      const fan = await registerFan(app);
      const response = await googleLogin({ tokenId: await google.signIdToken({ ...someone(), email: fan.email }), role: 'performer' });
      expect(await me(response.json().token)).toMatchObject({ _id: fan._id, role: 'user', username: fan.username });
    });

    it('never links on an address Google has not verified', async () => {
      const fan = await registerFan(app);
      const response = await googleLogin({ tokenId: await google.signIdToken({ ...someone(), email: fan.email, emailVerified: false }) });
      const account = await me(response.json().token);
      expect(account._id).not.toBe(fan._id);
      expect(account.email).toBeNull();
    });

    it.each([
      ['signed by another key', () => google.forgedIdToken(someone())],
      ['for another client', () => google.signIdToken({ ...someone(), audience: 'someone-else.apps.googleusercontent.com' })],
      ['from another issuer', () => google.signIdToken({ ...someone(), issuer: 'https://evil.example' })],
      ['expired', () => google.signIdToken({ ...someone(), expiresInSeconds: -60 })],
      ['not a JWT at all', async () => 'not-a-token'],
    ])('refuses a token %s with 401', async (_case, token) => {
      const response = await googleLogin({ tokenId: await token() });
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json()).toMatchObject({ code: 'INVALID_TOKEN' });
      expect(response.json().message).toMatch(/^Google sign-in failed/);
    });

    it('signs in with an authorization code from the consent screen (POST /auth/google/token)', async () => {
      const person = someone();
      const code = google.issueCode(person, REDIRECT_URI);
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/google/token',
        payload: { code, redirectUri: REDIRECT_URI, role: 'user' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await me(response.json().token)).toMatchObject({ email: person.email });
      const replay = await app.inject({ method: 'POST', url: '/api/auth/google/token', payload: { code, redirectUri: REDIRECT_URI } });
      expect(replay.statusCode).toBe(401);
    });

    it('refuses a code issued for another redirect URI', async () => {
      const code = google.issueCode(someone(), 'https://elsewhere.example/callback');
      const response = await app.inject({ method: 'POST', url: '/api/auth/google/token', payload: { code, redirectUri: REDIRECT_URI } });
      expect(response.statusCode).toBe(401);
    });

    it('refuses a deactivated account', async () => {
      const person = someone();
      const first = await googleLogin({ tokenId: await google.signIdToken(person) });
      const { _id } = await me(first.json().token);
      await app.inject({
        method: 'PUT',
        url: `/api/admin/accounts/${_id}/status`,
        headers: admin.headers,
        payload: { status: 'inactive' },
      });
      const response = await googleLogin({ tokenId: await google.signIdToken(person) });
      expect(response.statusCode).toBe(403);
    });

    it('sends a password-less account to the reset link to choose its first password', async () => {
      const response = await googleLogin({ tokenId: await google.signIdToken(someone()) });
      const headers = { authorization: `Bearer ${response.json().token}` };
      const me = (await app.inject({ method: 'GET', url: '/api/users/me', headers })).json();
      expect(me.hasPassword).toBe(false);
      // A stolen social session alone must not be able to set a password, then change the e-mail with it.
      const change = await app.inject({
        method: 'PUT',
        url: '/api/auth/users/me/password',
        headers,
        payload: { password: 'brand-new-pass-1', currentPassword: 'anything' },
      });
      expect(change.statusCode).toBe(400);
      expect(change.json().message).toContain('Forgot password');
    });
  });
});

describe('sign in with Twitter', () => {
  const startLogin = (role?: string) => app.inject({ method: 'POST', url: '/api/auth/twitter/login', payload: role ? { role } : {} });
  const callback = (payload: object) => app.inject({ method: 'POST', url: '/api/auth/twitter/callback', payload });

  it('is refused with 503 until the admin switches it on with API keys', async () => {
    expect((await startLogin()).statusCode).toBe(503);
  });

  describe('when enabled', () => {
    beforeAll(async () => {
      await setSetting('twitterLoginEnabled', true);
      await setSetting('twitterConsumerKey', twitterConsumer.key);
      await setSetting('twitterConsumerSecret', twitterConsumer.secret);
    });

    it('step 1 keeps the request token, its secret and the role for a day; step 2 signs in and clears them', async () => {
      const first = await startLogin('performer');
      expect(first.statusCode, first.body).toBe(200);
      const { oauthToken, oauthTokenSecret, role, url } = first.json();
      expect(role).toBe('performer');
      expect(url).toBe(`${twitter.url}/oauth/authenticate?oauth_token=${oauthToken}`);
      const [stored] = await app.deps.db.select().from(twitterRequests).where(eq(twitterRequests.oauthToken, oauthToken));
      expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600 * 1000);

      const handle = `tw_${Date.now()}`;
      const oauthVerifier = twitter.approve(oauthToken, {
        id: `id-${handle}`,
        screenName: handle,
        name: 'Tweety Bird',
        email: `${handle}@x.test`,
      });
      const second = await callback({ oauthToken, oauthTokenSecret, oauthVerifier });
      expect(second.statusCode, second.body).toBe(200);
      expect(await me(second.json().token)).toMatchObject({
        role: 'performer',
        username: handle,
        name: 'Tweety Bird',
        email: `${handle}@x.test`,
      });
      expect(await app.deps.db.select().from(twitterRequests).where(eq(twitterRequests.oauthToken, oauthToken))).toEqual([]);
      const linked = await app.deps.db
        .select()
        .from(socialIdentities)
        .where(eq(socialIdentities.providerUserId, `id-${handle}`));
      expect(linked).toHaveLength(1);

      const replay = await callback({ oauthToken, oauthTokenSecret, oauthVerifier });
      expect(replay.statusCode).toBe(400);
      expect(replay.json().message).toBe('This Twitter sign-in has expired, please start again');
    });

    it('takes no username that is taken and no e-mail when Twitter has none', async () => {
      const fan = await registerFan(app);
      const { oauthToken } = (await startLogin()).json();
      const oauthVerifier = twitter.approve(oauthToken, { id: `id-${fan.username}`, screenName: fan.username, name: 'Copy Cat' });
      const response = await callback({ oauthToken, oauthVerifier });
      expect(await me(response.json().token)).toMatchObject({ role: 'user', username: null, email: null });
    });

    it('refuses a verifier the user never approved, a wrong secret, and an expired request', async () => {
      const { oauthToken } = (await startLogin()).json();
      expect((await callback({ oauthToken, oauthTokenSecret: 'guessed', oauthVerifier: 'x' })).statusCode).toBe(400);
      expect(await app.deps.db.select().from(twitterRequests).where(eq(twitterRequests.oauthToken, oauthToken))).toHaveLength(1);

      const next = (await startLogin()).json();
      expect((await callback({ oauthToken: next.oauthToken, oauthVerifier: 'made-up' })).statusCode).toBe(401);

      const late = (await startLogin()).json();
      await app.deps.db
        .update(twitterRequests)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(twitterRequests.oauthToken, late.oauthToken));
      const verifier = twitter.approve(late.oauthToken, { id: 'late', screenName: 'late_one', name: 'Late' });
      expect((await callback({ oauthToken: late.oauthToken, oauthVerifier: verifier })).statusCode).toBe(400);
    });

    it('fails cleanly when the site’s API secret is wrong (the fake checks every signature)', async () => {
      await setSetting('twitterConsumerSecret', 'not-the-secret');
      const response = await startLogin();
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Twitter sign-in failed: Twitter refused the site’s API key');
      await setSetting('twitterConsumerSecret', twitterConsumer.secret);
    });
  });
});
