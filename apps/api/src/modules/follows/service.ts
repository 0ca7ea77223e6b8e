import type { Queryable } from '../../db/client';
import type { Page } from '../../db/paging';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { unprocessable } from '../../platform/errors';
import { may, visibleCreator } from '../access';
import { notify } from '../notifications';
import { findPerformer } from '../performers';
import { countFollowers, toPublicUser } from '../users';
import { deleteFollow, deleteFollowsBetween, followedCreatorsPage, followersPage, insertFollow } from './repo';

/** Follows a listed creator who has not blocked the fan; following again changes nothing. */
export async function follow(deps: Deps, viewer: SessionUser, performerId: string) {
  const found = await findPerformer(deps.db, performerId);
  if (found && !may(viewer, 'creator.follow', { performerId: found.user.id })) throw unprocessable('You cannot follow yourself');
  const performer = await visibleCreator(deps.db, viewer, found);
  await deps.db.transaction(async (tx) => {
    const added = await insertFollow(tx, viewer.id, performer.user.id);
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
  const removed = await deleteFollowsBetween(tx, one, other);
  for (const row of removed) await countFollowers(tx, row.performerId, -1);
}

export async function unfollow(deps: Deps, viewer: SessionUser, performerId: string) {
  await deps.db.transaction(async (tx) => {
    const removed = await deleteFollow(tx, viewer.id, performerId);
    if (removed.length) await countFollowers(tx, performerId, -1);
  });
}

/** The signed-in creator's followers, newest first. */
export async function followers(deps: Deps, performer: SessionUser, page: Page) {
  const { rows, total } = await followersPage(deps.db, performer.id, page);
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
  const { rows, total } = await followedCreatorsPage(deps.db, viewer, page);
  return { data: rows, total };
}
