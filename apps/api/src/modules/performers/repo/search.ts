import { birthDateRangeOf, type CreatorCounts, type PerformerSearchQuery } from '@limelight/contracts';
import { and, asc, count, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { pageOf } from '../../../db/paging';
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

/** Words become prefix terms for PostgreSQL full-text search: "ava sto" finds "Ava Stone". */
function keywordQuery(q: string): string | undefined {
  const terms = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return terms.length ? terms.map((term) => `${term}:*`).join(' & ') : undefined;
}

function filters(query: PerformerSearchQuery, viewer: SessionUser | undefined): SQL | undefined {
  const conditions: Array<SQL | undefined> = [onDiscoveryShelves, notHiddenFrom(viewer, performerProfiles.userId)];
  const keywords = query.q ? keywordQuery(query.q) : undefined;
  // ANY(ARRAY(subquery)) makes PostgreSQL find the matches through the GIN index first; as a
  // plain condition the planner may walk the popularity index and test every creator instead.
  if (keywords) {
    conditions.push(
      sql`${performerProfiles.userId} = any(array(select user_id from performer_profiles where to_tsvector('simple', search_text) @@ to_tsquery('simple', ${keywords})))`,
    );
  }
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
  return and(...conditions);
}

/** Each ordering stays within performer_profiles so that one of its indexes can serve it. */
const orderings = {
  popular: [desc(performerProfiles.followersCount), desc(performerProfiles.createdAt), desc(performerProfiles.userId)],
  newest: [desc(performerProfiles.createdAt), desc(performerProfiles.userId)],
  online: [desc(performerProfiles.isOnline), sql`${performerProfiles.onlineAt} desc nulls last`, desc(performerProfiles.userId)],
};

const selectPerformers = (db: Queryable) =>
  db
    .select({ user: users, profile: performerProfiles, counts: sql<CreatorCounts>`${creatorCountsSql(sql`${users.id}`)}` })
    .from(users)
    .innerJoin(performerProfiles, eq(performerProfiles.userId, users.id));

/** One page of the creators on the shelves matching the filters and not hidden from the viewer, with their counts and the total. */
export function searchPerformersPage(db: Queryable, query: PerformerSearchQuery, viewer?: SessionUser) {
  const where = filters(query, viewer);
  return pageOf(
    selectPerformers(db)
      .where(where)
      .orderBy(...orderings[query.sortBy])
      .$dynamic(),
    query,
    // The filters read performer_profiles and the avatar of users.
    db
      .select({ total: count() })
      .from(performerProfiles)
      .innerJoin(users, eq(users.id, performerProfiles.userId))
      .where(where)
      .then(([row]) => row?.total ?? 0),
  );
}

/** Whether a search for `q` finds any creator on the shelves for a visitor. */
export async function searchFindsCreator(db: Queryable, q: string): Promise<boolean> {
  const [row] = await db
    .select({ id: performerProfiles.userId })
    .from(performerProfiles)
    .innerJoin(users, eq(users.id, performerProfiles.userId))
    .where(filters({ q, sortBy: 'popular', offset: 0, limit: 1 }, undefined))
    .limit(1);
  return !!row;
}

/** The most followed creators on the shelves the viewer may see, with their counts. */
export const mostFollowedOnShelves = (db: Queryable, limit: number, viewer?: SessionUser) =>
  selectPerformers(db)
    .where(and(onDiscoveryShelves, notHiddenFrom(viewer, performerProfiles.userId)))
    .orderBy(...orderings.popular)
    .limit(limit);

/** Creators on the shelves the viewer may see from the id `start` on, in id order, with their counts. */
export const shelfPerformersFrom = (db: Queryable, start: string, limit: number, viewer?: SessionUser) =>
  selectPerformers(db)
    .where(and(onDiscoveryShelves, notHiddenFrom(viewer, performerProfiles.userId), gte(users.id, start)))
    .orderBy(asc(users.id))
    .limit(limit);

/** Creators on the shelves the viewer may see before the id `start`, in id order, with their counts. */
export const shelfPerformersBefore = (db: Queryable, start: string, limit: number, viewer?: SessionUser) =>
  selectPerformers(db)
    .where(and(onDiscoveryShelves, notHiddenFrom(viewer, performerProfiles.userId), sql`${users.id} < ${start}`))
    .orderBy(asc(users.id))
    .limit(limit);
