import { ErrorCode, SESSION_COOKIE } from '@limelight/contracts';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../db/client';
import { hexKeyLookup } from '../db/prepared';
import { users } from '../db/read/users';
import { sessions } from '../db/schema/platform/sessions';
import { AppError, unauthenticated } from './errors';
import { documentedGuard } from './openapi';
import { sessionCacheOf } from './session-cache';
import { hashToken, newOpaqueToken } from './tokens';
import { crossSiteRefusal, endWebSession } from './web-session';

export type SessionUser = typeof users.$inferSelect;
export type RequestSession = { id: string; method: string; user: SessionUser };
/** `impersonation`: an admin's log-in-as (issue 27), shown to the web app as a banner while it lasts. */
export type SessionMethod = 'password' | 'one_time_link' | 'social' | 'passkey' | 'impersonation';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session when the request carried a valid token, else null. */
    session: RequestSession | null;
    /** Why a presented token was refused; thrown by the guards. */
    sessionError: AppError | null;
  }
}

/**
 * The token comes as `Authorization: Bearer <token>`, as the bare token the spec's clients send
 * (`Authorization: <token>`, spec 7), or, from the web app, in the HttpOnly `token` cookie the
 * server set at sign-in (decision 047). A header under any other scheme is no token of ours.
 * `fromCookie` tells the CSRF defence which requests a browser could have sent on its own.
 */
export function tokenFromRequest(request: FastifyRequest): { token: string; fromCookie: boolean } | undefined {
  const header = request.headers.authorization?.trim();
  if (header) {
    const [first, second, ...rest] = header.split(/\s+/);
    if (second === undefined && first) return { token: first, fromCookie: false };
    if (first?.toLowerCase() === 'bearer' && second && !rest.length) return { token: second, fromCookie: false };
  }
  const cookie = request.cookies?.[SESSION_COOKIE];
  return cookie ? { token: cookie, fromCookie: true } : undefined;
}

export async function createSession(
  db: Queryable,
  input: { userId: string; ttlSeconds: number; method: SessionMethod; userAgent?: string; ip?: string },
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const { token, tokenHash } = newOpaqueToken();
  const expiresAt = new Date(Date.now() + input.ttlSeconds * 1000);
  const [row] = await db
    .insert(sessions)
    .values({
      userId: input.userId,
      tokenHash,
      expiresAt,
      method: input.method,
      userAgent: input.userAgent?.slice(0, 500),
      ip: input.ip,
      lastSeenAt: new Date(),
    })
    .returning({ id: sessions.id });
  return { id: row!.id, token, expiresAt };
}

/** Every request with a token asks this: prepared once per database (db/prepared.ts). */
const sessionByTokenHash = (db: Database) =>
  hexKeyLookup(
    db,
    'session_by_token_hash',
    db
      .select({
        id: sessions.id,
        method: sessions.method,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        lastSeenAt: sessions.lastSeenAt,
        user: users,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare('session_by_token_hash'),
    'tokenHash',
  );
const preparedLookups = new WeakMap<Database, ReturnType<typeof sessionByTokenHash>>();
type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionByTokenHash>>>[number];

/**
 * Why an account may not act at all whatever its session (suspended or banned: modules/access's
 * `standingRefusal`, handed in by the app, decision 045), or undefined when it may.
 */
export type AccountRefusal = (user: SessionUser) => AppError | undefined;

/**
 * Resolves a token to its session, or says precisely why it cannot be used. An account refused by
 * `refuseAccount` hears why even with a session its suspension revoked: its old token answers the
 * same 403 as signing in.
 */
export async function resolveSessionToken(db: Database, token: string, refuseAccount?: AccountRefusal): Promise<RequestSession | AppError> {
  const tokenHash = hashToken(token);
  const cache = sessionCacheOf<SessionRow>(db);
  let row = cache?.get(tokenHash);
  if (!row) {
    const lookup = preparedLookups.get(db) ?? sessionByTokenHash(db);
    preparedLookups.set(db, lookup);
    const mark = cache?.mark();
    [row] = await lookup(tokenHash);
    if (row && cache) cache.keep(tokenHash, row, mark!);
  }
  const refused = row && refuseAccount?.(row.user);
  if (refused) return refused;
  if (!row || row.revokedAt) return unauthenticated('Your session is no longer valid, please log in again');
  if (row.expiresAt.getTime() <= Date.now()) {
    return unauthenticated('Your session has expired, please log in again', ErrorCode.sessionExpired);
  }
  if (row.user.status !== 'active') return new AppError(403, ErrorCode.accountInactive, 'Your account is inactive');
  if (!row.lastSeenAt || Date.now() - row.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) await touchSession(db, row.id);
  return { id: row.id, method: row.method, user: row.user };
}

/**
 * A session's last activity, for its owner's list, written at most once a minute: the lookup above
 * reads it, and the update is conditional, so processes that all see it stale at once write it
 * once between them, and every other request costs no write at all.
 */
const LAST_SEEN_EVERY_MS = 60_000;
async function touchSession(db: Database, sessionId: string) {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), sql`(${sessions.lastSeenAt} is null or ${sessions.lastSeenAt} < now() - interval '1 minute')`));
}

