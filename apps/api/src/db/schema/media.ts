import type { FileStatus } from '@limelight/contracts';
import { bigint, doublePrecision, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/** Perceptual hashes of removed images: an upload within a few bits of one is held for review. */
export const removedImageHashes = pgTable('removed_image_hashes', {
  id: id(),
  /** 64-bit pHash as a signed bigint, compared with bit_count(hash # candidate). */
  hash: bigint('hash', { mode: 'bigint' }).notNull(),
  targetType: text('target_type').notNull(),
  targetId: uuid('target_id').notNull(),
  createdAt: createdAt(),
});

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
    /** processing until its job has made the servable versions, then finished or error. */
    status: text('status').$type<FileStatus>().notNull().default('finished'),
    /** Why processing failed, in words a creator can act on. */
    error: text('error'),
    width: integer('width'),
    height: integer('height'),
    /** Seconds, for audio and video. */
    duration: doublePrecision('duration'),
    /** Public storage key of the poster image (videos). */
    thumbnailKey: text('thumbnail_key'),
    /** Public storage key of the blurred stand-in shown to viewers without access. */
    previewKey: text('preview_key'),
    /**
     * What the picture shows, in the creator's words (decision 030). On the file rather than on
     * each link to a post, gallery or story: a file belongs to one owner and one piece of content,
     * and every shape that shows media is presented from this row.
     */
    altText: text('alt_text'),
    createdAt: createdAt(),
  },
  (t) => [index('files_owner_id_idx').on(t.ownerId), index('files_storage_key_idx').on(t.storageKey)],
);
