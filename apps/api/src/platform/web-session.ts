import type { IncomingHttpHeaders } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import { ErrorCode, SESSION_COOKIE, SIGNED_IN_COOKIE } from '@limelight/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * The web app's session lives in an HttpOnly cookie the server sets (decision 047): no script on
 * the page can read it, so an injected script cannot carry the token away. API clients keep
 * sending `Authorization: Bearer <token>` (or the spec's bare token) and get the token in the
 * login answer as before.
 */
type WebSessionConfig = { publicUrl: string };

const cookieOptions = (config: WebSessionConfig) => ({
  path: '/',
  sameSite: 'lax' as const,
  secure: config.publicUrl.startsWith('https:'),
});

/**
 * Every way of signing in (password, one-time link, the admin's log-in-as link, Google, Twitter,
 * the sign-in after a sign-up) passes its answer through here. The answer goes back unchanged: an
 * API client reads the token from it; a browser holds it only in the cookie. The cookie is set for
 * a sign-in sent from the site's own pages (a browser says so with `Origin`): an API client gets
 * the token alone, and another site's page cannot sign a visitor into an account of its choosing.
 * An answer without a token (a second factor still to come) sets nothing.
 */
export function startWebSession<T extends object>(config: WebSessionConfig, reply: FastifyReply, answer: T): T {
  const { token, expiresAt } = answer as { token?: unknown; expiresAt?: unknown };
  if (typeof token !== 'string' || typeof expiresAt !== 'string' || !fromOwnSite(reply.request.headers, config.publicUrl)) return answer;
  const expires = new Date(expiresAt);
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(config), httpOnly: true, expires });
  // Holds no secret: tells the web app's first screen that someone is signed in.
  reply.setCookie(SIGNED_IN_COOKIE, '1', { ...cookieOptions(config), httpOnly: false, expires });
  return answer;
}

/** Logout, and any request whose cookie names a session that ended: the browser forgets both cookies. */
export function endWebSession(config: WebSessionConfig, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { ...cookieOptions(config), httpOnly: true });
  reply.clearCookie(SIGNED_IN_COOKIE, cookieOptions(config));
}

/** The session token of a cookie header (the socket's handshake reads it this way). */
export function sessionCookieOf(headers: IncomingHttpHeaders): string | undefined {
  const header = headers.cookie;
  if (!header) return undefined;
  return fastifyCookie.parse(header)[SESSION_COOKIE] || undefined;
}

const originOf = (url: string | undefined) => {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.origin === 'null' ? undefined : parsed;
  } catch {
    return undefined;
  }
};

/**
 * Whether a browser sent this from a page of the site itself: the `Origin` header (or, when a
 * browser leaves it out, the `Referer`) names the site's public address, or the host the request
 * was sent to (a proxy or the development server in front). Neither header: not a page of ours.
 */
export function fromOwnSite(headers: IncomingHttpHeaders, publicUrl: string): boolean {
  const origin = originOf(typeof headers.origin === 'string' ? headers.origin : undefined) ?? originOf(headers.referer);
  if (!origin) return false;
  if (origin.origin === new URL(publicUrl).origin) return true;
  return !!headers.host && origin.host === headers.host;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence: a write authenticated by the cookie from another site's page is refused. A token
 * in a header cannot be forged by a browser, so requests carrying one are not concerned, nor
 * are requests with no session cookie (sign-up, webhooks, the public forms). A request naming
 * neither Origin nor Referer is no browser's (every browser sends Origin on a write), so it is let
 * through: a page of another site cannot send one.
 */
export function crossSiteRefusal(request: FastifyRequest, publicUrl: string): AppError | undefined {
  if (!UNSAFE_METHODS.has(request.method)) return undefined;
  if (request.headers.origin === undefined && request.headers.referer === undefined) return undefined;
  if (fromOwnSite(request.headers, publicUrl)) return undefined;
  return new AppError(
    403,
    ErrorCode.crossSiteRequest,
    'This request came from another site and was refused. Open the page on this site and try again.',
  );
}
