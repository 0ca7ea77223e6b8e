import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { consentPage, type FakeServer, redirect, sendJson, startFakeServer } from './http';

export type TwitterUser = { id: string; screenName: string; name: string; email?: string };
type Credentials = { key: string; secret: string };

/** RFC 3986 percent-encoding, as OAuth 1.0a (RFC 5849 3.6) requires. */
const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function authorizationParams(request: IncomingMessage): Record<string, string> {
  const header = request.headers.authorization ?? '';
  if (!header.startsWith('OAuth ')) return {};
  return Object.fromEntries(
    [...header.slice(6).matchAll(/([a-z_]+)="([^"]*)"/g)].map(([, key, value]) => [key!, decodeURIComponent(value!)]),
  );
}

/**
 * Checks an OAuth 1.0a HMAC-SHA1 signature from first principles (RFC 5849 3.4), independently
 * of the library the API signs with, so a wrong base string or key fails here as at Twitter.
 */
function signatureValid(request: IncomingMessage, url: URL, body: string, consumerSecret: string, tokenSecret: string) {
  const header = authorizationParams(request);
  const params: Array<[string, string]> = [
    ...Object.entries(header).filter(([key]) => key !== 'oauth_signature' && key !== 'realm'),
    ...url.searchParams.entries(),
    ...(request.headers['content-type']?.includes('application/x-www-form-urlencoded') ? new URLSearchParams(body).entries() : []),
  ];
  const normalized = params
    .map(([key, value]) => [encode(key), encode(value)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const base = [request.method!.toUpperCase(), encode(`${url.origin}${url.pathname}`), encode(normalized)].join('&');
  const expected = createHmac('sha1', `${encode(consumerSecret)}&${encode(tokenSecret)}`)
    .update(base)
    .digest();
  const given = Buffer.from(header.oauth_signature ?? '', 'base64');
  const fresh = Math.abs(Date.now() / 1000 - Number(header.oauth_timestamp)) < 300;
  return header.oauth_signature_method === 'HMAC-SHA1' && fresh && given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A local stand-in for Twitter's OAuth 1.0a sign-in: request token, consent page, access token
 * and verify_credentials, each refusing a request whose signature does not check out.
 */
export async function startFakeTwitter(consumer: Credentials, port = 0) {
  const requestTokens = new Map<string, { secret: string; callback: string; verifier?: string; user?: TwitterUser }>();
  const accessTokens = new Map<string, { secret: string; user: TwitterUser }>();
  const issued = () => randomBytes(16).toString('hex');

  const approve = (oauthToken: string, user: TwitterUser) => {
    const pending = requestTokens.get(oauthToken);
    if (!pending) throw new Error('unknown request token');
    pending.verifier = issued();
    pending.user = user;
    return pending.verifier;
  };

  const server: FakeServer = await startFakeServer((request, response, body, url) => {
    const oauth = authorizationParams(request);
    const fail = () => response.writeHead(401, { 'content-type': 'text/plain' }).end('Could not authenticate you.');
    if (request.method === 'POST' && url.pathname === '/oauth/request_token') {
      if (oauth.oauth_consumer_key !== consumer.key || !signatureValid(request, url, body, consumer.secret, '')) return fail();
      if (!oauth.oauth_callback) return fail();
      const token = issued();
      const secret = issued();
      requestTokens.set(token, { secret, callback: oauth.oauth_callback });
      return response.end(
        new URLSearchParams({ oauth_token: token, oauth_token_secret: secret, oauth_callback_confirmed: 'true' }).toString(),
      );
    }
    if (request.method === 'GET' && url.pathname === '/oauth/authenticate') {
      const token = url.searchParams.get('oauth_token') ?? '';
      if (!requestTokens.has(token)) return sendJson(response, 400, { error: 'unknown oauth_token' });
      return consentPage(
        response,
        'Authorize app on Twitter',
        '/oauth/approve',
        { oauth_token: token },
        { screen_name: '', name: '', email: '' },
      );
    }
    if (request.method === 'POST' && url.pathname === '/oauth/approve') {
      const form = Object.fromEntries(new URLSearchParams(body));
      const token = form.oauth_token ?? '';
      const pending = requestTokens.get(token);
      if (!pending) return sendJson(response, 400, { error: 'unknown oauth_token' });
      const verifier = approve(token, {
        id: `tw-${form.screen_name}`,
        screenName: form.screen_name!,
        name: form.name!,
        email: form.email || undefined,
      });
      return redirect(response, `${pending.callback}?${new URLSearchParams({ oauth_token: token, oauth_verifier: verifier })}`);
    }
    if (request.method === 'POST' && url.pathname === '/oauth/access_token') {
      const pending = requestTokens.get(oauth.oauth_token ?? '');
      if (!pending || !signatureValid(request, url, body, consumer.secret, pending.secret)) return fail();
      if (!pending.verifier || pending.verifier !== oauth.oauth_verifier || !pending.user) return fail();
      requestTokens.delete(oauth.oauth_token!);
      const token = issued();
      const secret = issued();
      accessTokens.set(token, { secret, user: pending.user });
      return response.end(
        new URLSearchParams({
          oauth_token: token,
          oauth_token_secret: secret,
          user_id: pending.user.id,
          screen_name: pending.user.screenName,
        }).toString(),
      );
    }
    if (request.method === 'GET' && url.pathname === '/1.1/account/verify_credentials.json') {
      const access = accessTokens.get(oauth.oauth_token ?? '');
      if (!access || !signatureValid(request, url, body, consumer.secret, access.secret)) return fail();
      const { user } = access;
      const includeEmail = url.searchParams.get('include_email') === 'true';
      return sendJson(response, 200, {
        id_str: user.id,
        screen_name: user.screenName,
        name: user.name,
        ...(includeEmail && user.email ? { email: user.email } : {}),
      });
    }
    sendJson(response, 404, { errors: [{ code: 34, message: 'Sorry, that page does not exist.' }] });
  }, port);

  return { ...server, approve };
}
