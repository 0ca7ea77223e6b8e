import { birthDateRangeOf, type CreatorCounts, DISCOVERY_COUNT_CAP, type PerformerSearchQuery } from '@limelight/contracts';
import { and, asc, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { performerProfiles, users } from '../../../db/read/users';
import type { SessionUser } from '../../../platform/auth';
import { notHiddenFrom } from '../../access';
import { attributeColumns, creatorCountsSql, onDiscoveryShelves, performerCardColumns } from './profiles';

/**
 * A keyword as the search reads it (decision 077): its words as prefix terms of a full-text
 * query ("ava sto" finds "Ava Stone"), split where the search documents split handles
 * ("ava.stone", "ava_stone"); and the handle it may name exactly ("@AvaStone" is avastone).
 */
export function keywordOf(q: string | undefined) {
  const words = (q ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  if (!words.length) return undefined;
  const handle = q!.trim().replace(/^@/, '').toLowerCase();
  return { terms: words.map((word) => `${word}:*`).join(' & '), handle: /^[a-z0-9_.-]{3,40}$/.test(handle) ? handle : undefined };
}
type Keyword = NonNullable<ReturnType<typeof keywordOf>>;

/**
 * Creators on the shelves matching the filters (the keyword apart) and not hidden from the
 * viewer: conditions on performer_profiles alone, which its shelf indexes answer (decision 077).
 */
function shelfFilters(query: PerformerSearchQuery, viewer: SessionUser | undefined): SQL {
  const conditions: Array<SQL | undefined> = [onDiscoveryShelves, notHiddenFrom(viewer, performerProfiles.userId)];
  for (const [name, column] of Object.entries(attributeColumns)) {
    const values = query[name as keyof typeof attributeColumns];
    if (values?.length) conditions.push(inArray(column, values));
  }
  if (query.age?.length) {
    const ranges = query.age.map((band) => {
      const { from, to } = birthDateRangeOf(band);
      return and(from ? gte(performerProfiles.dateOfBirth, from) : undefined, lte(performerProfiles.dateOfBirth, to));
    });
    conditions.push(or(...ranges));
  }
  if (query.isFreeSubscription !== undefined) conditions.push(eq(performerProfiles.isFreeSubscription, query.isFreeSubscription));
  if (query.isOnline !== undefined) conditions.push(eq(performerProfiles.isOnline, query.isOnline));
  return and(...conditions)!;
}

/**
 * Each ordering's keys, all read descending: the shelf indexes hold them ascending (read
 * backwards), so a keyset page is one row comparison on them. "Online" puts those never seen last.
 */
const sortKeys = {
  popular: [performerProfiles.followersCount, performerProfiles.createdAt, performerProfiles.userId],
  newest: [performerProfiles.createdAt, performerProfiles.userId],
  online: [performerProfiles.isOnline, sql`coalesce(${performerProfiles.onlineAt}, '-infinity'::timestamptz)`, performerProfiles.userId],
} satisfies Record<PerformerSearchQuery['sortBy'], unknown[]>;
const newestFirst = (sortBy: PerformerSearchQuery['sortBy']) => sortKeys[sortBy].map((key) => desc(key));

/**
 * After the creator `after` in this ordering: one row comparison against their own keys, read in
 * the statement (a timestamp keeps its microseconds, which a JavaScript date would cut).
 */
function keysetAfter(sortBy: PerformerSearchQuery['sortBy'], after: string): SQL {
  const keys = sql.join(sortKeys[sortBy], sql`, `);
  return sql`(${keys}) < (select ${keys} from ${performerProfiles} where ${performerProfiles.userId} = ${after})`;
}

const selectPerformers = (db: Queryable) =>
  db
    .select({ ...performerCardColumns, counts: sql<CreatorCounts>`${creatorCountsSql(sql`${users.id}`)}` })
    .from(users)
    .innerJoin(performerProfiles, eq(performerProfiles.userId, users.id));

/** A page's cards with their counts and, when asked for, the list's count (capped) on each row. */
const cardsWith = (total: SQL<number> | undefined) => ({
  ...performerCardColumns,
  counts: sql<CreatorCounts>`${creatorCountsSql(sql`${users.id}`)}`,
  total: total ?? sql<number | null>`null::int`,
});

/** How many of the list's first rows the probe of a keyword reads (decision 077). */
const PROBE_ROWS = 500;
/**
 * A count walks the list (instead of reading the GIN index) when reaching the cap takes at most
 * this many rows at the probe's rate of matches: about what the GIN index costs for 5,000 matches.
 */
const COUNT_WALK_ROWS = 20_000;

const tsquery = (keyword: Keyword) => sql`to_tsquery('simple', ${keyword.terms})`;

/**
 * The ids of a keyword's matches in one document among the creators on the shelves, collected
 * from its GIN index first (`= any(array(…))`): for a rare word, whose handful of matches
 * PostgreSQL's estimate for a prefix term cannot foresee (decision 077).
 */
const indexedMatches = (document: SQL, keyword: Keyword) =>
  sql`${performerProfiles.userId} = any(array(select ${performerProfiles.userId} from ${performerProfiles}
    where ${document} @@ ${tsquery(keyword)} and ${performerProfiles.listed} and ${performerProfiles.onShelvesFrom} is not null))`;

/** A value of the statement's probe (the CTE `probe`), read once by every condition that asks it. */
const probed = (column: 'rows' | 'name' | 'all') => sql`(select ${sql.identifier(column)} from ${sql.identifier('probe')})`;

/**
 * How many creators match, counted up to one past the cap (decision 077), as one value of the
 * page's statement: the count stops there, whatever the site's size.
 */
const cappedCountSql = (db: Queryable, where: SQL) =>
  sql<number>`(select count(*)::int from (${db
    .select({ one: sql`1` })
    .from(performerProfiles)
    .where(where)
    .limit(DISCOVERY_COUNT_CAP + 1)}) matches)`;

/**
 * The ids of one page of a list without a keyword, read in its index's order from the page's
 * first row, or from after the creator `after` (a keyset page, as deep as the first).
 */
export function shelfPageIds(db: Queryable, query: PerformerSearchQuery, viewer?: SessionUser) {
  const where = shelfFilters(query, viewer);
  return db
    .select({ id: performerProfiles.userId })
    .from(performerProfiles)
    .where(query.after ? and(where, keysetAfter(query.sortBy, query.after)) : where)
    .orderBy(...newestFirst(query.sortBy))
    .limit(query.limit)
    .offset(query.offset);
}

/**
 * One statement for a keyword's page (decision 077), from three bounded reads, never from all
 * matches: the exact handle, then the first `take` (offset + limit) in the list's order among name
 * and handle matches, and among all matches (bio included). The page of the ranked list (by tier,
 * then the order) is always among them, since a row outside its tier's first `take` has `take`
 * rows before it. The CTE `first` is the list's first PROBE_ROWS rows with whether each matches,
 * read once: a tier found `take` times there (or a list that short) takes its rows from it; a
 * rarer one reads its GIN index. Each choice is a condition on the probe alone, which PostgreSQL
 * decides once (a one-time filter) before reading anything for the branch it leaves out.
 */
function keywordPage(db: Queryable, where: SQL, keyword: Keyword, query: PerformerSearchQuery, withCount: boolean) {
  const take = query.offset + query.limit;
  const keys = sortKeys[query.sortBy];
  const first = db.$with('first').as(
    db
      .select({
        id: sql<string>`${performerProfiles.userId}`.as('id'),
        ...Object.fromEntries(keys.map((key, i) => [`k${i}`, sql`${key}`.as(`k${i}`)])),
        inName: sql<boolean>`${performerProfiles.searchName} @@ ${tsquery(keyword)}`.as('in_name'),
        inAll: sql<boolean>`${performerProfiles.searchAll} @@ ${tsquery(keyword)}`.as('in_all'),
      })
      .from(performerProfiles)
      .where(where)
      .orderBy(...newestFirst(query.sortBy))
      .limit(PROBE_ROWS),
  );
  const probe = db.$with('probe').as(
    db
      .select({
        rows: sql<number>`count(*)`.as('rows'),
        name: sql<number>`count(*) filter (where ${sql.identifier('in_name')})`.as('name'),
        all: sql<number>`count(*) filter (where ${sql.identifier('in_all')})`.as('all'),
      })
      .from(first),
  );
  const firstHasAll = sql`${probed('rows')} < ${PROBE_ROWS}`;
  const tier = (flag: 'in_name' | 'in_all', found: 'name' | 'all', document: SQL) => {
    const fromFirst = sql`(${probed(found)} >= ${take} or ${firstHasAll})`;
    return sql`(select ${sql.identifier('id')} from ${sql.identifier('first')} where ${sql.identifier(flag)} and ${fromFirst}
        order by ${sql.join(
          keys.map((_, i) => sql`${sql.identifier(`k${i}`)} desc`),
          sql`, `,
        )} limit ${take})
      union all (${db
        .select({ id: performerProfiles.userId })
        .from(performerProfiles)
        .where(and(where, sql`not ${fromFirst}`, indexedMatches(document, keyword)))
        .orderBy(...newestFirst(query.sortBy))
        .limit(take)})`;
  };
  const handle = keyword.handle
    ? sql`(${db
        .select({ id: performerProfiles.userId })
        .from(performerProfiles)
        .innerJoin(users, eq(users.id, performerProfiles.userId))
        .where(and(where, sql`lower(${users.username}) = ${keyword.handle}`))}) union all `
    : sql``;
  const candidates = sql`${handle}${tier('in_name', 'name', sql`${performerProfiles.searchName}`)}
    union all ${tier('in_all', 'all', sql`${performerProfiles.searchAll}`)}`;
  // Counted by walking while the word is common among the first rows (the cap is then near), else from the GIN index.
  const countWalks = sql`${DISCOVERY_COUNT_CAP} * ${probed('rows')} <= ${probed('all')} * ${COUNT_WALK_ROWS}`;
  const total = sql<number>`(${cappedCountSql(db, and(where, countWalks, sql`(${performerProfiles.searchAll} @@ ${tsquery(keyword)}) is true`)!)}
    + ${cappedCountSql(db, and(where, sql`not ${countWalks}`, indexedMatches(sql`${performerProfiles.searchAll}`, keyword))!)})`;
  return db
    .with(first, probe)
    .select(cardsWith(withCount ? total : undefined))
    .from(users)
    .innerJoin(performerProfiles, eq(performerProfiles.userId, users.id))
    .where(sql`${performerProfiles.userId} in (${candidates})`)
    .orderBy(asc(keywordTier(keyword)), ...newestFirst(query.sortBy))
    .limit(query.limit)
    .offset(query.offset);
}

/** Relevance as a person expects it: the exact handle, then a match in the name (or handle), then one in the bio. */
const keywordTier = (keyword: Keyword) =>
  sql<number>`case when ${keyword.handle ? sql`lower(${users.username}) = ${keyword.handle}` : sql`false`} then 0
    when ${performerProfiles.searchName} @@ ${tsquery(keyword)} then 1 else 2 end`;

/**
 * One page of the creators on the shelves matching the filters and not hidden from the viewer,
 * with their counts, in one statement (decision 077); `withCount`, also how many match (capped).
 * A keyword's matches come ranked by relevance, then in the order asked for; a list without a
 * keyword is read in its index's order from the page's first row (or from after `after`).
 * The count is undefined when it was not asked for, and when the page is empty (no row to carry it).
 */
export async function searchPerformersPage(
  db: Queryable,
  query: PerformerSearchQuery,
  viewer: SessionUser | undefined,
  withCount: boolean,
) {
  const where = shelfFilters(query, viewer);
  const keyword = keywordOf(query.q);
  const rows = keyword
    ? await keywordPage(db, where, keyword, query, withCount)
    : await db
        .select(cardsWith(withCount ? cappedCountSql(db, where) : undefined))
        .from(users)
        .innerJoin(performerProfiles, eq(performerProfiles.userId, users.id))
        .where(inArray(performerProfiles.userId, shelfPageIds(db, query, viewer)))
        .orderBy(...newestFirst(query.sortBy));
  return { rows, count: rows[0]?.total ?? undefined };
}

/** Whether the creator `id` has a profile to page after (an `after` that names nobody is refused). */
export async function creatorProfileExists(db: Queryable, id: string) {
  const [row] = await db.select({ id: performerProfiles.userId }).from(performerProfiles).where(eq(performerProfiles.userId, id));
  return !!row;
}

/** Whether a search for `q` finds any creator on the shelves for a visitor. */
export async function searchFindsCreator(db: Queryable, q: string): Promise<boolean> {
  const keyword = keywordOf(q);
  const [row] = await db
    .select({ id: performerProfiles.userId })
    .from(performerProfiles)
    .where(
      and(
        shelfFilters({ sortBy: 'popular', offset: 0, limit: 1 }, undefined),
        keyword ? sql`${performerProfiles.searchAll} @@ to_tsquery('simple', ${keyword.terms})` : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

/** The most followed creators on the shelves the viewer may see, with their counts. */
export const mostFollowedOnShelves = (db: Queryable, limit: number, viewer?: SessionUser) =>
  selectPerformers(db)
    .where(and(onDiscoveryShelves, notHiddenFrom(viewer, performerProfiles.userId)))
    .orderBy(...newestFirst('popular'))
    .limit(limit);

/** Creators on the shelves the viewer may see from the id `start` on, in id order, with their counts. */
export const shelfPerformersFrom = (db: Queryable, start: string, limit: number, viewer?: SessionUser) =>
  selectPerformers(db)
    .where(and(onDiscoveryShelves, notHiddenFrom(viewer, performerProfiles.userId), gte(performerProfiles.userId, start)))
    .orderBy(asc(performerProfiles.userId))
    .limit(limit);

/** Creators on the shelves the viewer may see before the id `start`, in id order, with their counts. */
export const shelfPerformersBefore = (db: Queryable, start: string, limit: number, viewer?: SessionUser) =>
  selectPerformers(db)
    .where(and(onDiscoveryShelves, notHiddenFrom(viewer, performerProfiles.userId), sql`${performerProfiles.userId} < ${start}`))
    .orderBy(asc(performerProfiles.userId))
    .limit(limit);
