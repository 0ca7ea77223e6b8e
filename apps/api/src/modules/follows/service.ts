import { and, desc, eq, or } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { type Page, pageOf } from '../../db/paging';
import { users } from '../../db/read/users';
import { follows } from '../../db/schema/follows';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { unprocessable } from '../../platform/errors';
import { may, visibleCreator } from '../access';
import { notify } from '../notifications';
import { findPerformer, pageOfLinkedPerformers } from '../performers';
import { countFollowers, toPublicUser } from '../users';

/** Follows a listed creator who has not blocked the fan; following again changes nothing. */
export async function follow(deps: Deps, viewer: SessionUser, performerId: string) {
  const found = await findPerformer(deps.db, performerId);
  if (found && !may(viewer, 'creator.follow', { performerId: found.user.id })) throw unprocessable('You cannot follow yourself');
  const performer = await visibleCreator(deps.db, viewer, found);
  await deps.db.transaction(async (tx) => {
    const added = await tx
      .insert(follows)
      .values({ followerId: viewer.id, performerId: performer.user.id })
      .onConflictDoNothing()
      .returning({ id: follows.id });
    if (added.length) {
      await countFollowers(tx, performer.user.id, 1);
      await notify(deps, tx, {
        userId: performer.user.id,
        kind: 'new_follower',
        actorId: viewer.id,
        text: `${viewer.name} started following you`,
        link: '/creator/followers',
      });
    }
  });
}

/**
 * A block ends following both ways (decision 038): neither account keeps the other in its
 * following list or count. In the blocker's transaction, so a block never leaves one behind.
 */
export async function endFollowsBetween(tx: Queryable, one: string, other: string) {
  const removed = await tx
    .delete(follows)
    .where(
      or(
        and(eq(follows.followerId, one), eq(follows.performerId, other)),
        and(eq(follows.followerId, other), eq(follows.performerId, one)),
      ),
    )
    .returning({ performerId: follows.performerId });
  for (const row of removed) await countFollowers(tx, row.performerId, -1);
}

export async function unfollow(deps: Deps, viewer: SessionUser, performerId: string) {
  await deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(follows)
      .where(and(eq(follows.followerId, viewer.id), eq(follows.performerId, performerId)))
      .returning({ id: follows.id });
    if (removed.length) await countFollowers(tx, performerId, -1);
  });
}

/** The signed-in creator's followers, newest first. */
export async function followers(deps: Deps, performer: SessionUser, page: Page) {
  const mine = eq(follows.performerId, performer.id);
  const { rows, total } = await pageOf(
    deps.db
      .select({ id: follows.id, createdAt: follows.createdAt, user: users })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followerId))
      .where(mine)
      .orderBy(desc(follows.createdAt), desc(follows.id))
      .$dynamic(),
    page,
    deps.db.$count(follows, mine),
  );
  return {
    data: rows.map((row) => ({
      _id: row.id,
      follower: toPublicUser(row.user),
      createdAt: row.createdAt.toISOString(),
    })),
    total,
  };
}

/** The creators the signed-in user follows and may still see, newest first. */
export async function following(deps: Deps, viewer: SessionUser, page: Page) {
  const { rows, total } = await pageOfLinkedPerformers(
    deps.db,
    {
      table: follows,
      id: follows.id,
      performerId: follows.performerId,
      createdAt: follows.createdAt,
      where: eq(follows.followerId, viewer.id),
    },
    page,
    viewer,
  );
  return { data: rows, total };
}
