import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

/** CMS pages and posts; `content` is HTML sanitized when saved. */
export const posts = pgTable(
  'posts',
  {
    id: id(),
    slug: text('slug').notNull(),
    type: text('type').$type<'page' | 'post'>().notNull().default('page'),
    title: text('title').notNull(),
    shortDescription: text('short_description').notNull().default(''),
    content: text('content').notNull().default(''),
    status: text('status').$type<'draft' | 'published'>().notNull().default('draft'),
    ordering: integer('ordering').notNull().default(0),
    /**
     * Raised when the admin publishes a new version of a page; for the Terms and the Privacy
     * policy, every account then accepts the new version at its next sign-in (decision 050).
     */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('posts_slug_key').on(t.slug),
    index('posts_status_type_ordering_idx').on(t.status, t.type, t.ordering),
    check('posts_type_check', sql`${t.type} in ('page', 'post')`),
    check('posts_status_check', sql`${t.status} in ('draft', 'published')`),
  ],
);
