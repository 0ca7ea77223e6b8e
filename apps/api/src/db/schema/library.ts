import type { LibraryStatus } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, check, index, integer, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

/** Columns every item of a creator's library (videos, galleries) has: sold alone or for subscribers. */
export const libraryItemColumns = () => ({
  id: id(),
  performerId: uuid('performer_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  status: text('status').$type<LibraryStatus>().notNull().default('active'),
  isSale: boolean('is_sale').notNull().default(false),
  priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
  viewCount: integer('view_count').notNull().default(0),
  likeCount: integer('like_count').notNull().default(0),
  commentCount: integer('comment_count').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The indexes (a creator's list, the public list) and checks those columns need. */
export const libraryItemConstraints = (
  table: string,
  t: { performerId: AnyPgColumn; status: AnyPgColumn; createdAt: AnyPgColumn; priceCents: AnyPgColumn },
) => [
  index(`${table}_performer_status_created_idx`).on(t.performerId, t.status, t.createdAt),
  index(`${table}_status_created_idx`).on(t.status, t.createdAt),
  check(`${table}_status_check`, sql`${t.status} in ('draft', 'active', 'inactive')`),
  check(`${table}_price_non_negative`, sql`${t.priceCents} >= 0`),
];
