import type { Readable } from 'node:stream';
import phash from 'sharp-phash';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import { holdAsReupload } from '../moderation';
import type { FileRow } from './files';
import { matchesRemovedImage, rememberRemovedHash } from './repo';

/**
 * Removed material does not come back (decision 046): the perceptual hash of each removed image
 * (a video's poster frame, which processing grabbed with ffmpeg) is kept; an image upload within
 * `MAX_DISTANCE` bits of one is held for review and opens a "re-upload" case in the queue.
 */
export const MAX_DISTANCE = 6;

const toSigned = (bits: string) => BigInt.asIntN(64, BigInt(`0b${bits}`));

async function bufferOf(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function hashImage(image: Buffer) {
  return toSigned(await phash(image));
}

/** Remembers the hashes of a removed item's images (before their files are deleted); a file that cannot be read is logged. */
export async function rememberRemovedImages(deps: Deps, targetType: string, targetId: string, fileRows: FileRow[]) {
  for (const file of fileRows) {
    const key =
      file.type === 'video' ? file.thumbnailKey : file.type === 'photo' || file.mimeType?.startsWith('image/') ? file.storageKey : null;
    if (!key) continue;
    try {
      const hash = await hashImage(await bufferOf(await deps.storage.read(key)));
      await rememberRemovedHash(deps.db, hash, targetType, targetId);
    } catch (error) {
      deps.log.warn({ err: error, key }, 'removed image not hashed');
    }
  }
}

/**
 * Called for every stored image upload: a match holds the file (its links refuse everyone but
 * its owner and admins) and opens a re-upload case. A hash that cannot be taken lets it through.
 */
export async function holdIfReupload(db: Queryable, file: { id: string; ownerId: string | null }, upload: Buffer) {
  let hash: bigint;
  try {
    hash = await hashImage(upload);
  } catch {
    return false;
  }
  if (!(await matchesRemovedImage(db, hash, MAX_DISTANCE))) return false;
  await holdAsReupload(db, file);
  return true;
}
