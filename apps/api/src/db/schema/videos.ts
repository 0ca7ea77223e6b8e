import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { files } from './files';
import { users } from './users';

export type VideoStatus = 'draft' | 'active' | 'inactive';

/** A video in a creator's library: for subscribers, or for sale on its own. */
export const videos = pgTable(
  'videos',
  {
    id: id(),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').$type<VideoStatus>().notNull().default('active'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    isSale: boolean('is_sale').notNull().default(false),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    teaserFileId: uuid('teaser_file_id').references(() => files.id, { onDelete: 'set null' }),
    thumbnailFileId: uuid('thumbnail_file_id').references(() => files.id, { onDelete: 'set null' }),
    viewCount: integer('view_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('videos_performer_status_created_idx').on(t.performerId, t.status, t.createdAt),
    index('videos_status_created_idx').on(t.status, t.createdAt),
    check('videos_status_check', sql`${t.status} in ('draft', 'active', 'inactive')`),
    check('videos_price_non_negative', sql`${t.priceCents} >= 0`),
  ],
);
