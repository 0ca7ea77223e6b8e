import { type Feed, fromCents } from '@limelight/contracts';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { accessFromFacts, ownHolds, viewerParams } from '../access';
import { type FileRow, presentMediaFile } from '../media';
import { toPublicUser } from '../users';
import { pollFromJson } from './polls';
import type { FeedRow } from './repo/feeds';
import { type PresentedRow, presentedByIds, rowsOfPresented } from './repo/timeline';

/** A post as one viewer sees it, from its row of `presentedPage`. */
export function presentFeed(deps: Deps, viewerUser: SessionUser | undefined, presented: PresentedRow): Feed {
  const { feed: row, files, thumbnail, teaser, author } = rowsOfPresented(presented);
  const { canView, isSubscribed, isBought } = accessFromFacts(viewerUser, row, presented);
  const signed = { signer: deps.mediaSigner, canView };
  const file = (found: FileRow | null) => (found ? presentMediaFile(found, signed) : null);
  return {
    _id: row.id,
    type: row.type,
    text: row.text,
    performer: toPublicUser(author),
    files: files.map((found) => file(found)!),
    thumbnail: file(thumbnail),
    teaser: file(teaser),
    poll: presented.poll ? pollFromJson(presented.poll) : null,
    status: row.status,
    isSale: row.isSale,
    price: fromCents(row.priceCents),
    isPinned: row.isPinned,
    scheduleAt: row.scheduleAt?.toISOString() ?? null,
    publishedAt: row.publishedAt.toISOString(),
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    isLiked: presented.is_liked,
    isBookmarked: presented.is_bookmarked,
    isSubscribed,
    isBought,
    canView,
    subscribeFrom: presented.subscribe_from_cents === null ? null : fromCents(Number(presented.subscribe_from_cents)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Posts already found, as one viewer sees them, in the same order: one statement for them all. */
export async function presentFeeds(deps: Deps, viewerUser: SessionUser | undefined, rows: FeedRow[]): Promise<Feed[]> {
  if (!rows.length) return [];
  const [presented, heldMark] = await Promise.all([
    presentedByIds(deps.db, { ...viewerParams(viewerUser), ids: rows.map((row) => row.id) }),
    ownHolds(deps.db, viewerUser, rows),
  ]);
  return presented.map((row) => {
    const feed = presentFeed(deps, viewerUser, row);
    return { ...feed, moderation: heldMark(feed._id) };
  });
}
