import { ErrorCode } from '@limelight/contracts';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { z } from 'zod';
import type { Config } from '../config';
import { AppError } from './errors';

/** What we take from a verified Google ID token. */
export type GoogleIdentity = { subject: string; email?: string; name: string; picture?: string };

export interface GoogleSignIn {
  /** Verifies an ID token's signature (Google's published keys), audience, issuer and expiry. */
  verifyIdToken(idToken: string, clientId: string): Promise<GoogleIdentity>;
  /** Exchanges an authorization code from the consent screen for the user's ID token. */
  exchangeCode(input: { code: string; redirectUri: string; clientId: string; clientSecret: string }): Promise<string>;
}

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
const claimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
});
const tokenAnswerSchema = z.object({ id_token: z.string() });

const refused = (why: string) => new AppError(401, ErrorCode.invalidToken, `Google sign-in failed: ${why}`);

export function createGoogleSignIn(endpoints: Config['google']): GoogleSignIn {
  // Fetched on first use, cached, and refetched when a token names a key it has not seen.
  const keys = createRemoteJWKSet(new URL(endpoints.certsUrl));

  return {
    async verifyIdToken(idToken, clientId) {
      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(idToken, keys, { issuer: GOOGLE_ISSUERS, audience: clientId, algorithms: ['RS256'] }));
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        if (code.startsWith('ERR_JWKS_') && code !== 'ERR_JWKS_NO_MATCHING_KEY') {
          throw new AppError(503, ErrorCode.providerUnavailable, 'Google sign-in is unavailable right now, please try again');
        }
        throw refused(code === 'ERR_JWT_EXPIRED' ? 'the sign-in has expired, please try again' : 'the ID token is not valid');
      }
      const claims = claimsSchema.parse(payload);
      const verified = claims.email_verified === true || claims.email_verified === 'true';
      return {
        subject: claims.sub,
        // An address Google has not verified could belong to someone else: never link on it.
        email: verified ? claims.email?.toLowerCase() : undefined,
        name: claims.name ?? claims.email?.split('@')[0] ?? '',
        picture: claims.picture,
      };
    },

    async exchangeCode({ code, redirectUri, clientId, clientSecret }) {
      let response: Response;
      try {
        response = await fetch(endpoints.tokenUrl, {
          method: 'POST',
          body: new URLSearchParams({
            code,
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uri: redirectUri,
            grant_type: 'authorization_code',
          }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch {
        throw new AppError(503, ErrorCode.providerUnavailable, 'Google sign-in is unavailable right now, please try again');
      }
      if (!response.ok) throw refused('the authorization code was not accepted');
      const answer = tokenAnswerSchema.safeParse(await response.json().catch(() => undefined));
      if (!answer.success) throw refused('Google answered without an ID token');
      return answer.data.id_token;
    },
  };
}
