import { desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { searchKeywordSearchers, searchKeywords } from '../../db/schema/search';
import { type AdminRowFilters, adminRowPage, nullValue } from '../../platform/admin-rows';

/** Counts one more search of a keyword, adding the keyword on its first search. */
export async function countKeywordSearch(tx: Queryable, keyword: string) {
  await tx
    .insert(searchKeywords)
    .values({ keyword })
    .onConflictDoUpdate({ target: searchKeywords.keyword, set: { count: sql`${searchKeywords.count} + 1`, lastSearchedAt: new Date() } });
}

/** Remembers who searched a keyword; whether this was their first search of it. */
export async function rememberKeywordSearcher(tx: Queryable, keyword: string, searcher: string) {
  const [first] = await tx.insert(searchKeywordSearchers).values({ keyword, searcher }).onConflictDoNothing().returning();
  return first !== undefined;
}

/** Counts one more different person who searched a keyword. */
export async function countKeywordSearcher(tx: Queryable, keyword: string) {
  await tx
    .update(searchKeywords)
    .set({ searchers: sql`${searchKeywords.searchers} + 1` })
    .where(eq(searchKeywords.keyword, keyword));
}

/** The counted rows of these keywords (those nobody searched yet are missing). */
export const keywordsIn = (db: Queryable, keywords: string[]) =>
  db.select().from(searchKeywords).where(inArray(searchKeywords.keyword, keywords));

/**
 * Keywords searched by at least `minSearchers` different people: most searchers (then searches)
 * first, or the latest first.
 */
export function keywordsSearchedBy(db: Queryable, minSearchers: number, sortBy: 'popular' | 'recent', limit: number) {
  const order =
    sortBy === 'popular'
      ? [desc(searchKeywords.searchers), desc(searchKeywords.count), desc(searchKeywords.lastSearchedAt)]
      : [desc(searchKeywords.lastSearchedAt)];
  return db
    .select()
    .from(searchKeywords)
    .where(gte(searchKeywords.searchers, minSearchers))
    .orderBy(...order)
    .limit(limit);
}

/**
 * What people searched for, with how often (`count`) and by how many (`amount` is unused); the
 * keyword is its id, the last search its date (decision 052). Searches are not kept per person.
 */
export const adminKeywordRows = (db: Queryable, filters: AdminRowFilters) =>
  adminRowPage(
    db,
    {
      table: searchKeywords,
      select: {
        id: searchKeywords.keyword,
        title: sql`${searchKeywords.keyword} || ' (' || ${searchKeywords.searchers} || ' people)'`,
        status: nullValue,
        ownerId: nullValue,
        otherId: nullValue,
        amountCents: nullValue,
        count: searchKeywords.count,
        parentId: nullValue,
        parentType: nullValue,
        createdAt: searchKeywords.lastSearchedAt,
        updatedAt: searchKeywords.lastSearchedAt,
      },
      id: searchKeywords.keyword,
      createdAt: searchKeywords.lastSearchedAt,
      users: [],
      text: [searchKeywords.keyword],
    },
    filters,
  );