/**
 * Revoking answers the sessions it ended: once the transaction commits, the caller closes their
 * sockets (`realtime.disconnectSessions`), so a revoked session stops receiving events at once.
 */
export async function revokeSession(db: Queryable, sessionId: string, userId?: string): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), userId ? eq(sessions.userId, userId) : undefined))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

export async function revokeAllSessions(db: Queryable, userId: string, exceptSessionId?: string): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/**
 * Reads the token on every request; routes choose with a guard whether they need it. A write
 * carrying the session cookie from another site's page is refused before anything else (CSRF),
 * and a cookie naming a session that ended is cleared by the answer that refuses it, so the browser
 * stops sending it. Only by that answer: an image loaded in the background clearing it silently
 * left the page to find itself signed out at its next load with no word of why.
 */
export function registerSessionResolution(
  app: FastifyInstance,
  db: Database,
  config: { publicUrl: string },
  refuseAccount?: AccountRefusal,
) {
  app.decorateRequest('session', null);
  app.decorateRequest('sessionError', null);
  // A callback hook, not an async one: an anonymous request (most page loads) costs no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const presented = tokenFromRequest(request);
    if (!presented) return done();
    if (presented.fromCookie) {
      const refused = crossSiteRefusal(request, config.publicUrl);
      if (refused) return done(refused);
    }
    resolveSessionToken(db, presented.token, refuseAccount).then((resolved) => {
      if (resolved instanceof AppError) request.sessionError = resolved;
      else request.session = resolved;
      done();
    }, done);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.sessionError && (reply.statusCode === 401 || reply.statusCode === 403) && tokenFromRequest(request)?.fromCookie) {
      endWebSession(config, reply);
    }
    done(null, payload);
  });
}

/**
 * The guard (`preHandler`) of every route that needs an account. The guards that ask what kind of
 * account it is (`requireAdmin`, `requirePerformer`, …) ask the access vocabulary: modules/access.
 */
export const requireUser = documentedGuard(async (request: FastifyRequest) => {
  if (!request.session) throw request.sessionError ?? unauthenticated();
}, 'account');
/** The signed-in user in a handler behind a guard. */
export function sessionOf(request: FastifyRequest): RequestSession {
  if (!request.session) throw request.sessionError ?? unauthenticated();
  return request.session;
}

/**
 * A rate limit for signed-in actions (comments, reports), counted per account: people behind
 * one address (an office, a mobile carrier) do not share one allowance.
 */
export const perAccountRateLimit = (max: number, timeWindow: string) => ({
  rateLimit: { max, timeWindow, keyGenerator: (request: FastifyRequest) => request.session?.user.id ?? request.ip },
});
