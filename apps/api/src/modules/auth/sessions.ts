import type { ActiveSession } from '@limelight/contracts';
import type { Deps } from '../../deps';
import { type RequestSession, revokeAllSessions, revokeSession } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { liveSessionsOf } from './repo';

/** The places an account is signed in (device, country, last activity), newest first, so its owner can end the ones they do not know. */
export async function activeSessions(deps: Deps, current: RequestSession): Promise<ActiveSession[]> {
  const rows = await liveSessionsOf(deps.db, current.user.id);
  return rows.map((row) => ({
    _id: row.id,
    method: row.method as ActiveSession['method'],
    userAgent: row.userAgent,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastSeenAt: (row.lastSeenAt ?? row.createdAt).toISOString(),
    // The country database has no cities: `city` stays empty until a city lookup is configured.
    country: (row.ip && deps.geo.countryOf(row.ip)) || null,
    city: null,
    current: row.id === current.id,
  }));
}

/** Ends one of the caller's own sessions (another account's id is not found). */
export async function endSession(deps: Deps, current: RequestSession, sessionId: string) {
  const revoked = await revokeSession(deps.db, sessionId, current.user.id);
  if (!revoked.length) throw notFound('Session');
  deps.realtime.disconnectSessions(revoked);
}

/** "Sign out everywhere else": every session but this one. */
export async function endOtherSessions(deps: Deps, current: RequestSession) {
  const revoked = await revokeAllSessions(deps.db, current.user.id, current.id);
  deps.realtime.disconnectSessions(revoked);
  return revoked.length;
}
