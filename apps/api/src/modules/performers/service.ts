import { AVATAR_PLACEHOLDER, COVER_FALLBACK, type PublicPerformer } from '@limelight/contracts';
import { and, eq, or, sql } from 'drizzle-orm';
import { performerProfiles, users } from '../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A creator's public page, by username or id. Only active creators an admin has verified are
 * public; a creator sees their own page (and an admin any page) before that.
 */
export async function publicProfile(deps: Deps, usernameOrId: string, viewer?: SessionUser): Promise<PublicPerformer> {
  const match = UUID.test(usernameOrId)
    ? or(eq(users.id, usernameOrId), sql`lower(${users.username}) = ${usernameOrId.toLowerCase()}`)
    : sql`lower(${users.username}) = ${usernameOrId.toLowerCase()}`;
  const [row] = await deps.db
    .select({ user: users, profile: performerProfiles })
    .from(users)
    .innerJoin(performerProfiles, eq(performerProfiles.userId, users.id))
    .where(and(eq(users.role, 'performer'), match))
    .limit(1);
  const privileged = !!viewer && (viewer.role === 'admin' || viewer.id === row?.user.id);
  if (!row || (!privileged && (row.user.status !== 'active' || !row.profile.verifiedDocument))) throw notFound('Creator');
  return {
    _id: row.user.id,
    name: row.user.name,
    username: row.user.username,
    avatar: AVATAR_PLACEHOLDER,
    cover: COVER_FALLBACK,
    bio: row.profile.bio,
    gender: row.profile.gender,
    country: row.profile.country,
    verifiedDocument: row.profile.verifiedDocument,
  };
}
