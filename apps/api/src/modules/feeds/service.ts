import { type FeedType, type performerFeedQuerySchema, type saveFeedSchema, toCents } from '@limelight/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, notFound } from '../../platform/errors';
import { decodeCursor, encodeCursor } from '../../platform/http';
import { assertOwnerMayChange, boughtAmong, canViewOne, holdOn, openTo, viewerParams, visibleCreatorWith, visibleTo } from '../access';
import { withdrawOwnFromReview } from '../library';
import { deleteFileRecords, findFile, presentMediaFile, removeStored } from '../media';
import { holdForReview, isReviewedBeforePublication } from '../moderation';
import { tellFans } from '../notifications';
import { findCreatorForViewer } from '../performers';
import { bookmarkedPage } from '../reactions';
import { vote } from './polls';
import { presentFeed, presentFeeds } from './present';
import {
  attachMedia,
  attachmentClaims,
  deleteFeeds,
  deletePolls,
  detachMedia,
  type FeedRow,
  feedsByIds,
  feedWithPoll,
  findOwnFeed,
  findOwnPoll,
  findShownFeed,
  insertFeed,
  keepSoldFeeds,
  lockedFeedsOf,
  mediaFileIdsOfFeeds,
  ownFeedPage,
  shownFeedIds,
  updateFeed,
} from './repo/feeds';
import { creatorPage, type PresentedRow, timelinePage } from './repo/timeline';

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
    const row = existing ? await updateFeed(tx, existing.id, values) : await insertFeed(tx, { ...values, performerId: performer.id });
    const previous = existing ? await attachedFileIds(tx, [existing]) : [];
    await detachMedia(tx, row.id);
    if (input.fileIds.length) await attachMedia(tx, row.id, input.fileIds);
    // A reviewed creator's post waits for an admin (decision 054); an edit while it waits holds its new files too.
    const reviewed = existing
      ? !!hold?.prePublication
      : await isReviewedBeforePublication(tx, deps.settings.get('reviewBeforePublication'), performer.id);
    if (reviewed) {
      const fileIds = [...input.fileIds, input.thumbnailId, input.teaserId].filter((id): id is string => !!id);
      await holdForReview(tx, { targetType: 'feed', targetId: row.id, ownerId: performer.id, fileIds }, !!existing);
    } else await announcePost(deps, tx, row, performer.name);
    const kept = new Set([...input.fileIds, input.thumbnailId, input.teaserId]);
    const dropped = previous.filter((id) => !kept.has(id));
    const removed = await deleteFileRecords(tx, dropped);
    return { feedId: row.id, removed };
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
  const [owned, inUse, otherFeedsFiles] = await attachmentClaims(tx, performer, ids, feedId);
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
    const poll = await findOwnPoll(tx, performer, input.pollId);
    const taken = await feedWithPoll(tx, input.pollId, feedId);
    if (!poll || taken)
      throw badRequest('pollId is not a free poll of yours', [{ field: 'pollId', message: 'must name your own unused poll' }]);
  }
}

async function attachedFileIds(tx: Queryable, posts: FeedRow[]) {
  const ids = posts.map((post) => post.id);
  const media = ids.length ? await mediaFileIdsOfFeeds(tx, ids) : [];
  return [...media, ...posts.flatMap((post) => [post.thumbnailFileId, post.teaserFileId])].filter((id): id is string => !!id);
}

/** A post of the creator's own (any state but deleted), optionally locked for a change; else 404. */
async function ownFeed(db: Queryable, performer: SessionUser, id: string, forUpdate = false) {
  const row = await findOwnFeed(db, performer, id, forUpdate);
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
export const retireCreatorFeeds = async (tx: Queryable, performerId: string) => retireFeeds(tx, await lockedFeedsOf(tx, performerId));

/** Bought posts kept for their buyers, the others deleted with their poll and file records (returned, for their stored objects). */
async function retireFeeds(tx: Queryable, rows: FeedRow[]) {
  const gone = await keepSoldFeeds(
    tx,
    rows,
    await boughtAmong(
      tx,
      'feed',
      rows.map((row) => row.id),
    ),
  );
  if (!gone.length) return [];
  const fileIds = await attachedFileIds(tx, gone);
  await deleteFeeds(
    tx,
    gone.map((row) => row.id),
  );
  const pollIds = gone.flatMap((row) => (row.pollId ? [row.pollId] : []));
  if (pollIds.length) await deletePolls(tx, pollIds);
  return deleteFileRecords(tx, fileIds);
}

/** The creator's own posts, scheduled and inactive ones included, for the content manager. */
export async function performerFeeds(deps: Deps, performer: SessionUser, query: z.output<typeof performerFeedQuerySchema>) {
  const { rows, total } = await ownFeedPage(deps.db, performer, query);
  return { data: await presentFeeds(deps, performer, rows), total };
}

/** Keyset bounds past every post: the first page asks for what comes before them. */
const NEWEST = { pinned: 'true', at: 'infinity', id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' };

export async function timeline(deps: Deps, viewer: SessionUser, query: PageQuery) {
  const [afterAt, afterId] = query.cursor ? decodeCursor(query.cursor, 2) : [NEWEST.at, NEWEST.id];
  const rows = await timelinePage(deps.db, { ...viewerParams(viewer), type: query.type ?? null, afterAt, afterId, take: query.limit + 1 });
  return keysetPage(deps, viewer, rows, query.limit, (feed) => [String(feed.published_at), String(feed.id)]);
}

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

/** One post for a visitor; hidden, scheduled, deleted or unlisted creators' posts are not found. */
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
      shownIds: shownFeedIds(deps.db, viewer),
      load: (ids) => feedsByIds(deps.db, ids),
      present: (rows) => presentFeeds(deps, viewer, rows),
    },
    page,
  );
  return { data: data.map(({ item, ...bookmark }) => ({ ...bookmark, feed: item })), total };
}
