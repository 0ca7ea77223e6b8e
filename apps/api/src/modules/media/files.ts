import type { MediaFile } from '@limelight/contracts';
import type { files } from '../../db/schema/media';
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

/** Every stored object of a file, for removal. */
export const storedKeys = (file: FileRow) => [file.storageKey, file.thumbnailKey, file.previewKey].filter((key): key is string => !!key);

/** Removes the stored objects of deleted files; one that cannot be removed is logged, not fatal. */
export async function removeStored(deps: Pick<Deps, 'storage' | 'log'>, removed: Array<FileRow | undefined>) {
  const keys = removed.flatMap((file) => (file ? storedKeys(file) : []));
  await Promise.all(
    keys.map((key) => deps.storage.remove(key).catch((error: unknown) => deps.log.warn({ err: error, key }, 'file not removed'))),
  );
}
