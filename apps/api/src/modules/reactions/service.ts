import type { ReactionInput } from '@limelight/contracts';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import type { Counter } from '../../platform/counters';
import { visibleCreator } from '../access';
import { notify } from '../notifications';
import { findPerformer } from '../performers';
import { deleteReaction, insertReaction, pageOfBookmarkedPerformers } from './repo';

/**
 * How each kind of object is found for a user: it resolves when the object exists and the user
 * may reach it (throwing the 404 or 403 otherwise), with whose it is and the counter its owner
 * keeps of its likes, if it keeps one. The content modules present their items with reactions
 * (likes, bookmarks), so reactions cannot import them: what is sold is asked of its sellable
 * (`deps.sellables`), comments and stories hand theirs in through app.ts (decision 076).
 */
type ReactionTarget = { reach: (deps: Deps, user: SessionUser, id: string) => Promise<{ performerId: string }>; countLikes?: Counter };
export type ReactionTargets = Record<'comment' | 'story', ReactionTarget>;

const targetOf = (deps: Deps, targets: ReactionTargets, type: Exclude<ReactionInput['objectType'], 'performer'>): ReactionTarget => {
  const sellable = deps.sellables.get(type);
  return sellable?.reach ? { reach: sellable.reach, countLikes: sellable.countLikes } : targets[type as keyof ReactionTargets];
};

/** The object, if the user may reach it, and the creator it belongs to. */
const reachable = async (deps: Deps, targets: ReactionTargets, user: SessionUser, input: ReactionInput) =>
  input.objectType === 'performer'
    ? { performerId: (await visibleCreator(deps.db, user, await findPerformer(deps.db, input.objectId))).user.id }
    : targetOf(deps, targets, input.objectType).reach(deps, user, input.objectId);

const likedNouns = { feed: 'post', video: 'video', gallery: 'gallery', product: 'product', performer: 'page', story: 'story' } as const;
/** Where a like notification leads; a creator's page and a story (gone in a day) lead nowhere. */
const likedPages: Partial<Record<ReactionInput['objectType'], string>> = {
  feed: 'post',
  video: 'video',
  gallery: 'gallery',
  product: 'product',
};

/** Likes or bookmarks an object; doing it again changes nothing. */
export async function react(deps: Deps, targets: ReactionTargets, user: SessionUser, input: ReactionInput) {
  const { performerId } = await reachable(deps, targets, user, input);
  await deps.db.transaction(async (tx) => {
    const inserted = await insertReaction(tx, user.id, input);
    if (!inserted.length) return;
    if (input.action === 'like' && input.objectType !== 'performer')
      await targetOf(deps, targets, input.objectType).countLikes?.(tx, input.objectId, 1);
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

export async function unreact(deps: Deps, targets: ReactionTargets, user: SessionUser, input: ReactionInput) {
  await deps.db.transaction(async (tx) => {
    const removed = await deleteReaction(tx, user.id, input);
    if (removed.length && input.action === 'like' && input.objectType !== 'performer')
      await targetOf(deps, targets, input.objectType).countLikes?.(tx, input.objectId, -1);
  });
}

/** The creators the user bookmarked and may still see, newest first. */
export async function bookmarkedPerformers(deps: Deps, user: SessionUser, page: { offset: number; limit: number }) {
  const { rows, total } = await pageOfBookmarkedPerformers(deps.db, user, page);
  return { data: rows.map((row) => ({ ...row, objectId: row.performer._id })), total };
}
