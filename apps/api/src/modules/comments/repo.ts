import type { commentQuerySchema } from '@limelight/contracts';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { files } from '../../db/read/media';
import { comments } from '../../db/schema/comments';
import { type AdminRowFilters, adminRowPage, nullValue } from '../../platform/admin-rows';
import type { SessionUser } from '../../platform/auth';
import { likeCounter } from '../../platform/counters';
import { notHeld } from '../access';
import { viewerReactedSql } from '../reactions';

/** A list of comments as the routes ask for it: its item, its thread, its order and its page. */
export type CommentsQuery = Omit<z.output<typeof commentQuerySchema>, 'objectType'> & { objectType: string };

/** One comment by its id, deleted or not. */
export async function commentById(db: Queryable, id: string) {
  const [comment] = await db.select().from(comments).where(eq(comments.id, id));
  return comment;
}

/** Records a new comment by its author. */
export async function insertComment(tx: Queryable, values: typeof comments.$inferInsert) {
  const [comment] = await tx.insert(comments).values(values).returning();
  return comment!;
}

/** One more reply under a top-level comment. */
export const countReply = (tx: Queryable, parentId: string) =>
  tx
    .update(comments)
    .set({ replyCount: sql`${comments.replyCount} + 1` })
    .where(eq(comments.id, parentId));

/** One reply fewer under a top-level comment, never below zero: the parent as it is now. */
export async function uncountReply(tx: Queryable, parentId: string) {
  const [parent] = await tx
    .update(comments)
    .set({ replyCount: sql`greatest(${comments.replyCount} - 1, 0)` })
    .where(eq(comments.id, parentId))
    .returning();
  return parent;
}

/** The author's new text and photo of a comment. */
export async function updateCommentContent(db: Queryable, id: string, values: { content: string; imageFileId: string | null }) {
  const [row] = await db.update(comments).set(values).where(eq(comments.id, id)).returning();
  return row;
}

/** Leaves a deleted comment with replies as a placeholder: no text, no photo, no likes. */
export const blankComment = (tx: Queryable, id: string) =>
  tx.update(comments).set({ deletedAt: new Date(), content: '', imageFileId: null, likeCount: 0 }).where(eq(comments.id, id));

/** Deletes one comment for good. */
export const deleteCommentRow = (tx: Queryable, id: string) => tx.delete(comments).where(eq(comments.id, id));

/** A like counted on the comment (handed to the reactions module). */
export const countCommentLikes = likeCounter(comments);

/** A query of comments with whether the viewer liked each, read in the same statement (its filters and order are the caller's). */
function commentRows(db: Queryable, viewer: SessionUser | undefined) {
  const viewerId = viewer ? sql`${viewer.id}::uuid` : sql`null::uuid`;
  return db
    .select({ comment: comments, isLiked: viewerReactedSql(viewerId, 'comment', sql`${comments.id}`, 'like') })
    .from(comments)
    .$dynamic();
}

/** One comment with whether the viewer liked it. */
export const commentWithLike = (db: Queryable, viewer: SessionUser | undefined, id: string) =>
  commentRows(db, viewer).where(eq(comments.id, id));

/** One page of an item's top-level comments, or of the replies under one, each with the viewer's like, and their total. */
export function pageOfComments(db: Queryable, viewer: SessionUser | undefined, query: CommentsQuery) {
  const where = and(
    eq(comments.objectType, query.objectType),
    eq(comments.objectId, query.objectId),
    query.parentId ? eq(comments.parentId, query.parentId) : isNull(comments.parentId),
    // Comments hidden by moderation are gone for all but their author and admins (decision 046).
    notHeld(viewer, comments.id, comments.userId),
  );
  const direction = query.sort === 'asc' ? asc : desc;
  return pageOf(
    commentRows(db, viewer).where(where).orderBy(direction(comments.createdAt), direction(comments.id)),
    query,
    db.$count(comments, where),
  );
}

/** The files of the comments' photos. */
export const photoFiles = (db: Queryable, ids: string[]) => db.select().from(files).where(inArray(files.id, ids));

/** Comments for the admin's console, with what they are on (decision 052). */
export const adminCommentRows = (db: Queryable, filters: AdminRowFilters) =>
  adminRowPage(
    db,
    {
      table: comments,
      select: {
        id: comments.id,
        title: sql`left(${comments.content}, 200)`,
        status: sql`case when ${comments.deletedAt} is not null then 'deleted' else 'active' end`,
        ownerId: comments.userId,
        otherId: nullValue,
        amountCents: nullValue,
        count: comments.replyCount,
        parentId: comments.objectId,
        parentType: comments.objectType,
        createdAt: comments.createdAt,
        updatedAt: comments.updatedAt,
      },
      id: comments.id,
      createdAt: comments.createdAt,
      users: [comments.userId],
      status: sql`case when ${comments.deletedAt} is not null then 'deleted' else 'active' end`,
      parent: comments.objectId,
      text: [comments.content],
    },
    filters,
  );
