import { jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import { libraryItemColumns, libraryItemConstraints } from './library';
import { files } from './media';

/** A video in a creator's library: for subscribers, or for sale on its own. */
export const videos = pgTable(
  'videos',
  {
    ...libraryItemColumns(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    teaserFileId: uuid('teaser_file_id').references(() => files.id, { onDelete: 'set null' }),
    thumbnailFileId: uuid('thumbnail_file_id').references(() => files.id, { onDelete: 'set null' }),
  },
  (t) => libraryItemConstraints('videos', t),
);
