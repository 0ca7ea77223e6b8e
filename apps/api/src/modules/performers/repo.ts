import { AVATAR_PLACEHOLDER, COVER_FALLBACK, type PublicPerformer } from '@limelight/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { follows, performerProfiles, reactions, users } from '../../db/schema';

/** Creators fans may see: active, and with documents an admin verified. */
export const listedPerformer = and(eq(users.role, 'performer'), eq(users.status, 'active'), eq(performerProfiles.verifiedDocument, true));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findPerformer(db: Queryable, usernameOrId: string) {
  const byUsername = sql`lower(${users.username}) = ${usernameOrId.toLowerCase()}`;
  const [row] = await db
    .select({ user: users, profile: performerProfiles })
    .from(users)
    .innerJoin(performerProfiles, eq(performerProfiles.userId, users.id))
    .where(and(eq(users.role, 'performer'), UUID.test(usernameOrId) ? eq(users.id, usernameOrId) : byUsername))
    .limit(1);
  return row;
}

type PerformerRow = NonNullable<Awaited<ReturnType<typeof findPerformer>>>;

/**
 * Public cards for many creators at once, with the viewer's follow and bookmark flags:
 * two queries for any number of creators, never one per creator.
 */
export async function viewerFlags(db: Queryable, viewerId: string | undefined, performerIds: string[]) {
  if (!viewerId || performerIds.length === 0) return { followed: new Set<string>(), bookmarked: new Set<string>() };
  const [followed, bookmarked] = await Promise.all([
    db
      .select({ id: follows.performerId })
      .from(follows)
      .where(and(eq(follows.followerId, viewerId), inArray(follows.performerId, performerIds))),
    db
      .select({ id: reactions.objectId })
      .from(reactions)
      .where(
        and(
          eq(reactions.userId, viewerId),
          eq(reactions.objectType, 'performer'),
          eq(reactions.action, 'bookmark'),
          inArray(reactions.objectId, performerIds),
        ),
      ),
  ]);
  return { followed: new Set(followed.map((row) => row.id)), bookmarked: new Set(bookmarked.map((row) => row.id)) };
}

export function toPublicPerformer(row: PerformerRow, flags: { followed: Set<string>; bookmarked: Set<string> }): PublicPerformer {
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
    isFollowed: flags.followed.has(row.user.id),
    isBookmarked: flags.bookmarked.has(row.user.id),
  };
}
