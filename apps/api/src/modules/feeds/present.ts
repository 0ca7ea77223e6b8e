import { type Feed, fromCents } from '@limelight/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { rowFromJson } from '../../db/json-row';
import { preparedStatement } from '../../db/prepared';
import { files } from '../../db/read/media';
import { performerProfiles, users } from '../../db/read/users';
import { feedFiles, feeds } from '../../db/schema/feeds';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { type AccessFacts, accessFactsSql, accessFromFacts, ownHolds, viewerParams, viewerPlaceholders } from '../access';
import { presentMediaFile } from '../media';
import { viewerReactedSql } from '../reactions';
import { toPublicUser } from '../users';
import { type PollJson, pollFromJson, pollJsonSql } from './polls';

export type FeedRow = typeof feeds.$inferSelect;

type Json = Record<string, unknown>;
/** One post as `presentedPage` answers it: rows as `to_json` writes them (the database's column names). */
export type PresentedRow = AccessFacts & {
  feed: Json;
  files: Json[];
  thumbnail: Json | null;
  teaser: Json | null;
  author: Json;
  poll: PollJson | null;
  is_liked: boolean;
  is_bookmarked: boolean;
  /** numeric, so pg gives it as text. */
  subscribe_from_cents: string | null;
};

const viewer = viewerPlaceholders;

/**
 * The posts `page` selects (a statement answering rows of `feeds`), each with everything one
 * viewer sees of it: its media in order, thumbnail and teaser, poll, author, the access facts and
 * the viewer's reactions, in `order` (over the page's columns as `p`). One statement for a page,
 * where reading each kind of thing apart took six round trips; run it prepared with `viewerParams`.
 */
export const presentedPage = (page: SQL, order: SQL) => sql`
  with p as (${page})
  select to_json(p) as feed,
    coalesce((
      select json_agg(${files} order by ${feedFiles.position})
      from ${feedFiles} join ${files} on ${files.id} = ${feedFiles.fileId}
      where ${feedFiles.feedId} = p.id), '[]') as files,
    (select to_json(${files}) from ${files} where ${files.id} = p.thumbnail_file_id) as thumbnail,
    (select to_json(${files}) from ${files} where ${files.id} = p.teaser_file_id) as teaser,
    (select to_json(${users}) from ${users} where ${users.id} = p.performer_id) as author,
    (select least(${performerProfiles.monthlyPriceCents}, round(${performerProfiles.threeMonthPriceCents} / 3.0),
        round(${performerProfiles.sixMonthPriceCents} / 6.0), round(${performerProfiles.yearlyPriceCents} / 12.0))
      from ${performerProfiles} where ${performerProfiles.userId} = p.performer_id) as subscribe_from_cents,
    ${pollJsonSql(sql`p.poll_id`, viewer.id)} as poll,
    ${accessFactsSql(viewer, 'feed', { id: sql`p.id`, performerId: sql`p.performer_id` })},
    ${viewerReactedSql(viewer.id, 'feed', sql`p.id`, 'like')} as is_liked,
    ${viewerReactedSql(viewer.id, 'feed', sql`p.id`, 'bookmark')} as is_bookmarked
  from p
  order by ${order}`;

/** A post as one viewer sees it, from its row of `presentedPage`. */
export function presentFeed(deps: Deps, viewerUser: SessionUser | undefined, presented: PresentedRow): Feed {
  const row = rowFromJson(feeds, presented.feed);
  const { canView, isSubscribed, isBought } = accessFromFacts(viewerUser, row, presented);
  const signed = { signer: deps.mediaSigner, canView };
  const file = (json: Json | null) => (json ? presentMediaFile(rowFromJson(files, json), signed) : null);
  return {
    _id: row.id,
    type: row.type,
    text: row.text,
    performer: toPublicUser(rowFromJson(users, presented.author)),
    files: presented.files.map((json) => file(json)!),
    thumbnail: file(presented.thumbnail),
    teaser: file(presented.teaser),
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

const ids = sql`${sql.placeholder('ids')}::uuid[]`;
const presentedByIds = preparedStatement<PresentedRow>(
  'feeds_presented_by_ids',
  presentedPage(sql`select * from ${feeds} where ${feeds.id} = any(${ids})`, sql`array_position(${ids}, p.id)`),
);

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
