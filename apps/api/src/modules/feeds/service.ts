import { type FeedType, type performerFeedQuerySchema, type saveFeedSchema, toCents } from '@limelight/contracts';
import { and, eq, ilike, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { preparedStatement } from '../../db/prepared';
import { files } from '../../db/read/media';
import { performerProfiles } from '../../db/read/users';
import { feedFiles, feeds, polls } from '../../db/schema/feeds';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { likeCounter } from '../../platform/counters';
import { badRequest, notFound } from '../../platform/errors';
import { decodeCursor, encodeCursor, escapeLike, orderBy } from '../../platform/http';
import {
  assertOwnerMayChange,
  boughtAmong,
  canViewOne,
  creatorsReachingSql,
  holdOn,
  listedNow,
  notHeld,
  notHeldSql,
  notHiddenFrom,
  openTo,
  viewerParams,
  viewerPlaceholders,
  visibleCreatorWith,
  visibleTo,
} from '../access';
import { keepSoldOnes, lockedItemsOf, withdrawOwnFromReview } from '../library';
import { deleteFileRecords, findFile, presentMediaFile, removeStored } from '../media';
import { holdForReview, isReviewedBeforePublication } from '../moderation';
import { tellFans } from '../notifications';
import { byListedCreator, findCreatorForViewer } from '../performers';
import { bookmarkedPage } from '../reactions';
import { vote } from './polls';
import { type FeedRow, type PresentedRow, presentedPage, presentFeed, presentFeeds } from './present';

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
    const hold = existing ? await holdOn(tx, existing.id) : undefined;
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
    const previous = existing ? await attachedFileIds(tx, [existing]) : [];
    await tx.delete(feedFiles).where(eq(feedFiles.feedId, row!.id));
    if (input.fileIds.length) {
      await tx.insert(feedFiles).values(input.fileIds.map((fileId, position) => ({ feedId: row!.id, fileId, position })));
    }
    // A reviewed creator's post waits for an admin (decision 054); an edit while it waits holds its new files too.
    const reviewed = existing
      ? !!hold?.prePublication
      : await isReviewedBeforePublication(tx, deps.settings.get('reviewBeforePublication'), performer.id);
    if (reviewed) {
      const fileIds = [...input.fileIds, input.thumbnailId, input.teaserId].filter((id): id is string => !!id);
      await holdForReview(tx, { targetType: 'feed', targetId: row!.id, ownerId: performer.id, fileIds }, !!existing);
    } else await announcePost(deps, tx, row!, performer.name);
    const kept = new Set([...input.fileIds, input.thumbnailId, input.teaserId]);
    const dropped = previous.filter((id) => !kept.has(id));
    const removed = await deleteFileRecords(tx, dropped);
    return { feedId: row!.id, removed };
  });
  await removeStored(deps, detached.removed);
  return feedForOwner(deps, performer, detached.feedId);
}

/**
 * Tells the creator's subscribers of an active post, once (the fan-out is keyed by the post), when
 * it is out: at its schedule time if later. Also called when an admin approves a post held for
 * review before publication (decision 054).
 */
