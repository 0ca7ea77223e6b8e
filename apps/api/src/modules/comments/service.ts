import { randomUUID } from 'node:crypto';
import { type Comment, type commentQuerySchema, ErrorCode, mentionedUsernames } from '@limelight/contracts';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { comments, feeds, files, galleries, videos } from '../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { AppError, notFound } from '../../platform/errors';
import { processImage } from '../../platform/images';
import { PUBLIC_PREFIX, publicUrl } from '../../platform/storage';
import { blockedPairs, canViewOne, type Gated, mayDeleteComment } from '../access';
import { visibleFeed } from '../feeds';
import { visibleGallery } from '../galleries';
import { notify } from '../notifications';
import { findByUsernames, publicUsersById } from '../users';
import { visibleVideo } from '../videos';

type ObjectType = Comment['objectType'];
type Target = { ownerId: string; canView: boolean };
const nouns: Record<ObjectType, string> = { feed: 'post', video: 'video', gallery: 'gallery' };
/** The web page of the commented content, where a notification about it leads. */
const pageOf = (input: { objectType: ObjectType; objectId: string }) =>
  `/${input.objectType === 'feed' ? 'post' : input.objectType}/${input.objectId}`;

/** Per commentable kind: find it for this viewer (404 when hidden) and keep its comment count. */
const targets: Record<
  ObjectType,
  {
    find(deps: Deps, viewer: SessionUser | undefined, id: string): Promise<Target>;
    count(tx: Queryable, id: string, by: number): Promise<unknown>;
  }
> = {
  feed: gated('feed', visibleFeed, feeds),
  video: gated('video', visibleVideo, videos),
  gallery: gated('gallery', visibleGallery, galleries),
};

/** A commentable item sold or kept for subscribers: found for the viewer, its access checked. */
function gated(
  itemType: 'feed' | 'video' | 'gallery',
  find: (deps: Deps, viewer: SessionUser | undefined, id: string) => Promise<Gated>,
  table: typeof feeds | typeof videos | typeof galleries,
) {
  return {
    async find(deps: Deps, viewer: SessionUser | undefined, id: string): Promise<Target> {
      const item = await find(deps, viewer, id);
      return { ownerId: item.performerId, canView: await canViewOne(deps.db, viewer, itemType, item) };
    },
    count: (tx: Queryable, id: string, by: number) =>
      tx
        .update(table)
        .set({ commentCount: sql`greatest(${table.commentCount} + ${by}, 0)` })
        .where(eq(table.id, id)),
  };
}

/** Only those who may see the content itself may comment on it. */
export async function createComment(deps: Deps, author: SessionUser, input: { objectType: ObjectType; objectId: string; content: string }) {
  const target = await targets[input.objectType].find(deps, author, input.objectId);
  if (!target.canView) {
    throw new AppError(403, ErrorCode.forbidden, `Subscribe or unlock this ${nouns[input.objectType]} to comment on it`);
  }
  const row = await deps.db.transaction(async (tx) => {
    const [comment] = await tx
      .insert(comments)
      .values({ ...input, userId: author.id })
      .returning();
    await targets[input.objectType].count(tx, input.objectId, 1);
    await notify(deps, tx, {
      userId: target.ownerId,
      kind: 'comment',
      actorId: author.id,
      text: `${author.name} commented on your ${nouns[input.objectType]}: ${input.content.slice(0, 80)}`,
      link: pageOf(input),
    });
    await notifyMentioned(deps, tx, author, input, target.ownerId);
    return comment!;
  });
  return (await presentComments(deps, author, [row], target.ownerId))[0]!;
}

/**
 * Tells the people a new comment mentions (`@username`): not its author, nor the owner (told of
 * the comment already), nor anyone in a block with the author either way. An edit tells nobody
 * new, so a comment cannot be edited into a stream of mentions.
 */
async function notifyMentioned(
  deps: Deps,
  tx: Queryable,
  author: SessionUser,
  input: { objectType: ObjectType; objectId: string; content: string },
  ownerId: string,
) {
  const mentioned = (await findByUsernames(tx, mentionedUsernames(input.content))).filter(
    (user) => user.id !== ownerId && user.status === 'active',
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
      link: pageOf(input),
    });
  }
}

