import { type Comment, ErrorCode, mentionedUsernames } from '@limelight/contracts';
import type { Queryable } from '../../db/client';
import type { comments } from '../../db/schema/comments';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { publicUrl } from '../../platform/storage';
import { assertMayAnswerComment, assertNotHeldFrom, blockedPairs, may, mayDeleteComment } from '../access';
import { deleteFileRecords, saveImageFile } from '../media';
import { notify } from '../notifications';
import { forgetReactions } from '../reactions';
import { findByUsernames, publicUsersById } from '../users';
import {
  blankComment,
  type CommentsQuery,
  commentById,
  commentWithLike,
  countReply,
  deleteCommentRow,
  insertComment,
  pageOfComments,
  photoFiles,
  uncountReply,
  updateCommentContent,
} from './repo';

/** app.ts hands the comments' like counter to the reactions module from here. */

/** What comments are on: any sellable that takes comments (`deps.sellables`, decision 076). */
type ObjectType = string;
/** A comment as answered: on any commentable sellable's item (the routes' schema names the kinds). */
type PresentedComment = Omit<Comment, 'objectType'> & { objectType: ObjectType };
/** The commentable sellable of this type; the routes' schemas admit no other. */
const commentsOn = (deps: Pick<Deps, 'sellables'>, objectType: ObjectType) => deps.sellables.of(objectType).comments!;
const nounOf = (deps: Pick<Deps, 'sellables'>, objectType: ObjectType) => deps.sellables.of(objectType).noun;
/** The web page of the commented content, where a notification about it leads. */
const commentedPage = (deps: Pick<Deps, 'sellables'>, input: { objectType: ObjectType; objectId: string }) =>
  `/${commentsOn(deps, input.objectType).page}/${input.objectId}`;

type CommentRow = typeof comments.$inferSelect;
type NewComment = { objectType: ObjectType; objectId: string; content: string; parentId?: string };

/** Only those who may see the content itself may comment on it, and reply to or like its comments. */
async function assertMayComment(deps: Deps, viewer: SessionUser, input: { objectType: ObjectType; objectId: string }, verb: string) {
  const target = await commentsOn(deps, input.objectType).find(deps, viewer, input.objectId);
  if (target.isKept) throw conflict(`This ${nounOf(deps, input.objectType)} was deleted: its comments are closed`);
  if (!target.canView) {
    throw new AppError(403, ErrorCode.forbidden, `Subscribe or unlock this ${nounOf(deps, input.objectType)} to ${verb}`);
  }
  return target;
}

/** The top-level comment a reply goes under: on the same item, still there, its author not in a block with the replier. */
async function parentFor(deps: Deps, author: SessionUser, input: NewComment & { parentId: string }) {
  const parent = await commentById(deps.db, input.parentId);
  if (!parent || parent.deletedAt || parent.objectType !== input.objectType || parent.objectId !== input.objectId)
    throw notFound('Comment');
  if (parent.parentId) {
    throw badRequest('parentId must name a top-level comment: replies are one level deep', [
      { field: 'parentId', message: 'must name a top-level comment' },
    ]);
  }
  await assertMayAnswerComment(deps.db, author, { authorId: parent.userId });
  return parent;
}

export async function createComment(deps: Deps, author: SessionUser, input: NewComment) {
  const target = await assertMayComment(deps, author, input, 'comment on it');
  const parent = input.parentId ? await parentFor(deps, author, { ...input, parentId: input.parentId }) : undefined;
  const row = await deps.db.transaction(async (tx) => {
    const comment = await insertComment(tx, { ...input, userId: author.id });
    await commentsOn(deps, input.objectType).count(tx, input.objectId, 1);
    if (parent) {
      await countReply(tx, parent.id);
      await notify(deps, tx, {
        userId: parent.userId,
        kind: 'reply',
        actorId: author.id,
        text: `${author.name} replied to your comment: ${input.content.slice(0, 80)}`,
        link: commentedPage(deps, input),
      });
    }
    // The creator hears of every comment on their content, unless it answers their own (told above).
    if (parent?.userId !== target.ownerId) {
      await notify(deps, tx, {
        userId: target.ownerId,
        kind: 'comment',
        actorId: author.id,
        text: `${author.name} commented on your ${nounOf(deps, input.objectType)}: ${input.content.slice(0, 80)}`,
        link: commentedPage(deps, input),
      });
    }
    await notifyMentioned(deps, tx, author, input, [target.ownerId, ...(parent ? [parent.userId] : [])]);
    return comment;
  });
  return (await presentComments(deps, author, [{ ...row, isLiked: false }], target.ownerId))[0]!;
}

/**
 * Tells the people a new comment mentions (`@username`): not its author, nor those told of the
 * comment already (the owner, the author of the comment replied to), nor anyone in a block with the author either way. An edit tells nobody
 * new, so a comment cannot be edited into a stream of mentions.
 */
async function notifyMentioned(
  deps: Deps,
  tx: Queryable,
  author: SessionUser,
  input: { objectType: ObjectType; objectId: string; content: string },
  toldAlready: string[],
) {
  const mentioned = (await findByUsernames(tx, mentionedUsernames(input.content))).filter(
    (user) => !toldAlready.includes(user.id) && user.status === 'active',
  );
  const blocked = await blockedPairs(
    tx,
    author,
    mentioned.map((user) => user.id),
  );
  for (const user of mentioned) {
    if (blocked.has(user.id)) continue;
    await notify(deps, tx, {
      userId: user.id,
      kind: 'mention',
      actorId: author.id,
      text: `${author.name} mentioned you in a comment: ${input.content.slice(0, 80)}`,
      link: commentedPage(deps, input),
    });
  }
}

