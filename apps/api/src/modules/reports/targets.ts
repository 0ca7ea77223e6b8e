import type { ModerationTargetType } from '@limelight/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { comments } from '../../db/read/comments';
import { feedFiles, feeds } from '../../db/read/feeds';
import { galleries, photos } from '../../db/read/galleries';
import { files } from '../../db/read/media';
import { conversationMembers, messageFiles, messages } from '../../db/read/messages';
import { productImages, products } from '../../db/read/shop';
import { stories } from '../../db/read/stories';
import { streamSessions } from '../../db/read/streaming';
import { users } from '../../db/read/users';
import { videos } from '../../db/read/videos';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { AppError, notFound } from '../../platform/errors';
import { assertMayReach, assertNotHeldFrom, visibleCreatorWith } from '../access';
import { visibleFeed } from '../feeds';
import { visibleGallery } from '../galleries';
import { findCreatorForViewer } from '../performers';
import { reachableProduct } from '../shop';
import { visibleVideo } from '../videos';

/**
 * Whether the reporter may see what they report, by the same policies the content's own module
 * uses to show it (decision 046). Anything they may not see answers 404, exactly like a missing
 * one: a report never confirms that a draft, another pair's message or a blocking creator's post
 * exists.
 */
const seen: Record<ModerationTargetType, (deps: Deps, viewer: SessionUser, id: string) => Promise<unknown>> = {
  feed: (deps, viewer, id) => visibleFeed(deps, viewer, id),
  video: (deps, viewer, id) => visibleVideo(deps, viewer, id),
  gallery: (deps, viewer, id) => visibleGallery(deps, viewer, id),
  product: (deps, viewer, id) => reachableProduct(deps, viewer, id),
  photo: async (deps, viewer, id) => {
    const [photo] = await deps.db.select().from(photos).where(eq(photos.id, id));
    if (!photo) throw notFound('Photo');
    await visibleGallery(deps, viewer, photo.galleryId);
    await assertNotHeldFrom(deps.db, viewer, photo.id, photo.performerId, 'Photo');
  },
  story: async (deps, viewer, id) => {
    const [story] = await deps.db.select().from(stories).where(eq(stories.id, id));
    if (!story) throw notFound('Story');
    await assertNotHeldFrom(deps.db, viewer, story.id, story.performerId, 'Story');
    await assertMayReach(deps.db, viewer, story.performerId);
  },
  comment: async (deps, viewer, id) => {
    const [comment] = await deps.db.select().from(comments).where(eq(comments.id, id));
    if (!comment || comment.deletedAt) throw notFound('Comment');
    await assertNotHeldFrom(deps.db, viewer, comment.id, comment.userId, 'Comment');
    await seen[comment.objectType as 'feed' | 'video' | 'gallery'](deps, viewer, comment.objectId);
  },
  message: async (deps, viewer, id) => {
    const [row] = await deps.db
      .select({ id: messages.id, senderId: messages.senderId })
      .from(messages)
      .innerJoin(conversationMembers, eq(conversationMembers.conversationId, messages.conversationId))
      .where(and(eq(messages.id, id), eq(messages.isDeleted, false), eq(conversationMembers.userId, viewer.id)));
    if (!row) throw notFound('Message');
    await assertNotHeldFrom(deps.db, viewer, row.id, row.senderId, 'Message');
  },
  liveChat: async (deps, viewer, id) => {
    const [row] = await deps.db
      .select({ id: messages.id, senderId: messages.senderId, performerId: streamSessions.performerId })
      .from(messages)
      .innerJoin(streamSessions, eq(streamSessions.conversationId, messages.conversationId))
      .where(and(eq(messages.id, id), eq(messages.isDeleted, false)));
    if (!row) throw notFound('Chat line');
    await assertNotHeldFrom(deps.db, viewer, row.id, row.senderId, 'Chat line');
    await assertMayReach(deps.db, viewer, row.performerId);
  },
  live: async (deps, viewer, id) => {
    const [session] = await deps.db.select().from(streamSessions).where(eq(streamSessions.id, id));
    if (!session) throw notFound('Live session');
    await assertNotHeldFrom(deps.db, viewer, session.id, session.performerId, 'Live session');
    await assertMayReach(deps.db, viewer, session.performerId);
  },
  performer: async (deps, viewer, id) => visibleCreatorWith(viewer, await findCreatorForViewer(deps.db, id, viewer)),
};

