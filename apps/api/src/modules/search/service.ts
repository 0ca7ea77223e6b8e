import { desc, sql } from 'drizzle-orm';
import { searchKeywords } from '../../db/schema';
import type { Deps } from '../../deps';

const present = (row: typeof searchKeywords.$inferSelect) => ({ ...row, lastSearchedAt: row.lastSearchedAt.toISOString() });

/** Counts a search; the same words in any case and spacing count as one keyword. */
export async function recordKeyword(deps: Deps, raw: string) {
  const keyword = raw.toLowerCase().replace(/\s+/g, ' ');
  const [row] = await deps.db
    .insert(searchKeywords)
    .values({ keyword })
    .onConflictDoUpdate({ target: searchKeywords.keyword, set: { count: sql`${searchKeywords.count} + 1`, lastSearchedAt: new Date() } })
    .returning();
  return present(row!);
}

export async function listKeywords(deps: Deps, sortBy: 'popular' | 'recent', limit: number) {
  const order =
    sortBy === 'popular' ? [desc(searchKeywords.count), desc(searchKeywords.lastSearchedAt)] : [desc(searchKeywords.lastSearchedAt)];
  const rows = await deps.db
    .select()
    .from(searchKeywords)
    .orderBy(...order)
    .limit(limit);
  return { data: rows.map(present), total: rows.length };
}
