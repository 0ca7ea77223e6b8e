import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { searchKeywords } from '../../db/schema/search';
import { type AdminRowFilters, adminRowPage, nullValue } from '../../platform/admin-rows';

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
