import type { MediaFile } from '@limelight/contracts';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { files } from '../../db/schema';
import { type MediaSigner, PUBLIC_PREFIX, publicUrl } from '../../platform/storage';

export type FileRow = typeof files.$inferSelect;

/** How long a link to protected media works: long enough to start playing, too short to share. */
export const SIGNED_LINK_SECONDS = 10 * 60;

/**
 * A file as one viewer sees it: the full media only once finished, and for protected media only
 * as an expiring link to a viewer with access; thumbnails and previews are public.
 */
export function presentMediaFile(file: FileRow, access?: { signer: MediaSigner; canView: boolean }): MediaFile {
  const finished = file.status === 'finished';
  const isPublic = file.storageKey.startsWith(PUBLIC_PREFIX);
  const url = !finished
    ? null
    : isPublic
      ? publicUrl(file.storageKey)
      : access?.canView
        ? access.signer.sign(file.storageKey, SIGNED_LINK_SECONDS)
        : null;
  return {
    _id: file.id,
    type: file.type,
    status: file.status,
    error: file.error,
    url,
    thumbnailUrl: file.thumbnailKey ? publicUrl(file.thumbnailKey) : null,
    previewUrl: file.previewKey ? publicUrl(file.previewKey) : null,
    duration: file.duration,
    width: file.width,
    height: file.height,
  };
}

export async function findFile(db: Queryable, id: string | null | undefined): Promise<FileRow | undefined> {
  if (!id) return undefined;
  const [file] = await db.select().from(files).where(eq(files.id, id));
  return file;
}

/** Every stored object of a file, for removal. */
export const storedKeys = (file: FileRow) => [file.storageKey, file.thumbnailKey, file.previewKey].filter((key): key is string => !!key);
