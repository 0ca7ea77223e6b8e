import type { performerFeedQuerySchema } from '@limelight/contracts';
import { and, eq, ilike, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../../db/client';
import { pageOf } from '../../../db/paging';
import { files } from '../../../db/read/media';
import { feedFiles, feeds, polls } from '../../../db/schema/feeds';
import { type AdminRowFilters, adminRowPage, nullValue, statusOrDeleted } from '../../../platform/admin-rows';
import type { SessionUser } from '../../../platform/auth';
import { commentCounter, likeCounter } from '../../../platform/counters';
import { escapeLike, orderBy } from '../../../platform/http';
import { performerOf } from '../../../platform/selling';
import { notHeld, notHiddenFrom, openToEveryone } from '../../access';
import { keepSoldOnes, lockedItemsOf } from '../../library';
import { byIndexableCreator, byListedCreator } from '../../performers';

export type FeedRow = typeof feeds.$inferSelect;

/** Posts for the admin's console, of every status (decision 052). */
export const adminPostRows = (db: Queryable, filters: AdminRowFilters) =>
  adminRowPage(
    db,
    {
      table: feeds,
      select: {
        id: feeds.id,
        title: sql`left(${feeds.text}, 200)`,
        status: statusOrDeleted(feeds),
        ownerId: feeds.performerId,
        otherId: nullValue,
        amountCents: feeds.priceCents,
        count: feeds.commentCount,
        parentId: nullValue,
        parentType: feeds.type,
        createdAt: feeds.createdAt,
        updatedAt: feeds.updatedAt,
      },
      id: feeds.id,
      createdAt: feeds.createdAt,
      users: [feeds.performerId],
      status: feeds.status,
      text: [feeds.text],
    },
    filters,
  );

/** A like total on the post (handed to the reactions module). */
export const countFeedLikes = likeCounter(feeds);

/** A comment total on the post (handed to the comments module). */
export const countFeedComments = commentCounter(feeds);

/** The creator a post belongs to, whatever its state. */
export const feedOwnerOf = performerOf(feeds);

/** A post by id, whatever its state; none when there is none. */
export async function findFeed(db: Queryable, id: string) {
  const [row] = await db.select().from(feeds).where(eq(feeds.id, id));
  return row;
}

/** The ids of the files attached to one post as its media (not its thumbnail or teaser). */
export const mediaFileIdsOf = async (db: Queryable, feedId: string) =>
  (await db.select({ id: feedFiles.fileId }).from(feedFiles).where(eq(feedFiles.feedId, feedId))).map((file) => file.id);

/** The creator's own posts: one they deleted is its buyers' alone (decision 034). */
const ownedFeeds = (performer: SessionUser) => and(eq(feeds.performerId, performer.id), isNull(feeds.deletedAt));

/** A post of the creator's own (any state but deleted), optionally locked for a change; none when it is not theirs. */
export async function findOwnFeed(db: Queryable, performer: SessionUser, id: string, forUpdate: boolean) {
  const query = db
    .select()
    .from(feeds)
    .where(and(eq(feeds.id, id), ownedFeeds(performer)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** Inserts a post and returns its row. */
export async function insertFeed(tx: Queryable, values: typeof feeds.$inferInsert) {
  const [row] = await tx.insert(feeds).values(values).returning();
  return row!;
}

/** Writes a post's fields and returns its row. */
export async function updateFeed(tx: Queryable, id: string, values: Partial<typeof feeds.$inferInsert>) {
  const [row] = await tx.update(feeds).set(values).where(eq(feeds.id, id)).returning();
  return row!;
}

/** Takes every media file off a post. */
export const detachMedia = (tx: Queryable, feedId: string) => tx.delete(feedFiles).where(eq(feedFiles.feedId, feedId));

/** Attaches media files to a post, in the order given. */
export const attachMedia = (tx: Queryable, feedId: string, fileIds: string[]) =>
  tx.insert(feedFiles).values(fileIds.map((fileId, position) => ({ feedId, fileId, position })));

/**
 * Of these files, those the creator uploaded, and those another post than `feedId` uses as media
 * or as its thumbnail or teaser: three queries in parallel (none without files).
 */
export const attachmentClaims = (tx: Queryable, performer: SessionUser, ids: string[], feedId?: string) =>
  Promise.all([
    ids.length
      ? tx
          .select()
          .from(files)
          .where(and(inArray(files.id, ids), eq(files.ownerId, performer.id)))
      : Promise.resolve([]),
    ids.length
      ? tx
          .select({ fileId: feedFiles.fileId })
          .from(feedFiles)
          .where(and(inArray(feedFiles.fileId, ids), feedId ? ne(feedFiles.feedId, feedId) : undefined))
      : Promise.resolve([]),
    ids.length
      ? tx
          .select({ thumbnail: feeds.thumbnailFileId, teaser: feeds.teaserFileId })
          .from(feeds)
          .where(and(or(inArray(feeds.thumbnailFileId, ids), inArray(feeds.teaserFileId, ids)), feedId ? ne(feeds.id, feedId) : undefined))
      : Promise.resolve([]),
  ]);

/** The creator's own poll; none when it is not theirs. */
export async function findOwnPoll(tx: Queryable, performer: SessionUser, pollId: string) {
  const [poll] = await tx
    .select()
    .from(polls)
    .where(and(eq(polls.id, pollId), eq(polls.performerId, performer.id)));
  return poll;
}

/** A post other than `feedId` that has this poll; none when the poll is free. */
export async function feedWithPoll(tx: Queryable, pollId: string, feedId?: string) {
  const [taken] = await tx
    .select({ id: feeds.id })
    .from(feeds)
    .where(and(eq(feeds.pollId, pollId), feedId ? ne(feeds.id, feedId) : undefined));
  return taken;
}

/** The media file ids of these posts (without their thumbnails and teasers). */
export const mediaFileIdsOfFeeds = async (tx: Queryable, feedIds: string[]) =>
  (await tx.select({ fileId: feedFiles.fileId }).from(feedFiles).where(inArray(feedFiles.feedId, feedIds))).map((row) => row.fileId);

/** All of a creator's posts not deleted yet, locked. */
export const lockedFeedsOf = (tx: Queryable, performerId: string) => lockedItemsOf(tx, feeds, performerId);

/** The sold posts (`sold`) deleted and kept for their buyers; answers the others, for the caller to delete. */
export const keepSoldFeeds = (tx: Queryable, rows: FeedRow[], sold: Set<string>) => keepSoldOnes(tx, feeds, rows, sold);

/** Deletes these posts. */
export const deleteFeeds = (tx: Queryable, ids: string[]) => tx.delete(feeds).where(inArray(feeds.id, ids));

/** Deletes these polls. */
export const deletePolls = (tx: Queryable, pollIds: string[]) => tx.delete(polls).where(inArray(polls.id, pollIds));

const ownSortable = { updatedAt: feeds.updatedAt, createdAt: feeds.createdAt, publishedAt: feeds.publishedAt };

/** A page of the creator's own posts, scheduled and inactive ones included, and their total. */
export function ownFeedPage(db: Queryable, performer: SessionUser, query: z.output<typeof performerFeedQuerySchema>) {
  const where = and(
    ownedFeeds(performer),
    query.type ? eq(feeds.type, query.type) : undefined,
    query.status ? eq(feeds.status, query.status) : undefined,
    query.q ? ilike(feeds.text, `%${escapeLike(query.q)}%`) : undefined,
  );
  return pageOf(
    db
      .select()
      .from(feeds)
      .where(where)
      .orderBy(...orderBy(ownSortable, query.sortBy, query.sort, feeds.id))
      .$dynamic(),
    query,
    db.$count(feeds, where),
  );
}

/** What fans may list: active posts whose time has come, of creators who are listed. */
const published = () => and(eq(feeds.status, 'active'), lte(feeds.publishedAt, sql`now()`));
// A post hidden or removed by moderation is not shown to fans (decision 046): its creator sees it in their own list.
const shownFeed = () => and(published(), byListedCreator(feeds.performerId), notHeld(undefined, feeds.id));

/** A post by id and whether fans are shown it; none when there is none. */
export async function findShownFeed(db: Queryable, id: string) {
  const [found] = await db
    .select({ row: feeds, shown: sql<boolean>`(${shownFeed()})` })
    .from(feeds)
    .where(eq(feeds.id, id));
  return found;
}

/** The ids of the posts shown to this viewer, as a subquery (a bookmark list's filter). */
export const shownFeedIds = (db: Queryable, viewer: SessionUser) =>
  db
    .select({ id: feeds.id })
    .from(feeds)
    .where(and(shownFeed(), notHiddenFrom(viewer, feeds.performerId)));

/** Posts by id, in no order. */
export const feedsByIds = (db: Queryable, ids: string[]) => db.select().from(feeds).where(inArray(feeds.id, ids));

/** A post approved at review before publication is published now, unless it is scheduled later (decision 054); answers it. */
export async function publishApprovedFeed(tx: Queryable, id: string) {
  const [row] = await tx
    .update(feeds)
    .set({ publishedAt: sql`case when ${feeds.scheduleAt} > now() then ${feeds.publishedAt} else now() end` })
    .where(eq(feeds.id, id))
    .returning();
  return row;
}

/**
 * Posts a visitor sees in full (free for everyone), published and shown, by creators whose pages
 * search engines may list: the sitemap's posts (decision 080), a page at a time in id order.
 */
const publicPost = and(
  openToEveryone(feeds),
  eq(feeds.status, 'active'),
  isNull(feeds.deletedAt),
  lte(feeds.publishedAt, sql`now()`),
  byIndexableCreator(feeds.performerId),
  notHeld(undefined, feeds.id),
);

export const publicPostsPage = (db: Queryable, page: { offset: number; limit: number }) =>
  db
    .select({ id: feeds.id, updatedAt: feeds.updatedAt })
    .from(feeds)
    .where(publicPost)
    .orderBy(feeds.id)
    .offset(page.offset)
    .limit(page.limit);

export const countPublicPosts = (db: Queryable) => db.$count(feeds, publicPost);
