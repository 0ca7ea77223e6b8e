import type { PromoPosition } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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

/** Admin-placed banners; shown while active and inside their optional time window. */
export const sitePromos = pgTable(
  'site_promos',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    href: text('href').notNull().default(''),
    /** Public storage key of the processed banner image. */
    imageKey: text('image_key'),
    position: text('position').$type<PromoPosition>().notNull(),
    status: text('status').$type<'active' | 'inactive'>().notNull().default('active'),
    ordering: integer('ordering').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('site_promos_position_status_ordering_idx').on(t.position, t.status, t.ordering),
    check('site_promos_status_check', sql`${t.status} in ('active', 'inactive')`),
  ],
);

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
