import type { ReactionInput } from '@limelight/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { comments } from '../../db/schema/comments';
import { feeds } from '../../db/schema/feeds';
import { galleries } from '../../db/schema/galleries';
import { reactions } from '../../db/schema/reactions';
import { stories } from '../../db/schema/stories';
import { videos } from '../../db/schema/videos';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { visibleCreator } from '../access';
import { notify } from '../notifications';
import { findPerformer, pageOfLinkedPerformers } from '../performers';

/**
 * How each kind of object is found for a user: it resolves when the object exists and the user
 * may reach it, and throws the 404 or 403 otherwise. The content modules present their items with
 * reactions (likes, bookmarks), so reactions cannot import them: the app hands their checks in.
 */
export type ReactionTargets = Record<
  Exclude<ReactionInput['objectType'], 'performer'>,
  (deps: Deps, user: SessionUser, id: string) => Promise<{ performerId: string }>
>;

/** The object, if the user may reach it, and the creator it belongs to. */
const reachable = async (deps: Deps, targets: ReactionTargets, user: SessionUser, input: ReactionInput) =>
  input.objectType === 'performer'
    ? { performerId: (await visibleCreator(deps.db, user, await findPerformer(deps.db, input.objectId))).user.id }
    : targets[input.objectType](deps, user, input.objectId);

const likedNouns = { feed: 'post', video: 'video', gallery: 'gallery', product: 'product', performer: 'page', story: 'story' } as const;
/** Where a like notification leads; a creator's page and a story (gone in a day) lead nowhere. */
const likedPages: Partial<Record<ReactionInput['objectType'], string>> = {
  feed: 'post',
  video: 'video',
  gallery: 'gallery',
  product: 'product',
};

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
  'comment:like': (tx, id, by) =>
    tx
      .update(comments)
      .set({ likeCount: sql`greatest(${comments.likeCount} + ${by}, 0)` })
      .where(eq(comments.id, id)),
  'story:like': (tx, id, by) =>
    tx
      .update(stories)
      .set({ likeCount: sql`greatest(${stories.likeCount} + ${by}, 0)` })
      .where(eq(stories.id, id)),
};

/** Likes or bookmarks an object; doing it again changes nothing. */
export async function react(deps: Deps, targets: ReactionTargets, user: SessionUser, input: ReactionInput) {
  const { performerId } = await reachable(deps, targets, user, input);
  await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(reactions)
      .values({ userId: user.id, ...input })
      .onConflictDoNothing()
      .returning({ id: reactions.id });
    if (!inserted.length) return;
    await counters[`${input.objectType}:${input.action}`]?.(tx, input.objectId, 1);
    // A comment's likes are counted on it; nobody is told of each (the creator's content was not liked).
    if (input.action === 'like' && input.objectType !== 'comment') {
      const page = likedPages[input.objectType];
      await notify(deps, tx, {
        userId: performerId,
        kind: 'like',
        actorId: user.id,
        text: `${user.name} liked your ${likedNouns[input.objectType]}`,
        link: page ? `/${page}/${input.objectId}` : null,
      });
    }
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
    user,
  );
  return { data: rows.map((row) => ({ ...row, objectId: row.performer._id })), total };
}
