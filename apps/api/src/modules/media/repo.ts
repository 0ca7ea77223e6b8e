import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { files, removedImageHashes } from '../../db/schema/media';
import type { FileRow } from './files';

/** A file's record by its id; none for no id. */
export async function findFile(db: Queryable, id: string | null | undefined): Promise<FileRow | undefined> {
  if (!id) return undefined;
  const [file] = await db.select().from(files).where(eq(files.id, id));
  return file;
}

/** Records one file, answering its row. */
export async function insertFile(db: Queryable, file: typeof files.$inferInsert) {
  const [row] = await db.insert(files).values(file).returning();
  return row!;
}

/** Deletes these file records in `tx`, answering them so their stored objects can go after the commit. */
export async function deleteFileRecords(tx: Queryable, ids: string[]): Promise<FileRow[]> {
  return ids.length ? tx.delete(files).where(inArray(files.id, ids)).returning() : [];
}

/** Deletes the record of the file stored under this key (an account's previous avatar or cover), answering it. */
export async function deleteFileRecordByKey(tx: Queryable, storageKey: string): Promise<FileRow | undefined> {
  const [file] = await tx.delete(files).where(eq(files.storageKey, storageKey)).returning();
  return file;
}

/** The type of one of the owner's files; none when the file is not theirs or does not exist. */
export async function ownedFileType(db: Queryable, ownerId: string, fileId: string) {
  const [file] = await db
    .select({ type: files.type })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.ownerId, ownerId)));
  return file;
}

/** Sets the words for what a file shows (null clears them), answering the file. */
export async function setFileAltText(db: Queryable, fileId: string, altText: string | null) {
  const [updated] = await db.update(files).set({ altText }).where(eq(files.id, fileId)).returning();
  return updated!;
}

/** How many of the account's uploads are waiting to be processed. */
export async function processingFilesOf(db: Queryable, ownerId: string) {
  const [row] = await db
    .select({ waiting: count() })
    .from(files)
    .where(and(eq(files.ownerId, ownerId), eq(files.status, 'processing')));
  return row?.waiting ?? 0;
}

/** What the account's files take: bytes stored, and seconds of audio and video processed in the last 24 hours. */
export async function mediaUsedBy(db: Queryable, ownerId: string) {
  const [used] = await db
    .select({
      stored: sql<number>`coalesce(sum(${files.size}), 0)::float8`,
      processed: sql<number>`coalesce(sum(${files.duration}) filter (where ${files.createdAt} > now() - interval '1 day'), 0)::float8`,
    })
    .from(files)
    .where(eq(files.ownerId, ownerId));
  return used;
}

/** Marks a file processed with its playable versions, answering its id; none when it was deleted meanwhile. */
export async function finishProcessedFile(
  db: Queryable,
  fileId: string,
  output: Pick<
    typeof files.$inferInsert,
    'storageKey' | 'mimeType' | 'size' | 'width' | 'height' | 'duration' | 'thumbnailKey' | 'previewKey'
  >,
) {
  const [updated] = await db
    .update(files)
    .set({ status: 'finished', ...output, error: null })
    .where(eq(files.id, fileId))
    .returning({ id: files.id });
  return updated;
}

/** Marks a file as failed for good, with why in words its creator can act on. */
export async function failProcessedFile(db: Queryable, fileId: string, error: string) {
  await db.update(files).set({ status: 'error', error }).where(eq(files.id, fileId));
}

/** Keeps the perceptual hash of one image of a removed item. */
export async function rememberRemovedHash(db: Queryable, hash: bigint, targetType: string, targetId: string) {
  await db.insert(removedImageHashes).values({ hash, targetType, targetId });
}

/** Whether an image's hash is within `maxDistance` bits of removed material. */
export async function matchesRemovedImage(db: Queryable, hash: bigint, maxDistance: number) {
  const rows = await db.execute(
    sql`select 1 from ${removedImageHashes} where bit_count((${removedImageHashes.hash} # ${hash.toString()}::bigint)::bit(64)) <= ${maxDistance} limit 1`,
  );
  return rows.rows.length > 0;
}
