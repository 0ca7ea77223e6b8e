import type { performerVideoQuerySchema, videoSearchQuerySchema } from '@limelight/contracts';
import { and, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { files } from '../../db/read/media';
import { videos } from '../../db/schema/videos';
import type { Deps } from '../../deps';
import { type AdminRowFilters, adminRowPage, nullValue, statusOrDeleted } from '../../platform/admin-rows';
import type { SessionUser } from '../../platform/auth';
import { commentCounter, likeCounter } from '../../platform/counters';
import { escapeLike } from '../../platform/http';
import { performerOf } from '../../platform/selling';
import { countView, keepSoldOnes, libraryPage, lockedItemsOf, openedItem, ownedBy, ownItem, shownTo, visibleItem } from '../library';

export type VideoRow = typeof videos.$inferSelect;
export type VideoFileColumn = 'fileId' | 'teaserFileId' | 'thumbnailFileId';

/** Videos for the admin's console, of every status (decision 052). */
export const adminVideoRows = (db: Queryable, filters: AdminRowFilters) =>
  adminRowPage(
    db,
    {
      table: videos,
      select: {
        id: videos.id,
        title: videos.title,
        status: statusOrDeleted(videos),
        ownerId: videos.performerId,
        otherId: nullValue,
        amountCents: videos.priceCents,
        count: videos.viewCount,
        parentId: nullValue,
        parentType: nullValue,
        createdAt: videos.createdAt,
        updatedAt: videos.updatedAt,
      },
      id: videos.id,
      createdAt: videos.createdAt,
      users: [videos.performerId],
      status: videos.status,
      text: [videos.title, videos.description],
    },
    filters,
  );

/** A like counted on the video (handed to the reactions module). */
export const countVideoLikes = likeCounter(videos);

/** A comment counted on the video (handed to the comments module). */
export const countVideoComments = commentCounter(videos);

/** The creator a video belongs to, whatever its state. */
export const videoOwnerOf = performerOf(videos);

/** A video by id, whatever its state; none when there is none. */
export async function findVideo(db: Queryable, id: string) {
  const [row] = await db.select().from(videos).where(eq(videos.id, id));
  return row;
}

/** Inserts a video and returns its row. */
export async function insertVideo(tx: Queryable, values: typeof videos.$inferInsert) {
  const [saved] = await tx.insert(videos).values(values).returning();
  return saved!;
}

/** Writes a video's fields and returns its row. */
export async function updateVideo(tx: Queryable, id: string, values: Partial<typeof videos.$inferInsert>) {
  const [saved] = await tx.update(videos).set(values).where(eq(videos.id, id)).returning();
  return saved!;
}

/** Takes one file (the teaser or the thumbnail) off a video. */
export const clearVideoFile = (tx: Queryable, id: string, column: 'teaserFileId' | 'thumbnailFileId') =>
  tx
    .update(videos)
    .set({ [column]: null })
    .where(eq(videos.id, id));

/** All of a creator's videos not deleted yet, locked. */
export const lockedVideosOf = (tx: Queryable, performerId: string) => lockedItemsOf(tx, videos, performerId);

/** The sold videos (`sold`) deleted and kept for their buyers; answers the others, for the caller to delete. */
export const keepSoldVideos = (tx: Queryable, rows: VideoRow[], sold: Set<string>) => keepSoldOnes(tx, videos, rows, sold);

/** Deletes these videos. */
export const deleteVideos = (tx: Queryable, ids: string[]) => tx.delete(videos).where(inArray(videos.id, ids));

/** A video of the creator's own (any state but deleted), optionally locked for a change; else 404. */
export const ownVideoRow = (db: Queryable, performer: SessionUser, id: string, forUpdate = false) =>
  ownItem(db, videos, performer, id, 'Video', forUpdate);

/** One video for a visitor: shown to fans, unless the viewer owns it or is an admin; else 404. */
export const visibleVideoRow = (db: Queryable, viewer: SessionUser | undefined, id: string) => visibleItem(db, videos, viewer, id, 'Video');

/** A video's own page: a visible one, or one its creator deleted to its buyers alone. */
export const openedVideoRow = (db: Queryable, viewer: SessionUser | undefined, id: string) =>
  openedItem(db, videos, viewer, id, 'Video', 'video');

/** Counts one view of the video and answers the count (none for its creator). */
export const countVideoView = (db: Queryable, video: VideoRow, viewer: SessionUser | undefined) => countView(db, videos, video, viewer);

type PresentPage<P> = (rows: VideoRow[]) => Promise<P[]>;

const videosPage = <P>(deps: Deps, where: SQL | undefined, query: z.output<typeof videoSearchQuerySchema>, present: PresentPage<P>) =>
  libraryPage(deps, videos, where, query, present);

const filtersOf = (query: z.output<typeof videoSearchQuerySchema>) => [
  query.q ? ilike(videos.title, `%${escapeLike(query.q)}%`) : undefined,
  query.tags?.length
    ? sql`${videos.tags} ?| ${sql`array[${sql.join(
        query.tags.map((tag) => sql`${tag}`),
        sql`, `,
      )}]`}`
    : undefined,
  query.isSale ? eq(videos.isSale, query.isSale === 'true') : undefined,
];

/** A page of the videos shown to this viewer that match the search, and their total. */
export function shownVideosPage<P>(
  deps: Deps,
  viewer: SessionUser | undefined,
  query: z.output<typeof videoSearchQuerySchema>,
  present: PresentPage<P>,
) {
  const where = and(
    shownTo(viewer, videos),
    query.performerId ? eq(videos.performerId, query.performerId) : undefined,
    ...filtersOf(query),
  );
  return videosPage(deps, where, query, present);
}

/** A page of the creator's own videos, drafts and inactive ones included, and their total. */
export function ownVideosPage<P>(
  deps: Deps,
  performer: SessionUser,
  query: z.output<typeof performerVideoQuerySchema>,
  present: PresentPage<P>,
) {
  const where = and(ownedBy(videos, performer), query.status ? eq(videos.status, query.status) : undefined, ...filtersOf(query));
  return videosPage(deps, where, query, present);
}

/** The files of these ids, in no order. */
export const filesByIds = (db: Queryable, fileIds: string[]) => db.select().from(files).where(inArray(files.id, fileIds));

/** The ids of the videos shown to this viewer, as a subquery (a bookmark list's filter). */
export const shownVideoIds = (db: Queryable, viewer: SessionUser) =>
  db.select({ id: videos.id }).from(videos).where(shownTo(viewer, videos));

/** Videos by id, in no order. */
export const videosByIds = (db: Queryable, ids: string[]) => db.select().from(videos).where(inArray(videos.id, ids));