/** Throws 404 (never 403) unless the reporter may see the target. */
export async function assertReportable(deps: Deps, viewer: SessionUser, type: ModerationTargetType, id: string) {
  try {
    await seen[type](deps, viewer, id);
  } catch (error) {
    if (error instanceof AppError && (error.statusCode === 403 || error.statusCode === 404)) throw notFound('What you reported');
    throw error;
  }
}

/** A piece of content as moderation sees it: whose it is, its words, its files. */
export type Target = {
  ownerId: string | null;
  title: string;
  text: string;
  fileIds: string[];
  library?: 'feeds' | 'videos' | 'galleries' | 'products';
};

const fileIdsOf = (...ids: Array<string | null | undefined>) => ids.filter((id): id is string => !!id);

export const targetReaders: Record<ModerationTargetType, (db: Queryable, id: string) => Promise<Target | undefined>> = {
  feed: async (db, id) => {
    const [row] = await db.select().from(feeds).where(eq(feeds.id, id));
    if (!row) return undefined;
    const attached = await db.select({ id: feedFiles.fileId }).from(feedFiles).where(eq(feedFiles.feedId, id));
    return {
      ownerId: row.performerId,
      title: 'Post',
      text: row.text,
      fileIds: fileIdsOf(...attached.map((file) => file.id), row.thumbnailFileId, row.teaserFileId),
      library: 'feeds',
    };
  },
  video: async (db, id) => {
    const [row] = await db.select().from(videos).where(eq(videos.id, id));
    return (
      row && {
        ownerId: row.performerId,
        title: row.title,
        text: row.description,
        fileIds: fileIdsOf(row.fileId, row.teaserFileId, row.thumbnailFileId),
        library: 'videos',
      }
    );
  },
  gallery: async (db, id) => {
    const [row] = await db.select().from(galleries).where(eq(galleries.id, id));
    if (!row) return undefined;
    const rows = await db.select({ id: photos.fileId }).from(photos).where(eq(photos.galleryId, id));
    return { ownerId: row.performerId, title: row.title, text: row.description, fileIds: rows.map((r) => r.id), library: 'galleries' };
  },
  photo: async (db, id) => {
    const [row] = await db.select().from(photos).where(eq(photos.id, id));
    return row && { ownerId: row.performerId, title: row.title || 'Photo', text: '', fileIds: [row.fileId] };
  },
  product: async (db, id) => {
    const [row] = await db.select().from(products).where(eq(products.id, id));
    if (!row) return undefined;
    const images = await db.select({ id: productImages.fileId }).from(productImages).where(eq(productImages.productId, id));
    return {
      ownerId: row.performerId,
      title: row.title,
      text: row.description,
      fileIds: fileIdsOf(...images.map((image) => image.id), row.digitalFileId),
      library: 'products',
    };
  },
  story: async (db, id) => {
    const [row] = await db.select().from(stories).where(eq(stories.id, id));
    return row && { ownerId: row.performerId, title: 'Story', text: row.text, fileIds: fileIdsOf(row.fileId) };
  },
  comment: async (db, id) => {
    const [row] = await db.select().from(comments).where(eq(comments.id, id));
    return row && { ownerId: row.userId, title: 'Comment', text: row.content, fileIds: fileIdsOf(row.imageFileId) };
  },
  message: async (db, id) => {
    const [row] = await db.select().from(messages).where(eq(messages.id, id));
    if (!row) return undefined;
    const attached = await db.select({ id: messageFiles.fileId }).from(messageFiles).where(eq(messageFiles.messageId, id));
    return { ownerId: row.senderId, title: 'Message', text: row.text, fileIds: attached.map((file) => file.id) };
  },
  liveChat: async (db, id) => {
    const [row] = await db.select().from(messages).where(eq(messages.id, id));
    return row && { ownerId: row.senderId, title: 'Live chat line', text: row.text, fileIds: [] };
  },
  live: async (db, id) => {
    const [row] = await db.select().from(streamSessions).where(eq(streamSessions.id, id));
    return row && { ownerId: row.performerId, title: row.title || 'Live session', text: row.description, fileIds: [] };
  },
  performer: async (db, id) => {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row && { ownerId: row.id, title: row.username ?? 'Creator', text: row.name ?? '', fileIds: [] };
  },
};

export async function readTarget(db: Queryable, type: string, id: string) {
  const reader = targetReaders[type as ModerationTargetType];
  return reader ? reader(db, id) : undefined;
}

export async function filesById(db: Queryable, ids: string[]) {
  if (!ids.length) return [];
  return db.select().from(files).where(inArray(files.id, ids));
}
