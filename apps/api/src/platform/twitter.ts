import { createHmac } from 'node:crypto';
import { ErrorCode } from '@limelight/contracts';
import OAuth from 'oauth-1.0a';
import { z } from 'zod';
import { AppError } from './errors';

type Credentials = { key: string; secret: string };
export type TwitterIdentity = { userId: string; screenName: string; name: string; email?: string };

/** Twitter's three-legged OAuth 1.0a sign-in, against `baseUrl` (api.twitter.com or a fake). */
export interface TwitterSignIn {
  /** Step 1: a temporary request token for the consent screen at `authenticateUrl`. */
  requestToken(consumer: Credentials, callbackUrl: string): Promise<{ token: string; secret: string; authenticateUrl: string }>;
  /** Step 2: trades the approved request token for an access token and reads who the user is. */
  completeSignIn(consumer: Credentials, requestToken: Credentials, verifier: string): Promise<TwitterIdentity>;
}

const credentialsSchema = z.object({ id_str: z.string(), screen_name: z.string(), name: z.string(), email: z.string().optional() });

const unavailable = () => new AppError(503, ErrorCode.providerUnavailable, 'Twitter sign-in is unavailable right now, please try again');
const refused = (why: string) => new AppError(401, ErrorCode.invalidToken, `Twitter sign-in failed: ${why}`);

export function createTwitterSignIn(baseUrl: string): TwitterSignIn {
  const signer = (consumer: Credentials) =>
    new OAuth({
      consumer,
      signature_method: 'HMAC-SHA1',
      hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
    });

  /** Sends one signed request; `oauthParams` travel (signed) in the Authorization header. */
  async function signedFetch(
    consumer: Credentials,
    method: 'GET' | 'POST',
    url: string,
    oauthParams: Record<string, string>,
    token?: Credentials,
  ) {
    const oauth = signer(consumer);
    const authorization = oauth.toHeader({ ...oauth.authorize({ url, method, data: oauthParams }, token), ...oauthParams });
    try {
      return await fetch(url, { method, headers: { ...authorization }, signal: AbortSignal.timeout(10_000) });
    } catch {
      throw unavailable();
    }
  }

  return {
    async requestToken(consumer, callbackUrl) {
      const response = await signedFetch(consumer, 'POST', `${baseUrl}/oauth/request_token`, { oauth_callback: callbackUrl });
      if (!response.ok) throw refused('Twitter refused the site’s API key');
      const answer = new URLSearchParams(await response.text());
      const token = answer.get('oauth_token');
      const secret = answer.get('oauth_token_secret');
      if (!token || !secret || answer.get('oauth_callback_confirmed') !== 'true') throw refused('Twitter did not confirm the callback');
      return { token, secret, authenticateUrl: `${baseUrl}/oauth/authenticate?${new URLSearchParams({ oauth_token: token })}` };
    },

    async completeSignIn(consumer, requestToken, verifier) {
      const exchanged = await signedFetch(consumer, 'POST', `${baseUrl}/oauth/access_token`, { oauth_verifier: verifier }, requestToken);
      if (!exchanged.ok) throw refused('the sign-in was not approved or has expired');
      const answer = new URLSearchParams(await exchanged.text());
      const key = answer.get('oauth_token');
      const secret = answer.get('oauth_token_secret');
      if (!key || !secret) throw refused('Twitter answered without an access token');

      const url = `${baseUrl}/1.1/account/verify_credentials.json?include_email=true&skip_status=true`;
      const profile = await signedFetch(consumer, 'GET', url, {}, { key, secret });
      if (!profile.ok) throw refused('Twitter would not say who you are');
      const parsed = credentialsSchema.safeParse(await profile.json().catch(() => undefined));
      if (!parsed.success) throw refused('Twitter answered with an unexpected profile');
      return {
        userId: parsed.data.id_str,
        screenName: parsed.data.screen_name,
        name: parsed.data.name,
        // Twitter only returns addresses its users have verified.
        email: parsed.data.email?.toLowerCase() || undefined,
      };
    },
  };
}
