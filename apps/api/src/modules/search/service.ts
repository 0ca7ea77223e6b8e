import { createHmac } from 'node:crypto';
import type { searchKeywords } from '../../db/schema/search';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { sharedSecret } from '../../platform/secrets';
import { anyCreatorMatches } from '../performers';
import { isBlockedSearch } from './blocklist';
import { countKeywordSearch, countKeywordSearcher, keywordsIn, keywordsSearchedBy, rememberKeywordSearcher } from './repo';

/** A search shows among the popular ones once this many different people made it (decision 039). */
export const POPULAR_AFTER_SEARCHERS = 3;

/** The same words in any case and spacing are one keyword. */
const normalise = (raw: string) => raw.trim().toLowerCase().replace(/\s+/g, ' ');

type KeywordRow = typeof searchKeywords.$inferSelect;
const present = (row: Pick<KeywordRow, 'keyword' | 'count' | 'lastSearchedAt'>) => ({
  keyword: row.keyword,
  count: row.count,
  lastSearchedAt: row.lastSearchedAt.toISOString(),
});

/**
 * Who searched: an account by its id; a visitor by their address hashed with a key kept in the
 * database, so that the table counts people without holding anyone's address.
 */
async function searcherOf(deps: Deps, viewer: SessionUser | undefined, ip: string) {
  if (viewer) return `user:${viewer.id}`;
  const key = await sharedSecret(deps.db, 'search-searchers');
  return `address:${createHmac('sha256', key).update(ip).digest('base64url')}`;
}

/**
 * Counts a search that found creators and passes the word filter; any other search is answered
 * but not kept (`counted: false`), so junk never reaches the popular list.
 */
export async function recordKeyword(deps: Deps, raw: string, viewer: SessionUser | undefined, ip: string) {
  const keyword = normalise(raw);
  if (isBlockedSearch(keyword) || !(await anyCreatorMatches(deps, keyword))) return { keyword, counted: false };
  const searcher = await searcherOf(deps, viewer, ip);
  await deps.db.transaction(async (tx) => {
    await countKeywordSearch(tx, keyword);
    if (await rememberKeywordSearcher(tx, keyword, searcher)) await countKeywordSearcher(tx, keyword);
  });
  return { keyword, counted: true };
}

/** The admin's list of popular searches, one a line; empty when they have not set one. */
const curatedSearches = (deps: Deps) => [...new Set(deps.settings.get('popularSearches').split('\n').map(normalise).filter(Boolean))];

/**
 * The admin's list when set, in their order; otherwise searches that found creators for several
 * different people, most searchers (then searches) first, or the latest first.
 */
export async function listKeywords(deps: Deps, sortBy: 'popular' | 'recent', limit: number) {
  const curated = curatedSearches(deps).slice(0, limit);
  if (curated.length) {
    const known = await keywordsIn(deps.db, curated);
    const byKeyword = new Map(known.map((row) => [row.keyword, row]));
    const data = curated.map((keyword) => {
      const row = byKeyword.get(keyword);
      return { keyword, count: row?.count ?? 0, lastSearchedAt: row?.lastSearchedAt.toISOString() ?? null };
    });
    return { data, total: data.length };
  }
  const rows = await keywordsSearchedBy(deps.db, POPULAR_AFTER_SEARCHERS, sortBy, limit);
  // A word added to the filter after a search was counted keeps it off the list too.
  const data = rows.filter((row) => !isBlockedSearch(row.keyword)).map(present);
  return { data, total: data.length };
}
