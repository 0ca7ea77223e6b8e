import type { ReactionInput } from '@limelight/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { feeds, galleries, reactions, videos } from '../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { visibleFeed } from '../feeds';
import { visibleGallery } from '../galleries';
import { findPerformer, isListed, pageOfLinkedPerformers } from '../performers';
import { visibleVideo } from '../videos';

/** Checks that the object exists and the user may see it, per object type. */
const visible: Record<ReactionInput['objectType'], (deps: Deps, id: string, user: SessionUser) => Promise<boolean>> = {
  performer: async (deps, id) => {
    const performer = await findPerformer(deps.db, id);
    return !!performer && isListed(performer);
  },
  feed: (deps, id, user) =>
    visibleFeed(deps, user, id).then(
      () => true,
      () => false,
    ),
  video: (deps, id, user) =>
    visibleVideo(deps, user, id).then(
      () => true,
      () => false,
    ),
  gallery: (deps, id, user) =>
    visibleGallery(deps, user, id).then(
      () => true,
      () => false,
    ),
};
const names: Record<ReactionInput['objectType'], string> = { performer: 'Creator', feed: 'Post', video: 'Video', gallery: 'Gallery' };

/** Counters kept beside the object, changed in the same transaction as the reaction. */
const counters: Partial<
  Record<`${ReactionInput['objectType']}:${ReactionInput['action']}`, (tx: Queryable, id: string, by: number) => Promise<unknown>>
> = {
  'feed:like': (tx, id, by) =>
    tx
      .update(feeds)
      .set({ likeCount: sql`greatest(${feeds.likeCount} + ${by}, 0)` })
      .where(eq(feeds.id, id)),
  'video:like': (tx, id, by) =>
    tx
      .update(videos)
      .set({ likeCount: sql`greatest(${videos.likeCount} + ${by}, 0)` })
      .where(eq(videos.id, id)),
  'gallery:like': (tx, id, by) =>
    tx
      .update(galleries)
      .set({ likeCount: sql`greatest(${galleries.likeCount} + ${by}, 0)` })
      .where(eq(galleries.id, id)),
};

/** Likes or bookmarks an object; doing it again changes nothing. */
export async function react(deps: Deps, user: SessionUser, input: ReactionInput) {
  if (!(await visible[input.objectType](deps, input.objectId, user))) throw notFound(names[input.objectType]);
  await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(reactions)
      .values({ userId: user.id, ...input })
      .onConflictDoNothing()
      .returning({ id: reactions.id });
    if (inserted.length) await counters[`${input.objectType}:${input.action}`]?.(tx, input.objectId, 1);
  });
}

export async function unreact(deps: Deps, user: SessionUser, input: ReactionInput) {
  await deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(reactions)
      .where(
        and(
          eq(reactions.userId, user.id),
          eq(reactions.objectType, input.objectType),
          eq(reactions.objectId, input.objectId),
          eq(reactions.action, input.action),
        ),
      )
      .returning({ id: reactions.id });
    if (removed.length) await counters[`${input.objectType}:${input.action}`]?.(tx, input.objectId, -1);
  });
}

/** The creators the user bookmarked and may still see, newest first. */
export async function bookmarkedPerformers(deps: Deps, user: SessionUser, page: { offset: number; limit: number }) {
  const { rows, total } = await pageOfLinkedPerformers(
    deps.db,
    {
      table: reactions,
      id: reactions.id,
      performerId: reactions.objectId,
      createdAt: reactions.createdAt,
      where: and(eq(reactions.userId, user.id), eq(reactions.objectType, 'performer'), eq(reactions.action, 'bookmark')),
    },
    page,
    user.id,
  );
  return { data: rows.map((row) => ({ ...row, objectId: row.performer._id })), total };
}
