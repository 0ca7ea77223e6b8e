import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { libraryItemColumns, libraryItemConstraints } from './library';
import { files } from './media';
import { users } from './users';

/** A set of photos sold or kept for subscribers as one; its photos follow its rule. */
export const galleries = pgTable(
  'galleries',
  {
    ...libraryItemColumns(),
    coverPhotoId: uuid('cover_photo_id'),
    photoCount: integer('photo_count').notNull().default(0),
  },
  (t) => libraryItemConstraints('galleries', t),
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
