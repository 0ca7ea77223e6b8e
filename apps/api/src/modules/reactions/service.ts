import type { ReactionInput } from '@limelight/contracts';
import { and, eq } from 'drizzle-orm';
import { reactions } from '../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { findPerformer, pageOfLinkedPerformers } from '../performers/repo';
import { isListed } from '../performers/service';

/** Checks that the object exists and the user may see it, per object type. */
const visible: Record<ReactionInput['objectType'], (deps: Deps, id: string) => Promise<boolean>> = {
  performer: async (deps, id) => {
    const performer = await findPerformer(deps.db, id);
    return !!performer && isListed(performer);
  },
};

/** Likes or bookmarks an object; doing it again changes nothing. */
export async function react(deps: Deps, user: SessionUser, input: ReactionInput) {
  if (!(await visible[input.objectType](deps, input.objectId))) throw notFound(input.objectType === 'performer' ? 'Creator' : 'Item');
  await deps.db
    .insert(reactions)
    .values({ userId: user.id, ...input })
    .onConflictDoNothing();
}

export async function unreact(deps: Deps, user: SessionUser, input: ReactionInput) {
  await deps.db
    .delete(reactions)
    .where(
      and(
        eq(reactions.userId, user.id),
        eq(reactions.objectType, input.objectType),
        eq(reactions.objectId, input.objectId),
        eq(reactions.action, input.action),
      ),
    );
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
