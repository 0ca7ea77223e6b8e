import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What people search for that found creators, counted, for the "popular" and "recent"
 * suggestions (decision 039): `count` every search, `searchers` the different people.
 */
export const searchKeywords = pgTable(
  'search_keywords',
  {
    keyword: text('keyword').primaryKey(),
    count: integer('count').notNull().default(1),
    searchers: integer('searchers').notNull().default(0),
    lastSearchedAt: timestamp('last_searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('search_keywords_count_idx').on(t.count),
    index('search_keywords_last_idx').on(t.lastSearchedAt),
    index('search_keywords_searchers_idx').on(t.searchers, t.count),
  ],
);

/**
 * Who searched for a keyword, once each: an account by id, a visitor by a keyed hash of their
 * address (never the address itself), so `searchers` counts people, not requests.
 */
export const searchKeywordSearchers = pgTable(
  'search_keyword_searchers',
  {
    keyword: text('keyword')
      .notNull()
      .references(() => searchKeywords.keyword, { onDelete: 'cascade' }),
    searcher: text('searcher').notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyword, t.searcher] })],
);
