import type { LibraryStatus } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, check, index, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

/** Columns every item of a creator's library (videos, galleries, products) has: sold alone or for subscribers. */
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
  deletedAt: deletedAt(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Set when its creator deleted an item someone had bought (decision 034): it stays its buyers'
 * and is gone for everyone else. Always with status `inactive` (`keptOffSale`).
 */
export const deletedAt = () => timestamp('deleted_at', { withTimezone: true });

/**
 * A deleted item is inactive for good: every list, count and statement fans read asks for
 * `active`, so this check is what keeps a kept item out of all of them.
 */
export const keptOffSale = (table: string, t: { status: AnyPgColumn; deletedAt: AnyPgColumn }) =>
  check(`${table}_deleted_inactive`, sql`${t.deletedAt} is null or ${t.status} = 'inactive'`);

/** The indexes (a creator's list, the public list) and checks those columns need. */
export const libraryItemConstraints = (
  table: string,
  t: { performerId: AnyPgColumn; status: AnyPgColumn; createdAt: AnyPgColumn; priceCents: AnyPgColumn; deletedAt: AnyPgColumn },
) => [
  index(`${table}_performer_status_created_idx`).on(t.performerId, t.status, t.createdAt),
  index(`${table}_status_created_idx`).on(t.status, t.createdAt),
  check(`${table}_status_check`, sql`${t.status} in ('draft', 'active', 'inactive')`),
  check(`${table}_price_non_negative`, sql`${t.priceCents} >= 0`),
  keptOffSale(table, t),
];
