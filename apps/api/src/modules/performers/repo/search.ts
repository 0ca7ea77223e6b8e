import { birthDateRangeOf, type CreatorCounts, DISCOVERY_COUNT_CAP, type PerformerSearchQuery } from '@limelight/contracts';
import { and, asc, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { performerProfiles, users } from '../../../db/read/users';
import type { SessionUser } from '../../../platform/auth';
import { notHiddenFrom } from '../../access';
import { creatorCountsSql, onDiscoveryShelves } from './profiles';

const attributeColumns = {
  gender: performerProfiles.gender,
  country: performerProfiles.country,
  height: performerProfiles.height,
  weight: performerProfiles.weight,
  bodyType: performerProfiles.bodyType,
  ethnicity: performerProfiles.ethnicity,
  size: performerProfiles.size,
  hair: performerProfiles.hair,
  eyes: performerProfiles.eyes,
  sexualOrientation: performerProfiles.sexualOrientation,
} as const;

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
    .select({ user: users, profile: performerProfiles, counts: sql<CreatorCounts>`${creatorCountsSql(sql`${users.id}`)}` })
    .from(users)
    .innerJoin(performerProfiles, eq(performerProfiles.userId, users.id));

/** How many of the list's first rows the probe of a keyword reads (decision 077). */
const PROBE_ROWS = 500;
/**
 * A count walks the list (instead of reading the GIN index) when reaching the cap takes at most
 * this many rows at the probe's rate of matches: about what the GIN index costs for 5,000 matches.
 */
const COUNT_WALK_ROWS = 20_000;

/**
 * A keyword's match in one document, as the statement should find it (decision 077): `walk` tests
 * each row the list's index yields (`@@` under `is true`, which no index answers), for a word
 * common enough that the page is near the start; `index` collects the matches from the GIN index
 * first, for a rare one (PostgreSQL's estimate for a prefix term cannot tell which it is).
 */
function keywordMatch(document: SQL, keyword: Keyword, strategy: 'walk' | 'index'): SQL {
  if (strategy === 'walk') return sql`(${document} @@ to_tsquery('simple', ${keyword.terms})) is true`;
  return sql`${performerProfiles.userId} = any(array(select ${performerProfiles.userId} from ${performerProfiles}
    where ${document} @@ to_tsquery('simple', ${keyword.terms}) and ${performerProfiles.listed} and ${performerProfiles.onShelvesFrom} is not null))`;
}

/**
 * How common a keyword is among the list's first PROBE_ROWS rows, in the name (and handle) and
 * anywhere: one bounded read of the list's index.
 */
async function probeKeyword(db: Queryable, where: SQL, keyword: Keyword, sortBy: PerformerSearchQuery['sortBy']) {
  const first = db
    .select({
      name: sql<boolean>`${performerProfiles.searchName} @@ to_tsquery('simple', ${keyword.terms})`.as('name'),
      all: sql<boolean>`${performerProfiles.searchAll} @@ to_tsquery('simple', ${keyword.terms})`.as('all'),
    })
    .from(performerProfiles)
    .where(where)
    .orderBy(...newestFirst(sortBy))
    .limit(PROBE_ROWS)
    .as('first');
  const [row] = await db
    .select({
      rows: sql<number>`count(*)::int`,
      name: sql<number>`count(*) filter (where ${first.name})::int`,
      all: sql<number>`count(*) filter (where ${first.all})::int`,
    })
    .from(first);
  return row ?? { rows: 0, name: 0, all: 0 };
}

/**
 * The ids of a keyword's best matches, bounded before any ranking (decision 077): the exact
 * handle, then the first `take` in the list's order among name and handle matches, and among all
 * matches (bio included). The page of the ranked list (by tier, then the order) is always among
 * them, since a row outside its tier's first `take` has `take` rows before it. A tier whose word
 * the probe found `take` times is walked in the list's index; a rarer one read from its GIN index.
 */
function keywordCandidates(
  db: Queryable,
  where: SQL,
  keyword: Keyword,
  sortBy: PerformerSearchQuery['sortBy'],
  take: number,
  probe: { name: number; all: number },
) {
  const tier = (document: SQL, found: number) =>
    db
      .select({ id: performerProfiles.userId })
      .from(performerProfiles)
      .where(and(where, keywordMatch(document, keyword, found >= take ? 'walk' : 'index')))
      .orderBy(...newestFirst(sortBy))
      .limit(take);
  const handle = keyword.handle
    ? db
        .select({ id: performerProfiles.userId })
        .from(performerProfiles)
        .innerJoin(users, eq(users.id, performerProfiles.userId))
        .where(and(where, sql`lower(${users.username}) = ${keyword.handle}`))
    : undefined;
  const parts = [handle, tier(sql`${performerProfiles.searchName}`, probe.name), tier(sql`${performerProfiles.searchAll}`, probe.all)];
  return sql.join(
    parts.filter((part) => !!part).map((part) => sql`(${part})`),
    sql` union all `,
  );
}

/** Relevance as a person expects it: the exact handle, then a match in the name (or handle), then one in the bio. */
const keywordTier = (keyword: Keyword) =>
  sql<number>`case when ${keyword.handle ? sql`lower(${users.username}) = ${keyword.handle}` : sql`false`} then 0
    when ${performerProfiles.searchName} @@ to_tsquery('simple', ${keyword.terms}) then 1 else 2 end`;

/**
 * How many creators match, counted up to one past the cap (decision 077): the count stops there,
 * whatever the site's size, and says whether more match.
 */
async function cappedCount(db: Queryable, where: SQL) {
  const matches = db
    .select({ one: sql`1` })
    .from(performerProfiles)
    .where(where)
    .limit(DISCOVERY_COUNT_CAP + 1);
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(matches.as('matches'));
  const count = row?.count ?? 0;
  return { total: Math.min(count, DISCOVERY_COUNT_CAP), totalCapped: count > DISCOVERY_COUNT_CAP };
}

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
 * One page of the creators on the shelves matching the filters and not hidden from the viewer,
 * with their counts, beside the count of all of them (capped), read in parallel. A keyword's
 * matches come ranked by relevance, then in the order asked for; a list without a keyword is read
 * in its index's order from the page's first row (or from after `after`, a keyset page).
 */
export async function searchPerformersPage(db: Queryable, query: PerformerSearchQuery, viewer?: SessionUser) {
  const where = shelfFilters(query, viewer);
  const keyword = keywordOf(query.q);
  if (!keyword) {
    const [rows, count] = await Promise.all([
      selectPerformers(db)
        .where(inArray(performerProfiles.userId, shelfPageIds(db, query, viewer)))
        .orderBy(...newestFirst(query.sortBy)),
      cappedCount(db, where),
    ]);
    return { rows, ...count };
  }
  const probe = await probeKeyword(db, where, keyword, query.sortBy);
  const candidates = keywordCandidates(db, where, keyword, query.sortBy, query.offset + query.limit, probe);
  // Counted by walking while the word is common among the first rows (the cap is then near), else from the GIN index.
  const countWalks = DISCOVERY_COUNT_CAP * probe.rows <= probe.all * COUNT_WALK_ROWS;
  // A rare word's count reads the GIN index's matches first: left to PostgreSQL's estimate, it may scan the table.
  const matching = keywordMatch(sql`${performerProfiles.searchAll}`, keyword, countWalks ? 'walk' : 'index');
  const [rows, count] = await Promise.all([
    selectPerformers(db)
      .where(sql`${performerProfiles.userId} in (${candidates})`)
      .orderBy(asc(keywordTier(keyword)), ...newestFirst(query.sortBy))
      .limit(query.limit)
      .offset(query.offset),
    cappedCount(db, and(where, matching)!),
  ]);
  return { rows, ...count };
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
