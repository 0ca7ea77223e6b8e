import type { SetAltTextInput } from '@limelight/contracts';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, notFound } from '../../platform/errors';
import { presentMediaFile } from './files';
import { ownedFileType, setFileAltText } from './repo';
import { saveImageFile } from './uploads';

const boxes = {
  avatar: { width: 512, height: 512, type: 'avatar', folder: 'avatars' },
  cover: { width: 1920, height: 640, type: 'cover', folder: 'covers' },
} as const;

export type ProfileImageKind = keyof typeof boxes;

/**
 * Stores an avatar or cover image as a file of its owner without showing it anywhere yet (the
 * users module points the account at it, at once or once a revision is approved, decision 055):
 * processed (upright, resized, EXIF gone) and hashed like every image upload (a match of removed
 * material is held for review, decision 046), under a fresh public key so caches never serve the old picture.
 */
export async function saveProfileImage(deps: Deps, ownerId: string, kind: ProfileImageKind, upload: Buffer) {
  const box = boxes[kind];
  return saveImageFile(deps, deps.db, { ownerId, type: box.type, access: 'public', box, folder: box.folder }, upload);
}

/** Files that are looked at (photos, posters, videos; not audio, documents or downloads), by their type. */
const SEEN_FILE_TYPE = /-(photo|thumbnail|video|teaser|image)$/;

/**
 * The owner's words for what one of their pictures or videos shows; empty clears them. Another
 * account's file answers 404, as if it did not exist.
 */
export async function setAltText(deps: Deps, owner: SessionUser, fileId: string, input: Required<SetAltTextInput>) {
  const file = await ownedFileType(deps.db, owner.id, fileId);
  if (!file) throw notFound('File');
  if (!SEEN_FILE_TYPE.test(file.type))
    throw badRequest('altText is only for pictures and videos', [{ field: 'altText', message: 'is only for pictures and videos' }]);
  const updated = await setFileAltText(deps.db, fileId, input.altText || null);
  return presentMediaFile(updated, { signer: deps.mediaSigner, canView: true });
}
