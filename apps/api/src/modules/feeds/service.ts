import { type FeedType, type performerFeedQuerySchema, type saveFeedSchema, toCents } from '@limelight/contracts';
import { and, count, desc, eq, ilike, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { feedFiles, feeds, files, performerProfiles, polls } from '../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, notFound } from '../../platform/errors';
import { decodeCursor, encodeCursor, escapeLike, orderBy } from '../../platform/http';
import { canViewOne, creatorsReaching, notHiddenFrom, visibleCreator, visibleTo } from '../access';
import { findFile, presentMediaFile, removeStored } from '../media';
import { byListedCreator, findPerformer } from '../performers';
import { bookmarkedPage } from '../reactions';
import { vote } from './polls';
import { type FeedRow, presentFeeds } from './present';

type SaveFeed = z.output<typeof saveFeedSchema>;
type PageQuery = { cursor?: string; limit: number; type?: FeedType };

const fileTypeFor: Record<FeedType, string | undefined> = {
  text: undefined,
  photo: 'feed-photo',
  video: 'feed-video',
  audio: 'feed-audio',
};

/** Creates or replaces a post with media, thumbnail, teaser and poll the creator uploaded for it. */
export async function saveFeed(deps: Deps, performer: SessionUser, input: SaveFeed, feedId?: string) {
  const detached = await deps.db.transaction(async (tx) => {
    const existing = feedId ? await ownFeed(tx, performer, feedId, true) : undefined;
    await checkAttachments(tx, performer, input, feedId);
    const scheduleAt = input.scheduleAt ? new Date(input.scheduleAt) : null;
    // Visible from the schedule time; an unscheduled post from when it was first published.
    const publishedAt = scheduleAt ?? (existing && !existing.scheduleAt ? existing.publishedAt : new Date());
    const values = {
      type: input.type,
      text: input.text,
      status: input.status,
      isSale: input.isSale,
      priceCents: input.isSale ? toCents(input.price) : 0,
      isPinned: input.isPinned,
      scheduleAt,
      publishedAt,
      thumbnailFileId: input.thumbnailId,
      teaserFileId: input.teaserId,
      pollId: input.pollId,
    };
    const [row] = existing
      ? await tx.update(feeds).set(values).where(eq(feeds.id, existing.id)).returning()
      : await tx
          .insert(feeds)
          .values({ ...values, performerId: performer.id })
          .returning();
    const previous = existing ? await attachedFileIds(tx, existing) : [];
    await tx.delete(feedFiles).where(eq(feedFiles.feedId, row!.id));
    if (input.fileIds.length) {
      await tx.insert(feedFiles).values(input.fileIds.map((fileId, position) => ({ feedId: row!.id, fileId, position })));
    }
    const kept = new Set([...input.fileIds, input.thumbnailId, input.teaserId]);
    const dropped = previous.filter((id) => !kept.has(id));
    const removed = dropped.length ? await tx.delete(files).where(inArray(files.id, dropped)).returning() : [];
    return { feedId: row!.id, removed };
  });
  await removeStored(deps, detached.removed);
  return feedForOwner(deps, performer, detached.feedId);
}

/** Media must be the creator's own uploads of the right kind, not used by another post. */
async function checkAttachments(tx: Queryable, performer: SessionUser, input: SaveFeed, feedId?: string) {
  const wanted = [
    ...input.fileIds.map((id) => ({ id, field: 'fileIds', type: fileTypeFor[input.type] })),
    ...(input.thumbnailId ? [{ id: input.thumbnailId, field: 'thumbnailId', type: 'feed-thumbnail' }] : []),
    ...(input.teaserId ? [{ id: input.teaserId, field: 'teaserId', type: 'feed-teaser' }] : []),
  ];
  const ids = wanted.map((item) => item.id);
  if (new Set(ids).size !== ids.length)
    throw badRequest('fileIds: a file may be used once', [{ field: 'fileIds', message: 'must not repeat a file' }]);
  const [owned, inUse, otherFeedsFiles] = await Promise.all([
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
  const used = new Set([...inUse.map((row) => row.fileId), ...otherFeedsFiles.flatMap((row) => [row.thumbnail, row.teaser])]);
  for (const item of wanted) {
    const file = owned.find((row) => row.id === item.id);
    if (!file || file.type !== item.type) {
      throw badRequest(`${item.field}: ${item.id} is not one of your ${item.type?.replace('feed-', '') ?? ''} uploads`, [
        { field: item.field, message: `must name your own ${item.type?.replace('feed-', '')} uploads` },
      ]);
    }
    if (used.has(item.id)) {
      throw badRequest(`${item.field}: ${item.id} belongs to another post`, [{ field: item.field, message: 'belongs to another post' }]);
    }
  }
  if (input.pollId) {
    const [poll] = await tx
      .select()
      .from(polls)
      .where(and(eq(polls.id, input.pollId), eq(polls.performerId, performer.id)));
    const [taken] = await tx
      .select({ id: feeds.id })
      .from(feeds)
      .where(and(eq(feeds.pollId, input.pollId), feedId ? ne(feeds.id, feedId) : undefined));
    if (!poll || taken)
      throw badRequest('pollId is not a free poll of yours', [{ field: 'pollId', message: 'must name your own unused poll' }]);
  }
}

async function attachedFileIds(tx: Queryable, feed: FeedRow) {
  const rows = await tx.select({ fileId: feedFiles.fileId }).from(feedFiles).where(eq(feedFiles.feedId, feed.id));
  return [...rows.map((row) => row.fileId), feed.thumbnailFileId, feed.teaserFileId].filter((id): id is string => !!id);
}

async function ownFeed(db: Queryable, performer: SessionUser, id: string, forUpdate = false) {
  const query = db
    .select()
    .from(feeds)
    .where(and(eq(feeds.id, id), eq(feeds.performerId, performer.id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('Post');
  return row;
}

export async function feedForOwner(deps: Deps, performer: SessionUser, id: string) {
  const [feed] = await presentFeeds(deps, performer, [await ownFeed(deps.db, performer, id)]);
  return feed!;
}

export async function deleteFeed(deps: Deps, performer: SessionUser, id: string) {
  const removed = await deps.db.transaction(async (tx) => {
    const feed = await ownFeed(tx, performer, id, true);
    const fileIds = await attachedFileIds(tx, feed);
    await tx.delete(feeds).where(eq(feeds.id, feed.id));
    if (feed.pollId) await tx.delete(polls).where(eq(polls.id, feed.pollId));
    return fileIds.length ? tx.delete(files).where(inArray(files.id, fileIds)).returning() : [];
  });
  await removeStored(deps, removed);
}

const ownSortable = { updatedAt: feeds.updatedAt, createdAt: feeds.createdAt, publishedAt: feeds.publishedAt };

/** The creator's own posts, scheduled and inactive ones included, for the content manager. */
export async function performerFeeds(deps: Deps, performer: SessionUser, query: z.output<typeof performerFeedQuerySchema>) {
  const where = and(
    eq(feeds.performerId, performer.id),
    query.type ? eq(feeds.type, query.type) : undefined,
    query.status ? eq(feeds.status, query.status) : undefined,
    query.q ? ilike(feeds.text, `%${escapeLike(query.q)}%`) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select()
      .from(feeds)
      .where(where)
      .orderBy(...orderBy(ownSortable, query.sortBy, query.sort, feeds.id))
      .limit(query.limit)
      .offset(query.offset),
    deps.db.select({ total: count() }).from(feeds).where(where),
  ]);
  return { data: await presentFeeds(deps, performer, rows), total: counted?.total ?? 0 };
}

/** What fans may list: active posts whose time has come, of creators who are listed. */
const published = () => and(eq(feeds.status, 'active'), lte(feeds.publishedAt, sql`now()`));
const shownFeed = () => and(published(), byListedCreator(feeds.performerId));

/**
 * The fan's home: posts of creators they follow or subscribe to, newest first, in keyset pages.
 * Each creator's newest posts after the cursor come from their own index range (a lateral
 * join), so a page costs the same at any depth however many posts those creators have.
 */
export async function timeline(deps: Deps, viewer: SessionUser, query: PageQuery) {
  const after = query.cursor ? decodeCursor(query.cursor, 2) : undefined;
  const take = query.limit + 1;
  const page = await deps.db.execute(sql`
    select f.id from ${creatorsReaching(viewer)} creator
    join ${performerProfiles} on ${performerProfiles.userId} = creator.id and ${performerProfiles.listed}
    cross join lateral (
      select ${feeds.id} as id, ${feeds.publishedAt} as published_at from ${feeds}
      where ${feeds.performerId} = creator.id and ${feeds.status} = 'active' and ${feeds.publishedAt} <= now()
        ${query.type ? sql`and ${feeds.type} = ${query.type}` : sql``}
        ${after ? sql`and (${feeds.publishedAt}, ${feeds.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
      order by ${feeds.publishedAt} desc, ${feeds.id} desc
      limit ${take}
    ) f
    order by f.published_at desc, f.id desc
    limit ${take}`);
  const ids = (page.rows as Array<{ id: string }>).map((row) => row.id);
  const rows = ids.length ? await deps.db.select().from(feeds).where(inArray(feeds.id, ids)) : [];
  rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  return pageOf(deps, viewer, rows, query.limit, (row) => [row.publishedAt.toISOString(), row.id]);
}

/** One creator's posts for a visitor: pinned first, then newest, in keyset pages. */
export async function creatorFeeds(deps: Deps, viewer: SessionUser | undefined, usernameOrId: string, query: PageQuery) {
  const performer = await visibleCreator(deps.db, viewer, await findPerformer(deps.db, usernameOrId));
  const after = query.cursor ? decodeCursor(query.cursor, 3) : undefined;
  const rows = await deps.db
    .select()
    .from(feeds)
    .where(
      and(
        eq(feeds.performerId, performer.user.id),
        published(),
        query.type ? eq(feeds.type, query.type) : undefined,
        after
          ? sql`(${feeds.isPinned}, ${feeds.publishedAt}, ${feeds.id}) < (${after[0] === 'true'}, ${after[1]}::timestamptz, ${after[2]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(feeds.isPinned), desc(feeds.publishedAt), desc(feeds.id))
    .limit(query.limit + 1);
  return pageOf(deps, viewer, rows, query.limit, (row) => [String(row.isPinned), row.publishedAt.toISOString(), row.id]);
}

async function pageOf(deps: Deps, viewer: SessionUser | undefined, rows: FeedRow[], limit: number, cursorOf: (row: FeedRow) => string[]) {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { data: await presentFeeds(deps, viewer, shown), nextCursor: rows.length > limit && last ? encodeCursor(cursorOf(last)) : null };
}

/** One post for a visitor; hidden, scheduled or unlisted creators' posts are not found. */
export async function visibleFeed(deps: Deps, viewer: SessionUser | undefined, id: string) {
  const [found] = await deps.db
    .select({ row: feeds, shown: sql<boolean>`(${shownFeed()})` })
    .from(feeds)
    .where(eq(feeds.id, id));
  return visibleTo(deps.db, found, viewer, 'Post');
}

export async function feedForViewer(deps: Deps, viewer: SessionUser | undefined, id: string) {
  const [feed] = await presentFeeds(deps, viewer, [await visibleFeed(deps, viewer, id)]);
  return feed!;
}

/** Anyone who can see the post may vote in its poll, whether or not they may view its media. */
export async function voteInFeed(deps: Deps, viewer: SessionUser, feedId: string, optionId: string) {
  const feed = await visibleFeed(deps, viewer, feedId);
  if (!feed.pollId) throw notFound('Poll');
  await vote(deps.db, feed.pollId, optionId, viewer);
  return feedForViewer(deps, viewer, feedId);
}

/** A post's file as this viewer may see it, for polling while it processes. */
export async function feedFileStatus(deps: Deps, viewer: SessionUser | undefined, feedId: string, fileId: string) {
  const feed = await visibleFeed(deps, viewer, feedId);
  const attached = await attachedFileIds(deps.db, feed);
  const file = attached.includes(fileId) ? await findFile(deps.db, fileId) : undefined;
  if (!file) throw notFound('File');
  return presentMediaFile(file, { signer: deps.mediaSigner, canView: await canViewOne(deps.db, viewer, 'feed', feed) });
}

/** The posts the user bookmarked that are still shown, newest bookmark first. */
export async function bookmarkedFeeds(deps: Deps, viewer: SessionUser, page: { offset: number; limit: number }) {
  const { data, total } = await bookmarkedPage(
    deps.db,
    viewer,
    'feed',
    {
      shownIds: deps.db
        .select({ id: feeds.id })
        .from(feeds)
        .where(and(shownFeed(), notHiddenFrom(viewer, feeds.performerId))),
      load: (ids) => deps.db.select().from(feeds).where(inArray(feeds.id, ids)),
      present: (rows) => presentFeeds(deps, viewer, rows),
    },
    page,
  );
  return { data: data.map(({ item, ...bookmark }) => ({ ...bookmark, feed: item })), total };
}
