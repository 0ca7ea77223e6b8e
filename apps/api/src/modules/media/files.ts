import type { MediaFile } from '@limelight/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { files } from '../../db/schema/media';
import type { Deps } from '../../deps';
import { type MediaSigner, PUBLIC_PREFIX, publicUrl } from '../../platform/storage';

export type FileRow = typeof files.$inferSelect;

/** How long a link to protected media works: long enough to start playing, too short to share. */
export const SIGNED_LINK_SECONDS = 10 * 60;

/**
 * A file as one viewer sees it: the media only once finished; protected media and their
 * thumbnails only as expiring links, and only to a viewer with access. Blurred previews are public.
 * The creator's alt text goes with the media: it describes what is paid for, so a viewer without
 * access gets none (their page says "Locked photo by …", decision 030).
 */
export function presentMediaFile(file: FileRow, access?: { signer: MediaSigner; canView: boolean }): MediaFile {
  const shown = file.storageKey.startsWith(PUBLIC_PREFIX) || !!access?.canView;
  const link = (key: string | null) => {
    if (!key) return null;
    if (key.startsWith(PUBLIC_PREFIX)) return publicUrl(key);
    return access?.canView ? access.signer.sign(key, SIGNED_LINK_SECONDS) : null;
  };
  return {
    _id: file.id,
    type: file.type,
    status: file.status,
    error: file.error,
    url: file.status === 'finished' ? link(file.storageKey) : null,
    thumbnailUrl: link(file.thumbnailKey),
    previewUrl: link(file.previewKey),
    duration: file.duration,
    width: file.width,
    height: file.height,
    altText: shown ? file.altText : null,
  };
}

export async function findFile(db: Queryable, id: string | null | undefined): Promise<FileRow | undefined> {
  if (!id) return undefined;
  const [file] = await db.select().from(files).where(eq(files.id, id));
  return file;
}

/** Every stored object of a file, for removal. */
export const storedKeys = (file: FileRow) => [file.storageKey, file.thumbnailKey, file.previewKey].filter((key): key is string => !!key);

/** Deletes these file records in `tx`, answering them so their stored objects can go after the commit. */
export async function deleteFileRecords(tx: Queryable, ids: string[]): Promise<FileRow[]> {
  return ids.length ? tx.delete(files).where(inArray(files.id, ids)).returning() : [];
}

/** Deletes the record of the file stored under this key (an account's previous avatar or cover), answering it. */
export async function deleteFileRecordByKey(tx: Queryable, storageKey: string): Promise<FileRow | undefined> {
  const [file] = await tx.delete(files).where(eq(files.storageKey, storageKey)).returning();
  return file;
}

/** Removes the stored objects of deleted files; one that cannot be removed is logged, not fatal. */
export async function removeStored(deps: Pick<Deps, 'storage' | 'log'>, removed: Array<FileRow | undefined>) {
  const keys = removed.flatMap((file) => (file ? storedKeys(file) : []));
  await Promise.all(
    keys.map((key) => deps.storage.remove(key).catch((error: unknown) => deps.log.warn({ err: error, key }, 'file not removed'))),
  );
}
