import type { SetAltTextInput } from '@limelight/contracts';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { files } from '../../db/schema/media';
import { users } from '../../db/schema/users';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, notFound } from '../../platform/errors';
import { type FileRow, presentMediaFile, removeStored } from './files';
import { saveImageFile } from './uploads';

const boxes = {
  avatar: { width: 512, height: 512, column: 'avatarKey', fileColumn: 'avatarFileId', type: 'avatar', folder: 'avatars' },
  cover: { width: 1920, height: 640, column: 'coverKey', fileColumn: 'coverFileId', type: 'cover', folder: 'covers' },
} as const;

export type ProfileImageKind = keyof typeof boxes;

/**
 * Stores a new avatar or cover: processed (upright, resized, EXIF gone) and hashed like every
 * image upload (a match of removed material is held for review, decision 046), saved under a
 * fresh public key so caches never serve the old picture, and the previous file removed afterwards.
 */
export async function replaceProfileImage(deps: Deps, user: SessionUser, kind: ProfileImageKind, upload: Buffer) {
  const file = await saveProfileImage(deps, user.id, kind, upload);
  const { updated, previous } = await deps.db.transaction((tx) => pointProfileImage(tx, user.id, kind, file));
  await removeStored(deps, [previous]);
  return updated;
}

/** Stores an avatar or cover image as a file of its owner without showing it anywhere yet (a revision waiting for review, decision 055). */
export async function saveProfileImage(deps: Deps, ownerId: string, kind: ProfileImageKind, upload: Buffer) {
  const box = boxes[kind];
  return saveImageFile(deps, deps.db, { ownerId, type: box.type, access: 'public', box, folder: box.folder }, upload);
}

/** Makes a stored image the account's avatar or cover, deleting the previous file's record; its stored bytes go once committed (`removeStored`). */
export async function pointProfileImage(tx: Queryable, userId: string, kind: ProfileImageKind, file: FileRow) {
  const box = boxes[kind];
  const [before] = await tx.select({ key: users[box.column] }).from(users).where(eq(users.id, userId)).for('update');
  const [updated] = await tx
    .update(users)
    .set({ [box.column]: file.storageKey, [box.fileColumn]: file.id })
    .where(eq(users.id, userId))
    .returning();
  const [previous] = before?.key ? await tx.delete(files).where(eq(files.storageKey, before.key)).returning() : [];
  return { updated: updated!, previous };
}

/** Files that are looked at (photos, posters, videos; not audio, documents or downloads), by their type. */
const SEEN_FILE_TYPE = /-(photo|thumbnail|video|teaser|image)$/;

/**
 * The owner's words for what one of their pictures or videos shows; empty clears them. Another
 * account's file answers 404, as if it did not exist.
 */
export async function setAltText(deps: Deps, owner: SessionUser, fileId: string, input: Required<SetAltTextInput>) {
  const [file] = await deps.db
    .select({ type: files.type })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.ownerId, owner.id)));
  if (!file) throw notFound('File');
  if (!SEEN_FILE_TYPE.test(file.type))
    throw badRequest('altText is only for pictures and videos', [{ field: 'altText', message: 'is only for pictures and videos' }]);
  const [updated] = await deps.db
    .update(files)
    .set({ altText: input.altText || null })
    .where(eq(files.id, fileId))
    .returning();
  return presentMediaFile(updated!, { signer: deps.mediaSigner, canView: true });
}
