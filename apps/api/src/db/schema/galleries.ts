import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { files } from './files';
import { users } from './users';

export type GalleryStatus = 'draft' | 'active' | 'inactive';

/** A set of photos sold or kept for subscribers as one; its photos follow its rule. */
export const galleries = pgTable(
  'galleries',
  {
    id: id(),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').$type<GalleryStatus>().notNull().default('active'),
    isSale: boolean('is_sale').notNull().default(false),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    coverPhotoId: uuid('cover_photo_id'),
    photoCount: integer('photo_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('galleries_performer_status_created_idx').on(t.performerId, t.status, t.createdAt),
    index('galleries_status_created_idx').on(t.status, t.createdAt),
    check('galleries_status_check', sql`${t.status} in ('draft', 'active', 'inactive')`),
    check('galleries_price_non_negative', sql`${t.priceCents} >= 0`),
  ],
);

/** A photo in a creator's gallery. */
export const photos = pgTable(
  'photos',
  {
    id: id(),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    galleryId: uuid('gallery_id')
      .notNull()
      .references(() => galleries.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('photos_gallery_created_idx').on(t.galleryId, t.createdAt)],
);