export async function announcePost(deps: Deps, tx: Queryable, feed: FeedRow, creatorName: string) {
  if (feed.status !== 'active' || feed.deletedAt) return;
  const news = feed.text.trim()
    ? `${creatorName} posted: ${feed.text.trim().slice(0, 80)}`
    : `${creatorName} posted a new ${feed.type === 'text' ? 'post' : feed.type}`;
  const later = feed.scheduleAt && feed.scheduleAt > new Date() ? feed.scheduleAt : undefined;
  await tellFans(
    deps,
    tx,
    { performerId: feed.performerId, audience: 'subscribers', kind: 'new_post', sourceId: feed.id, link: `/post/${feed.id}`, text: news },
    later,
  );
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

async function attachedFileIds(tx: Queryable, posts: FeedRow[]) {
  const ids = posts.map((post) => post.id);
  const rows = ids.length ? await tx.select({ fileId: feedFiles.fileId }).from(feedFiles).where(inArray(feedFiles.feedId, ids)) : [];
  return [...rows.map((row) => row.fileId), ...posts.flatMap((post) => [post.thumbnailFileId, post.teaserFileId])].filter(
    (id): id is string => !!id,
  );
}

/** The creator's own posts: one they deleted is its buyers' alone (decision 034). */
const ownedFeeds = (performer: SessionUser) => and(eq(feeds.performerId, performer.id), isNull(feeds.deletedAt));

/** A post of the creator's own (any state but deleted), optionally locked for a change; else 404. */
async function ownFeed(db: Queryable, performer: SessionUser, id: string, forUpdate = false) {
  const query = db
    .select()
    .from(feeds)
    .where(and(eq(feeds.id, id), ownedFeeds(performer)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('Post');
  // Only an admin lifts a moderation hold: the creator's own changes are refused, saying why.
  if (forUpdate) await assertOwnerMayChange(db, performer, row.id);
  return row;
}

export async function feedForOwner(deps: Deps, performer: SessionUser, id: string) {
  const [feed] = await presentFeeds(deps, performer, [await ownFeed(deps.db, performer, id)]);
  return feed!;
}

/**
 * Deletes a post. Once bought it stays its buyers' (domain rules: what a fan bought stays theirs):
 * it leaves sale and every list, and keeps its media and poll for them. A post nobody bought goes
 * with its media and poll.
 */
export async function deleteFeed(deps: Deps, performer: SessionUser, id: string) {
  const removed = await deps.db.transaction(async (tx) => {
    const feed = await ownFeed(tx, performer, id, true);
    await withdrawOwnFromReview(tx, performer, { targetType: 'feed', targetId: feed.id, fileIds: await attachedFileIds(tx, [feed]) });
    return retireFeeds(tx, [feed]);
  });
  await removeStored(deps, removed);
}

/** All of a creator's posts, retired as `deleteFeed` does one, for an account deleted by its owner; the file records it deleted. */
export const retireCreatorFeeds = async (tx: Queryable, performerId: string) =>
  retireFeeds(tx, await lockedItemsOf(tx, feeds, performerId));

/** Bought posts kept for their buyers, the others deleted with their poll and file records (returned, for their stored objects). */
async function retireFeeds(tx: Queryable, rows: FeedRow[]) {
  const gone = await keepSoldOnes(
    tx,
    feeds,
    rows,
    await boughtAmong(
      tx,
      'feed',
      rows.map((row) => row.id),
    ),
  );
  if (!gone.length) return [];
  const fileIds = await attachedFileIds(tx, gone);
  await tx.delete(feeds).where(
    inArray(
      feeds.id,
      gone.map((row) => row.id),
    ),
  );
  const pollIds = gone.flatMap((row) => (row.pollId ? [row.pollId] : []));
  if (pollIds.length) await tx.delete(polls).where(inArray(polls.id, pollIds));
  return deleteFileRecords(tx, fileIds);
}

const ownSortable = { updatedAt: feeds.updatedAt, createdAt: feeds.createdAt, publishedAt: feeds.publishedAt };

/** The creator's own posts, scheduled and inactive ones included, for the content manager. */
export async function performerFeeds(deps: Deps, performer: SessionUser, query: z.output<typeof performerFeedQuerySchema>) {
  const where = and(
    ownedFeeds(performer),
    query.type ? eq(feeds.type, query.type) : undefined,
    query.status ? eq(feeds.status, query.status) : undefined,
    query.q ? ilike(feeds.text, `%${escapeLike(query.q)}%`) : undefined,
  );
  const { rows, total } = await pageOf(
    deps.db
      .select()
      .from(feeds)
      .where(where)
      .orderBy(...orderBy(ownSortable, query.sortBy, query.sort, feeds.id))
      .$dynamic(),
    query,
    deps.db.$count(feeds, where),
  );
  return { data: await presentFeeds(deps, performer, rows), total };
}

/** What fans may list: active posts whose time has come, of creators who are listed. */
const published = () => and(eq(feeds.status, 'active'), lte(feeds.publishedAt, sql`now()`));
// A post hidden or removed by moderation is not shown to fans (decision 046): its creator sees it in their own list.
const shownFeed = () => and(published(), byListedCreator(feeds.performerId), notHeld(undefined, feeds.id));

/**
 * A page statement prepared once per page size (`take`, at most LIST_MAX_LIMIT + 1 of them). With
 * the LIMIT written in, PostgreSQL prices the generic plan of a creator's page below a custom
 * one and keeps it, instead of planning the statement again on every call (measured in
 * pg_prepared_statements; the timeline's statement keeps its generic plan with `take` as a
 * parameter, and with it written in would not).
 */
function statementPerPageSize(name: string, build: (take: SQL) => SQL) {
  const statements = new Map<number, ReturnType<typeof preparedStatement<PresentedRow>>>();
  return (take: number) => {
    const known = statements.get(take) ?? preparedStatement<PresentedRow>(`${name}_${take}`, build(sql.raw(String(Math.trunc(take)))));
    statements.set(take, known);
    return known;
  };
}

/** Keyset bounds past every post: the first page asks for what comes before them. */
const NEWEST = { pinned: 'true', at: 'infinity', id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' };
const placeholder = (name: string) => sql.placeholder(name);

/** A creator's posts a fan may list that come after the cursor, for the timeline's statement. */
const listedAfterCursor = (creator: SQL) => sql`
  ${feeds.performerId} = ${creator} and ${feeds.status} = 'active' and ${feeds.publishedAt} <= now() and ${notHeld(undefined, feeds.id)}
  and (${placeholder('type')}::text is null or ${feeds.type} = ${placeholder('type')}::text)
  and (${feeds.publishedAt}, ${feeds.id}) < (${placeholder('afterAt')}::timestamptz, ${placeholder('afterId')}::uuid)`;

/**
 * The fan's home: posts of creators they follow or subscribe to, newest first, in keyset pages,
 * and everything shown with them, in one prepared statement. Whatever the depth, it reads each
 * creator's newest post after the cursor (one index probe each); the page's `take` posts are all
 * at least as new as the `take`-th newest of those (that many posts are), so only the creators
 * whose newest reaches that bound are read further, each from their own index range.
 */
export const timelinePage = preparedStatement<PresentedRow>(
  'feeds_timeline_page',
  presentedPage(
    sql`
      with newest as (
        select n.performer_id, n.published_at
        from ${creatorsReachingSql(viewerPlaceholders)} creator
        join ${performerProfiles} on ${performerProfiles.userId} = creator.id and ${listedNow()}
        cross join lateral (
          select ${feeds.performerId}, ${feeds.publishedAt} from ${feeds} where ${listedAfterCursor(sql`creator.id`)}
          order by ${feeds.publishedAt} desc, ${feeds.id} desc limit 1
        ) n),
      bound as (
        select coalesce(
          (select published_at from newest order by published_at desc offset ${placeholder('take')}::int - 1 limit 1),
          '-infinity'::timestamptz) as at)
      select f.* from newest, bound
      cross join lateral (
        select * from ${feeds} where ${listedAfterCursor(sql`newest.performer_id`)} and ${feeds.publishedAt} >= bound.at
        order by ${feeds.publishedAt} desc, ${feeds.id} desc limit ${placeholder('take')}
      ) f
      where newest.published_at >= bound.at
      order by f.published_at desc, f.id desc
      limit ${placeholder('take')}`,
    sql`p.published_at desc, p.id desc`,
  ),
);

export async function timeline(deps: Deps, viewer: SessionUser, query: PageQuery) {
  const [afterAt, afterId] = query.cursor ? decodeCursor(query.cursor, 2) : [NEWEST.at, NEWEST.id];
  const rows = await timelinePage(deps.db, { ...viewerParams(viewer), type: query.type ?? null, afterAt, afterId, take: query.limit + 1 });
  return keysetPage(deps, viewer, rows, query.limit, (feed) => [String(feed.published_at), String(feed.id)]);
}

/** One creator's posts for a visitor: pinned first, then newest, in keyset pages. */
export const creatorPage = statementPerPageSize('feeds_creator_page', (take) =>
  presentedPage(
    sql`
      select * from ${feeds}
      where ${feeds.performerId} = ${placeholder('performerId')}::uuid and ${feeds.status} = 'active' and ${feeds.publishedAt} <= now()
        and ${notHeldSql(viewerPlaceholders, feeds.id, feeds.performerId)}
        and (${placeholder('type')}::text is null or ${feeds.type} = ${placeholder('type')}::text)
        and (${feeds.isPinned}, ${feeds.publishedAt}, ${feeds.id})
          < (${placeholder('afterPinned')}::boolean, ${placeholder('afterAt')}::timestamptz, ${placeholder('afterId')}::uuid)
      order by ${feeds.isPinned} desc, ${feeds.publishedAt} desc, ${feeds.id} desc
      limit ${take}`,
    sql`p.is_pinned desc, p.published_at desc, p.id desc`,
  ),
);

export async function creatorFeeds(deps: Deps, viewer: SessionUser | undefined, usernameOrId: string, query: PageQuery) {
  const performer = visibleCreatorWith(viewer, await findCreatorForViewer(deps.db, usernameOrId, viewer));
  const [afterPinned, afterAt, afterId] = query.cursor ? decodeCursor(query.cursor, 3) : [NEWEST.pinned, NEWEST.at, NEWEST.id];
  const rows = await creatorPage(query.limit + 1)(deps.db, {
    ...viewerParams(viewer),
    performerId: performer.user.id,
    type: query.type ?? null,
    afterPinned: afterPinned === 'true',
    afterAt,
    afterId,
  });
  return keysetPage(deps, viewer, rows, query.limit, (feed) => [String(feed.is_pinned), String(feed.published_at), String(feed.id)]);
}

/**
 * A page of `limit` posts from `limit + 1` rows, with the cursor of its last post when more
 * follow. The cursor keeps the database's own timestamps (microseconds), so a keyset page never
 * skips a post published within the same millisecond as the last one shown.
 */
function keysetPage(
  deps: Deps,
  viewer: SessionUser | undefined,
  rows: PresentedRow[],
  limit: number,
  cursorOf: (feed: PresentedRow['feed']) => string[],
) {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    data: shown.map((row) => presentFeed(deps, viewer, row)),
    nextCursor: rows.length > limit && last ? encodeCursor(cursorOf(last.feed)) : null,
  };
}

async function findShownFeed(db: Queryable, id: string) {
  const [found] = await db
    .select({ row: feeds, shown: sql<boolean>`(${shownFeed()})` })
    .from(feeds)
    .where(eq(feeds.id, id));
  return found;
}

/** One post for a visitor; hidden, scheduled, deleted or unlisted creators' posts are not found. */
/** A like total on the post (handed to the reactions module). */
export const countFeedLikes = likeCounter(feeds);

export const visibleFeed = async (deps: Deps, viewer: SessionUser | undefined, id: string) =>
  visibleTo(deps.db, await findShownFeed(deps.db, id), viewer, 'Post');

/** A post's own page: a visible one, or one its creator deleted to its buyers alone. */
export const openedFeed = async (deps: Deps, viewer: SessionUser | undefined, id: string) =>
  openTo(deps.db, await findShownFeed(deps.db, id), viewer, 'Post', 'feed');

export async function feedForViewer(deps: Deps, viewer: SessionUser | undefined, id: string) {
  const [feed] = await presentFeeds(deps, viewer, [await openedFeed(deps, viewer, id)]);
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
  const feed = await openedFeed(deps, viewer, feedId);
  const attached = await attachedFileIds(deps.db, [feed]);
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

/** A post approved at review before publication is published now, unless it is scheduled later (decision 054); answers it. */
export async function publishApprovedFeed(tx: Queryable, id: string) {
  const [row] = await tx
    .update(feeds)
    .set({ publishedAt: sql`case when ${feeds.scheduleAt} > now() then ${feeds.publishedAt} else now() end` })
    .where(eq(feeds.id, id))
    .returning();
  return row;
}
