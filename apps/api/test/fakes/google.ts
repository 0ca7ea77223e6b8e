import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { consentPage, type FakeServer, redirect, sendJson, startFakeServer } from './http';

export type GoogleUser = { sub: string; email: string; name: string; emailVerified?: boolean };
type IdTokenOptions = GoogleUser & { audience?: string; expiresInSeconds?: number; issuer?: string };

/**
 * A local stand-in for Google sign-in: publishes an RSA key as JWKS at /oauth2/v3/certs, signs
 * ID tokens with it, shows a consent page at /o/oauth2/v2/auth and exchanges codes at /token
 * only for the right client id, secret and redirect URI.
 */
export async function startFakeGoogle(client: { clientId: string; clientSecret: string }, port = 0) {
  const keyId = randomUUID();
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: keyId, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { user: GoogleUser; redirectUri: string; clientId: string }>();

  const signIdToken = (options: IdTokenOptions, key = privateKey, kid = keyId) =>
    new SignJWT({ email: options.email, email_verified: options.emailVerified ?? true, name: options.name })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setSubject(options.sub)
      .setIssuer(options.issuer ?? 'https://accounts.google.com')
      .setAudience(options.audience ?? client.clientId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + (options.expiresInSeconds ?? 3600))
      .sign(key);

  const server: FakeServer = await startFakeServer(async (request, response, body, url) => {
    if (request.method === 'GET' && url.pathname === '/oauth2/v3/certs') return sendJson(response, 200, { keys: [jwk] });
    if (request.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
      const query = Object.fromEntries(url.searchParams);
      if (query.client_id !== client.clientId || query.response_type !== 'code' || !query.redirect_uri) {
        return sendJson(response, 400, { error: 'invalid_request' });
      }
      return consentPage(response, 'Sign in with Google', '/o/oauth2/v2/approve', query, { email: '', name: '' });
    }
    if (request.method === 'POST' && url.pathname === '/o/oauth2/v2/approve') {
      const form = Object.fromEntries(new URLSearchParams(body));
      const code = randomBytes(16).toString('hex');
      const user = { sub: `google-${form.email}`, email: form.email!, name: form.name! };
      codes.set(code, { user, redirectUri: form.redirect_uri!, clientId: form.client_id! });
      return redirect(response, `${form.redirect_uri}?${new URLSearchParams({ code, state: form.state ?? '' })}`);
    }
    if (request.method === 'POST' && url.pathname === '/token') {
      const form = Object.fromEntries(new URLSearchParams(body));
      const grant = codes.get(form.code ?? '');
      codes.delete(form.code ?? '');
      if (form.client_id !== client.clientId || form.client_secret !== client.clientSecret) {
        return sendJson(response, 401, { error: 'invalid_client' });
      }
      if (form.grant_type !== 'authorization_code' || !grant || grant.redirectUri !== form.redirect_uri) {
        return sendJson(response, 400, { error: 'invalid_grant' });
      }
      return sendJson(response, 200, {
        access_token: randomBytes(16).toString('hex'),
        token_type: 'Bearer',
        expires_in: 3599,
        id_token: await signIdToken(grant.user),
      });
    }
    sendJson(response, 404, { error: 'not_found' });
  }, port);

  return {
    ...server,
    signIdToken,
    /** A well-formed token signed by a key Google never published. */
    async forgedIdToken(options: IdTokenOptions) {
      const other = await generateKeyPair('RS256');
      return signIdToken(options, other.privateKey, keyId);
    },
    /** What the consent page does when a user approves: a code for `redirectUri`. */
    issueCode(user: GoogleUser, redirectUri: string) {
      const code = randomBytes(16).toString('hex');
      codes.set(code, { user, redirectUri, clientId: client.clientId });
      return code;
    },
  };
}
