import type { PromoPosition } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

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
