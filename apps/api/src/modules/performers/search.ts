import { randomUUID } from 'node:crypto';
import { birthDateRangeOf, type CreatorCounts, type DiscoveryPerformer, type PerformerSearchQuery } from '@limelight/contracts';
import { and, asc, count, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { pageOf } from '../../db/paging';
import { performerProfiles, users } from '../../db/read/users';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { notHiddenFrom } from '../access';
import { creatorCountsSql, onDiscoveryShelves, type PerformerRow, toPublicPerformer, viewerFlags } from './repo';

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

const selectPerformers = (deps: Deps) =>
  deps.db
    .select({ user: users, profile: performerProfiles, counts: sql<CreatorCounts>`${creatorCountsSql(sql`${users.id}`)}` })
    .from(users)
    .innerJoin(performerProfiles, eq(performerProfiles.userId, users.id));

async function withViewerFlags(
  deps: Deps,
  rows: Array<PerformerRow & { counts: CreatorCounts }>,
  viewer?: SessionUser,
): Promise<DiscoveryPerformer[]> {
  const flags = await viewerFlags(
    deps.db,
    viewer?.id,
    rows.map((row) => row.user.id),
  );
  return rows.map((row) => ({
    ...toPublicPerformer(row, flags),
    content: row.counts,
  }));
}

/** Listed creators matching the filters and not hidden from the viewer by a block, one page, with the total. */
export async function searchPerformers(deps: Deps, query: PerformerSearchQuery, viewer?: SessionUser) {
  const where = filters(query, viewer);
  const { rows, total } = await pageOf(
    selectPerformers(deps)
      .where(where)
      .orderBy(...orderings[query.sortBy])
      .$dynamic(),
    query,
    // The filters read performer_profiles and the avatar of users.
    deps.db
      .select({ total: count() })
      .from(performerProfiles)
      .innerJoin(users, eq(users.id, performerProfiles.userId))
      .where(where)
      .then(([row]) => row?.total ?? 0),
  );
  return { data: await withViewerFlags(deps, rows, viewer), total };
}

/** Whether a search for `q` finds any creator a visitor may see (popular searches list only those). */
export async function anyCreatorMatches(deps: Deps, q: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: performerProfiles.userId })
    .from(performerProfiles)
    .innerJoin(users, eq(users.id, performerProfiles.userId))
    .where(filters({ q, sortBy: 'popular', offset: 0, limit: 1 }, undefined))
    .limit(1);
  return !!row;
}

/** The most followed creators on the shelves: a first post is among what they need there (decisions 039, 051). */
export async function topPerformers(deps: Deps, limit: number, viewer?: SessionUser) {
  const rows = await selectPerformers(deps)
    .where(and(onDiscoveryShelves, notHiddenFrom(viewer, performerProfiles.userId)))
    .orderBy(...orderings.popular)
    .limit(limit);
  return withViewerFlags(deps, rows, viewer);
}

/**
 * A random handful of listed creators without `ORDER BY random()` over the whole table: start
 * at a random id and walk the primary key, wrapping around once.
 */
export async function randomPerformers(deps: Deps, limit: number, viewer?: SessionUser) {
  const start = randomUUID();
  const after = await selectPerformers(deps)
    .where(and(onDiscoveryShelves, notHiddenFrom(viewer, performerProfiles.userId), gte(users.id, start)))
    .orderBy(asc(users.id))
    .limit(limit);
  const before =
    after.length < limit
      ? await selectPerformers(deps)
          .where(and(onDiscoveryShelves, notHiddenFrom(viewer, performerProfiles.userId), sql`${users.id} < ${start}`))
          .orderBy(asc(users.id))
          .limit(limit - after.length)
      : [];
  return withViewerFlags(deps, [...after, ...before], viewer);
}
