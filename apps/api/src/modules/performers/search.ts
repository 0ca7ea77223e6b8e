import { randomUUID } from 'node:crypto';
import {
  type CreatorCounts,
  DISCOVERY_COUNT_CAP,
  type DiscoveryPage,
  type DiscoveryPerformer,
  type PerformerSearchQuery,
} from '@limelight/contracts';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest } from '../../platform/errors';
import { hiddenFromKey } from '../access';
import { toPublicPerformer } from './present';
import { type PerformerCardRow, viewerFlags } from './repo/profiles';
import {
  creatorProfileExists,
  keywordOf,
  mostFollowedOnShelves,
  searchFindsCreator,
  searchPerformersPage,
  shelfPerformersBefore,
  shelfPerformersFrom,
} from './repo/search';

async function withViewerFlags(
  deps: Deps,
  rows: Array<PerformerCardRow & { counts: CreatorCounts }>,
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

/** How long a list's count answers its later pages without counting again (decision 077). */
const COUNT_KEPT_MS = 60_000;
/** At most this many lists' counts are kept per database, the one kept longest going first. */
const MAX_COUNTS_KEPT = 10_000;
type KeptCount = { count: number; countedAt: number };
/** The counts of lists read lately in this process, by list and by who sees it, per database. */
const keptCounts = new WeakMap<object, Map<string, KeptCount>>();

/**
 * A list as its count sees it: the filters and the keyword's words (not the page, the order or
 * the exact handle, which change no count), and what hides creators from this viewer.
 */
function countKey(query: PerformerSearchQuery, viewer: SessionUser | undefined) {
  const { offset: _offset, limit: _limit, after: _after, sortBy: _sortBy, q, ...filters } = query;
  const list = Object.entries(filters)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => [name, Array.isArray(value) ? [...value].sort() : value])
    .sort(([a], [b]) => String(a).localeCompare(String(b)));
  return JSON.stringify([hiddenFromKey(viewer), keywordOf(q)?.terms ?? null, list]);
}

function keptCount(deps: Deps, key: string) {
  const kept = keptCounts.get(deps.db)?.get(key);
  return kept && Date.now() - kept.countedAt < COUNT_KEPT_MS ? kept.count : undefined;
}

function keepCount(deps: Deps, key: string, count: number) {
  const counts = keptCounts.get(deps.db) ?? new Map<string, KeptCount>();
  keptCounts.set(deps.db, counts);
  counts.delete(key);
  if (counts.size >= MAX_COUNTS_KEPT) counts.delete(counts.keys().next().value!);
  counts.set(key, { count, countedAt: Date.now() });
}

/**
 * Listed creators matching the filters and not hidden from the viewer, one page, with the total
 * (counted up to DISCOVERY_COUNT_CAP, decision 077), in one statement. The first page counts; a
 * later page (an offset or `after`) answers the count its list's first page found in the last
 * minute and counts only when none was kept (a link straight to page 5, another API process):
 * paging on costs the page alone (decision 077).
 */
export async function searchPerformers(deps: Deps, query: PerformerSearchQuery, viewer?: SessionUser): Promise<DiscoveryPage> {
  const firstPage = query.offset === 0 && !query.after;
  const key = countKey(query, viewer);
  const kept = firstPage ? undefined : keptCount(deps, key);
  const { rows, count } = await searchPerformersPage(deps.db, query, viewer, kept === undefined);
  // An empty keyset page may be the end of the list, or an `after` that names nobody.
  if (query.after && rows.length === 0 && !(await creatorProfileExists(deps.db, query.after))) {
    throw badRequest('after must name a creator', [{ field: 'after', message: 'must be the id of the last creator of the page before' }]);
  }
  // An empty page carries no count: none match when it is the first, else they are counted apart.
  const total =
    kept ??
    count ??
    (firstPage ? 0 : ((await searchPerformersPage(deps.db, { ...query, offset: 0, limit: 1, after: undefined }, viewer, true)).count ?? 0));
  if (kept === undefined) keepCount(deps, key, total);
  return {
    data: await withViewerFlags(deps, rows, viewer),
    total: Math.min(total, DISCOVERY_COUNT_CAP),
    totalCapped: total > DISCOVERY_COUNT_CAP,
  };
}

/** Whether a search for `q` finds any creator a visitor may see (popular searches list only those). */
export const anyCreatorMatches = (deps: Deps, q: string): Promise<boolean> => searchFindsCreator(deps.db, q);

/** The most followed creators on the shelves: a first post is among what they need there (decisions 039, 051). */
export async function topPerformers(deps: Deps, limit: number, viewer?: SessionUser) {
  return withViewerFlags(deps, await mostFollowedOnShelves(deps.db, limit, viewer), viewer);
}

/**
 * A random handful of listed creators without `ORDER BY random()` over the whole table: start
 * at a random id and walk the primary key, wrapping around once.
 */
export async function randomPerformers(deps: Deps, limit: number, viewer?: SessionUser) {
  const start = randomUUID();
  const after = await shelfPerformersFrom(deps.db, start, limit, viewer);
  const before = after.length < limit ? await shelfPerformersBefore(deps.db, start, limit - after.length, viewer) : [];
  return withViewerFlags(deps, [...after, ...before], viewer);
}
