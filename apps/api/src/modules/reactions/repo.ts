import type { ReactionInput } from '@limelight/contracts';
import { and, desc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { reactions } from '../../db/schema/reactions';
import type { SessionUser } from '../../platform/auth';
import { pageOfLinkedPerformers } from '../performers';

/** Which of these objects the viewer liked or bookmarked, in one query. */
export async function viewerReactions(db: Queryable, viewer: SessionUser | undefined, objectType: string, objectIds: string[]) {
  const rows =
    viewer && objectIds.length
      ? await db
          .select({ objectId: reactions.objectId, action: reactions.action })
          .from(reactions)
          .where(and(eq(reactions.userId, viewer.id), eq(reactions.objectType, objectType), inArray(reactions.objectId, objectIds)))
      : [];
  return (objectId: string, action: 'like' | 'bookmark') => rows.some((row) => row.objectId === objectId && row.action === action);
}

/** Drops every reaction to objects that are gone (a deleted comment), in the caller's transaction. */
export const forgetReactions = (tx: Queryable, objectType: string, objectIds: string[]) =>
  tx.delete(reactions).where(and(eq(reactions.objectType, objectType), inArray(reactions.objectId, objectIds)));

/** Whether `viewerId` gave `objectId` this reaction, as an SQL expression for a hand-written statement. */
export const viewerReactedSql = (viewerId: SQL, objectType: string, objectId: SQL, action: 'like' | 'bookmark') =>
  sql<boolean>`exists(select 1 from ${reactions} where ${reactions.userId} = ${viewerId} and ${reactions.objectType} = ${objectType}
    and ${reactions.objectId} = ${objectId} and ${reactions.action} = ${action})`;

/**
 * One page of the viewer's bookmarks of one kind, newest first, among the items `shownIds` (a
 * subquery of ids) still lets fans see; each item loaded in one query and presented for them.
 */
export async function bookmarkedPage<Row extends { id: string }, Item>(
  db: Queryable,
  viewer: SessionUser,
  objectType: string,
  items: { shownIds: SQLWrapper; load(ids: string[]): Promise<Row[]>; present(rows: Row[]): Promise<Item[]> },
  page: { offset: number; limit: number },
) {
  const where = and(
    eq(reactions.userId, viewer.id),
    eq(reactions.objectType, objectType),
    eq(reactions.action, 'bookmark'),
    inArray(reactions.objectId, items.shownIds),
  );
  const { rows: bookmarks, total } = await pageOf(
    db.select().from(reactions).where(where).orderBy(desc(reactions.createdAt), desc(reactions.id)).$dynamic(),
    page,
    db.$count(reactions, where),
  );
  const loaded = bookmarks.length ? await items.load(bookmarks.map((bookmark) => bookmark.objectId)) : [];
  const ordered = bookmarks.map((bookmark) => loaded.find((row) => row.id === bookmark.objectId)!);
  const presented = await items.present(ordered);
  return {
    data: bookmarks.map((bookmark, index) => ({
      _id: bookmark.id,
      objectId: bookmark.objectId,
      item: presented[index]!,
      createdAt: bookmark.createdAt.toISOString(),
    })),
    total,
  };
}

/** Records the user's reaction unless they gave it already: the new row's id, or none. */
export const insertReaction = (tx: Queryable, userId: string, input: ReactionInput) =>
  tx
    .insert(reactions)
    .values({ userId, ...input })
    .onConflictDoNothing()
    .returning({ id: reactions.id });

/** Takes back the user's reaction: the removed row's id, or none if they had not given it. */
export const deleteReaction = (tx: Queryable, userId: string, input: ReactionInput) =>
  tx
    .delete(reactions)
    .where(
      and(
        eq(reactions.userId, userId),
        eq(reactions.objectType, input.objectType),
        eq(reactions.objectId, input.objectId),
        eq(reactions.action, input.action),
      ),
    )
    .returning({ id: reactions.id });

/** One page of the creators the user bookmarked and may still see, newest first, and their total. */
export const pageOfBookmarkedPerformers = (db: Queryable, user: SessionUser, page: { offset: number; limit: number }) =>
  pageOfLinkedPerformers(
    db,
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