/** The author edits the text and may add or replace a photo. */
export async function updateComment(deps: Deps, author: SessionUser, id: string, input: { content?: string; image?: Buffer }) {
  const [existing] = await deps.db.select().from(comments).where(eq(comments.id, id));
  if (!existing || existing.userId !== author.id) throw notFound('Comment');
  let imageFileId = existing.imageFileId;
  if (input.image) {
    const image = await processImage(input.image, { width: 1280, height: 1280 });
    const key = `${PUBLIC_PREFIX}comments/${randomUUID()}.webp`;
    await deps.storage.put(key, image.data);
    const [file] = await deps.db
      .insert(files)
      .values({
        ownerId: author.id,
        type: 'comment-photo',
        storageKey: key,
        mimeType: 'image/webp',
        size: image.data.length,
        width: image.width,
        height: image.height,
      })
      .returning();
    imageFileId = file!.id;
  }
  const [row] = await deps.db
    .update(comments)
    .set({ content: input.content ?? existing.content, imageFileId })
    .where(eq(comments.id, id))
    .returning();
  if (existing.imageFileId && existing.imageFileId !== imageFileId) await removeFile(deps, existing.imageFileId);
  const target = await targets[row!.objectType as ObjectType].find(deps, author, row!.objectId);
  return (await presentComments(deps, author, [row!], target.ownerId))[0]!;
}

/** Its author, the owner of what it is on, or an admin may delete a comment. */
export async function deleteComment(deps: Deps, viewer: SessionUser, id: string) {
  const [existing] = await deps.db.select().from(comments).where(eq(comments.id, id));
  if (!existing) throw notFound('Comment');
  const objectType = existing.objectType as ObjectType;
  const ownerId = await ownerOf(deps, objectType, existing.objectId);
  if (!mayDeleteComment(viewer, { authorId: existing.userId, ownerId })) throw notFound('Comment');
  await deps.db.transaction(async (tx) => {
    await tx.delete(comments).where(eq(comments.id, id));
    await targets[objectType].count(tx, existing.objectId, -1);
  });
  if (existing.imageFileId) await removeFile(deps, existing.imageFileId);
}

export async function listComments(deps: Deps, viewer: SessionUser | undefined, query: z.output<typeof commentQuerySchema>) {
  const target = await targets[query.objectType].find(deps, viewer, query.objectId);
  const where = and(eq(comments.objectType, query.objectType), eq(comments.objectId, query.objectId));
  const direction = query.sort === 'asc' ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select()
      .from(comments)
      .where(where)
      .orderBy(direction(comments.createdAt), direction(comments.id))
      .limit(query.limit)
      .offset(query.offset),
    deps.db.select({ total: count() }).from(comments).where(where),
  ]);
  return { data: await presentComments(deps, viewer, rows, target.ownerId), total: counted?.total ?? 0 };
}

async function ownerOf(deps: Deps, objectType: ObjectType, objectId: string) {
  const table = { feed: feeds, video: videos, gallery: galleries }[objectType];
  const [row] = await deps.db.select({ performerId: table.performerId }).from(table).where(eq(table.id, objectId));
  return row?.performerId;
}

async function presentComments(
  deps: Deps,
  viewer: SessionUser | undefined,
  rows: Array<typeof comments.$inferSelect>,
  ownerId: string,
): Promise<Comment[]> {
  if (!rows.length) return [];
  const imageIds = rows.flatMap((row) => (row.imageFileId ? [row.imageFileId] : []));
  const [authors, images] = await Promise.all([
    publicUsersById(
      deps.db,
      rows.map((row) => row.userId),
    ),
    imageIds.length ? deps.db.select().from(files).where(inArray(files.id, imageIds)) : Promise.resolve([]),
  ]);
  return rows.map((row) => {
    const image = images.find((file) => file.id === row.imageFileId);
    return {
      _id: row.id,
      objectType: row.objectType as ObjectType,
      objectId: row.objectId,
      content: row.content,
      imageUrl: image ? publicUrl(image.storageKey) : null,
      creator: authors.get(row.userId)!,
      canDelete: mayDeleteComment(viewer, { authorId: row.userId, ownerId }),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

async function removeFile(deps: Deps, fileId: string) {
  const [file] = await deps.db.delete(files).where(eq(files.id, fileId)).returning();
  if (file)
    await deps.storage.remove(file.storageKey).catch((error: unknown) => deps.log.warn({ err: error }, 'comment photo not removed'));
}
