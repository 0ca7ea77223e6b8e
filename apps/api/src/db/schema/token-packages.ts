import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

/** Wallet top-up bundles: pay `price`, receive `tokens`, both in cents. */
export const tokenPackages = pgTable(
  'token_packages',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    tokensCents: bigint('tokens_cents', { mode: 'number' }).notNull(),
    ordering: integer('ordering').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('token_packages_active_ordering_idx').on(t.isActive, t.ordering),
    check('token_packages_amounts_positive', sql`${t.priceCents} > 0 and ${t.tokensCents} > 0`),
  ],
);
