import { type SQL, sql } from 'drizzle-orm';
import { rowFromJson } from '../../../db/json-row';
import { preparedStatement } from '../../../db/prepared';
import { files } from '../../../db/read/media';
import { performerProfiles, users } from '../../../db/read/users';
import { feedFiles, feeds } from '../../../db/schema/feeds';
import { type AccessFacts, accessFactsSql, creatorsReachingSql, listedNow, notHeld, notHeldSql, viewerPlaceholders } from '../../access';
import { viewerReactedSql } from '../../reactions';
import { type PollJson, pollJsonSql } from './polls';

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
const presentedPage = (page: SQL, order: SQL) => sql`
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

/** The post's, its files' and its author's rows from its row of `presentedPage` (its poll is read by `pollRowsFromJson`). */
export const rowsOfPresented = (presented: PresentedRow) => ({
  feed: rowFromJson(feeds, presented.feed),
  files: presented.files.map((json) => rowFromJson(files, json)),
  thumbnail: presented.thumbnail ? rowFromJson(files, presented.thumbnail) : null,
  teaser: presented.teaser ? rowFromJson(files, presented.teaser) : null,
  author: rowFromJson(users, presented.author),
});

const placeholder = (name: string) => sql.placeholder(name);
const ids = sql`${placeholder('ids')}::uuid[]`;

/** Posts by id, each as `presentedPage` presents it, in the order of `ids`: run with `viewerParams` and `ids`. */
export const presentedByIds = preparedStatement<PresentedRow>(
  'feeds_presented_by_ids',
  presentedPage(sql`select * from ${feeds} where ${feeds.id} = any(${ids})`, sql`array_position(${ids}, p.id)`),
);

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
