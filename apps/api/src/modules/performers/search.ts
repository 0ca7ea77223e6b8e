import { randomUUID } from 'node:crypto';
import type { CreatorCounts, DiscoveryPage, DiscoveryPerformer, PerformerSearchQuery } from '@limelight/contracts';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest } from '../../platform/errors';
import { toPublicPerformer } from './present';
import { type PerformerRow, viewerFlags } from './repo/profiles';
import {
  creatorProfileExists,
  mostFollowedOnShelves,
  searchFindsCreator,
  searchPerformersPage,
  shelfPerformersBefore,
  shelfPerformersFrom,
} from './repo/search';

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

/**
 * Listed creators matching the filters and not hidden from the viewer by a block, one page, with
 * the total (counted up to DISCOVERY_COUNT_CAP, decision 077).
 */
export async function searchPerformers(deps: Deps, query: PerformerSearchQuery, viewer?: SessionUser): Promise<DiscoveryPage> {
  const { rows, total, totalCapped } = await searchPerformersPage(deps.db, query, viewer);
  // An empty keyset page may be the end of the list, or an `after` that names nobody.
  if (query.after && rows.length === 0 && !(await creatorProfileExists(deps.db, query.after))) {
    throw badRequest('after must name a creator', [{ field: 'after', message: 'must be the id of the last creator of the page before' }]);
  }
  return { data: await withViewerFlags(deps, rows, viewer), total, totalCapped };
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
