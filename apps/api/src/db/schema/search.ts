import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** What visitors search for, counted, for the "popular" and "recent" suggestions. */
export const searchKeywords = pgTable(
  'search_keywords',
  {
    keyword: text('keyword').primaryKey(),
    count: integer('count').notNull().default(1),
    lastSearchedAt: timestamp('last_searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_keywords_count_idx').on(t.count), index('search_keywords_last_idx').on(t.lastSearchedAt)],
);
