import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { processImage } from '../../platform/images';
import { PUBLIC_PREFIX } from '../../platform/storage';

const boxes = {
  avatar: { width: 512, height: 512, column: 'avatarKey', folder: 'avatars' },
  cover: { width: 1920, height: 640, column: 'coverKey', folder: 'covers' },
} as const;

/**
 * Stores a new avatar or cover: processed (upright, resized, EXIF gone), saved under a fresh
 * public key so caches never serve the old picture, and the previous file removed afterwards.
 */
export async function replaceProfileImage(deps: Deps, user: SessionUser, kind: keyof typeof boxes, upload: Buffer) {
  const box = boxes[kind];
  const image = await processImage(upload, box);
  const key = `${PUBLIC_PREFIX}${box.folder}/${randomUUID()}.webp`;
  await deps.storage.put(key, image.data);
  const [updated] = await deps.db
    .update(users)
    .set({ [box.column]: key })
    .where(eq(users.id, user.id))
    .returning();
  const previous = user[box.column];
  if (previous)
    await deps.storage.remove(previous).catch((error: unknown) => deps.log.warn({ err: error, key: previous }, 'old image not removed'));
  return updated!;
}
