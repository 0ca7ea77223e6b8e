import { ErrorCode, type Role } from '@limelight/contracts';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../db/client';
import { hexKeyLookup } from '../db/prepared';
import { sessions, users } from '../db/schema';
import { AppError, forbidden, unauthenticated } from './errors';
import { hashToken, newOpaqueToken } from './tokens';

export type SessionUser = typeof users.$inferSelect;
export type RequestSession = { id: string; method: string; user: SessionUser };
/** `impersonation`: an admin's log-in-as (issue 27), shown to the web app as a banner while it lasts. */
export type SessionMethod = 'password' | 'one_time_link' | 'social' | 'impersonation';

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
 * (`Authorization: <token>`, spec 7), or, for page loads, the `token` cookie. A header under any
 * other scheme is no token of ours.
 */
export function tokenFromRequest(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization?.trim();
  if (header) {
    const [first, second, ...rest] = header.split(/\s+/);
    if (second === undefined) return first;
    if (first?.toLowerCase() === 'bearer' && !rest.length) return second;
  }
  return request.cookies?.token || undefined;
}

export async function createSession(
  db: Queryable,
  input: { userId: string; ttlSeconds: number; method: SessionMethod; userAgent?: string; ip?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const { token, tokenHash } = newOpaqueToken();
  const expiresAt = new Date(Date.now() + input.ttlSeconds * 1000);
  await db.insert(sessions).values({
    userId: input.userId,
    tokenHash,
    expiresAt,
    method: input.method,
    userAgent: input.userAgent?.slice(0, 500),
    ip: input.ip,
  });
  return { token, expiresAt };
}

/** Every request with a token asks this: prepared once per database (db/prepared.ts). */
const sessionByTokenHash = (db: Database) =>
  hexKeyLookup(
    db,
    'session_by_token_hash',
    db
      .select({ id: sessions.id, method: sessions.method, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare('session_by_token_hash'),
    'tokenHash',
  );
const preparedLookups = new WeakMap<Database, ReturnType<typeof sessionByTokenHash>>();

/** Resolves a token to its session, or says precisely why it cannot be used. */
export async function resolveSessionToken(db: Database, token: string): Promise<RequestSession | AppError> {
  const lookup = preparedLookups.get(db) ?? sessionByTokenHash(db);
  preparedLookups.set(db, lookup);
  const [row] = await lookup(hashToken(token));
  if (!row || row.revokedAt) return unauthenticated('Your session is no longer valid, please log in again');
  if (row.expiresAt.getTime() <= Date.now()) {
    return unauthenticated('Your session has expired, please log in again', ErrorCode.sessionExpired);
  }
  if (row.user.status !== 'active') return new AppError(403, ErrorCode.accountInactive, 'Your account is inactive');
  return { id: row.id, method: row.method, user: row.user };
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

/** Reads the token on every request; routes choose with a guard whether they need it. */
export function registerSessionResolution(app: FastifyInstance, db: Database) {
  app.decorateRequest('session', null);
  app.decorateRequest('sessionError', null);
  // A callback hook, not an async one: an anonymous request (most page loads) costs no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = tokenFromRequest(request);
    if (!token) return done();
    resolveSessionToken(db, token).then((resolved) => {
      if (resolved instanceof AppError) request.sessionError = resolved;
      else request.session = resolved;
      done();
    }, done);
  });
}

/** Guards, used as `preHandler`. */
export const requireUser = async (request: FastifyRequest) => {
  if (!request.session) throw request.sessionError ?? unauthenticated();
};
export const requireRole =
  (...roles: Role[]) =>
  async (request: FastifyRequest) => {
    await requireUser(request);
    if (!roles.includes(request.session!.user.role)) throw forbidden(`Only ${roles.join(' or ')} accounts may do this`);
  };
export const requireAdmin = requireRole('admin');
export const requirePerformer = requireRole('performer');

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
