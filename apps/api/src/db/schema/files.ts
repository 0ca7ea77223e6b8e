import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/** An uploaded file's record; the bytes live in storage under `storageKey`. */
export const files = pgTable(
  'files',
  {
    id: id(),
    ownerId: uuid('owner_id'),
    type: text('type').notNull(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull().default(''),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    status: text('status').notNull().default('finished'),
    createdAt: createdAt(),
  },
  (t) => [index('files_owner_id_idx').on(t.ownerId)],
);
