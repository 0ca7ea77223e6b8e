import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import phash from 'sharp-phash';
import type { Queryable } from '../../db/client';
import { removedImageHashes } from '../../db/schema/media';
import type { Deps } from '../../deps';
import { holdAsReupload } from '../moderation';
import type { FileRow } from './files';

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
      await deps.db.insert(removedImageHashes).values({ hash, targetType, targetId });
    } catch (error) {
      deps.log.warn({ err: error, key }, 'removed image not hashed');
    }
  }
}

/** Whether an image is within a few bits of removed material. */
export async function matchesRemoved(db: Queryable, hash: bigint) {
  const rows = await db.execute(
    sql`select 1 from ${removedImageHashes} where bit_count((${removedImageHashes.hash} # ${hash.toString()}::bigint)::bit(64)) <= ${MAX_DISTANCE} limit 1`,
  );
  return rows.rows.length > 0;
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
  if (!(await matchesRemoved(db, hash))) return false;
  await holdAsReupload(db, file);
  return true;
}