/** The author edits the text and may add or replace a photo. */
export async function updateComment(deps: Deps, author: SessionUser, id: string, input: { content?: string; image?: Buffer }) {
  const existing = await commentById(deps.db, id);
  if (!existing || !may(author, 'comment.edit', existing) || existing.deletedAt) throw notFound('Comment');
  let imageFileId = existing.imageFileId;
  if (input.image) {
    const file = await saveImageFile(deps, deps.db, { ownerId: author.id, type: 'comment-photo', access: 'public' }, input.image);
    imageFileId = file.id;
  }
  const row = await updateCommentContent(deps.db, id, { content: input.content ?? existing.content, imageFileId });
  if (existing.imageFileId && existing.imageFileId !== imageFileId) await removeFile(deps, existing.imageFileId);
  const target = await commentsOn(deps, row!.objectType).find(deps, author, row!.objectId);
  const [read] = withLikes(await commentWithLike(deps.db, author, id));
  return (await presentComments(deps, author, [read!], target.ownerId))[0]!;
}

/**
 * Its author, the owner of what it is on, or an admin may delete a comment. A top-level comment
 * with replies stays as a placeholder ("Comment deleted") so they keep their place; a placeholder
 * goes with its last reply (decision 040).
 */
export async function deleteComment(deps: Deps, viewer: SessionUser, id: string) {
  const existing = await commentById(deps.db, id);
  if (!existing || existing.deletedAt) throw notFound('Comment');
  const objectType = existing.objectType;
  // An item gone for good has no owner: its comments' authors and admins may still delete them.
  const ownerId = (await commentsOn(deps, objectType).owner(deps.db, existing.objectId)) ?? '';
  if (!mayDeleteComment(viewer, { authorId: existing.userId, ownerId })) throw notFound('Comment');
  await deps.db.transaction(async (tx) => {
    if (existing.replyCount > 0) {
      await blankComment(tx, id);
    } else {
      await deleteCommentRow(tx, id);
      if (existing.parentId) await leaveParent(tx, existing.parentId);
    }
    await forgetReactions(tx, 'comment', [id]);
    await commentsOn(deps, objectType).count(tx, existing.objectId, -1);
  });
  if (existing.imageFileId) await removeFile(deps, existing.imageFileId);
}

/** A reply is gone: its parent counts one fewer, and a placeholder left with no replies goes too. */
async function leaveParent(tx: Queryable, parentId: string) {
  const parent = await uncountReply(tx, parentId);
  if (parent?.deletedAt && parent.replyCount === 0) await deleteCommentRow(tx, parentId);
}

/**
 * A comment someone means to like: there, not a placeholder, on an item they may comment on, its
 * author not in a block with them. Handed to the reactions module (app.ts).
 */
export async function reachableComment(deps: Deps, viewer: SessionUser, id: string) {
  const comment = await commentById(deps.db, id);
  if (!comment || comment.deletedAt) throw notFound('Comment');
  await assertNotHeldFrom(deps.db, viewer, comment.id, comment.userId, 'Comment');
  const target = await assertMayComment(deps, viewer, comment, 'like its comments');
  await assertMayAnswerComment(deps.db, viewer, { authorId: comment.userId });
  return { performerId: target.ownerId };
}

/** Top-level comments of an item, or the replies under one of them, each with the viewer's like. */
export async function listComments(deps: Deps, viewer: SessionUser | undefined, query: CommentsQuery) {
  const target = await commentsOn(deps, query.objectType).find(deps, viewer, query.objectId);
  const { rows, total } = await pageOfComments(deps.db, viewer, query);
  return { data: await presentComments(deps, viewer, withLikes(rows), target.ownerId), total };
}

const withLikes = (rows: Array<{ comment: CommentRow; isLiked: boolean }>) => rows.map((row) => ({ ...row.comment, isLiked: row.isLiked }));

async function presentComments(
  deps: Deps,
  viewer: SessionUser | undefined,
  rows: Array<CommentRow & { isLiked: boolean }>,
  ownerId: string,
): Promise<PresentedComment[]> {
  if (!rows.length) return [];
  const imageIds = rows.flatMap((row) => (row.imageFileId ? [row.imageFileId] : []));
  const [authors, images] = await Promise.all([
    publicUsersById(
      deps.db,
      rows.flatMap((row) => (row.deletedAt ? [] : [row.userId])),
    ),
    imageIds.length ? photoFiles(deps.db, imageIds) : Promise.resolve([]),
  ]);
  return rows.map((row) => {
    const image = images.find((file) => file.id === row.imageFileId);
    const isDeleted = !!row.deletedAt;
    return {
      _id: row.id,
      objectType: row.objectType,
      objectId: row.objectId,
      parentId: row.parentId,
      content: row.content,
      imageUrl: image ? publicUrl(image.storageKey) : null,
      // A placeholder no longer says who wrote it.
      creator: isDeleted ? null : authors.get(row.userId)!,
      isDeleted,
      canDelete: !isDeleted && mayDeleteComment(viewer, { authorId: row.userId, ownerId }),
      replyCount: row.replyCount,
      likeCount: row.likeCount,
      isLiked: row.isLiked,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

async function removeFile(deps: Deps, fileId: string) {
  const [file] = await deleteFileRecords(deps.db, [fileId]);
  if (file)
    await deps.storage.remove(file.storageKey).catch((error: unknown) => deps.log.warn({ err: error }, 'comment photo not removed'));
}
