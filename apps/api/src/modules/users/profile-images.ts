import type { Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { deleteFileRecordByKey, type FileRow, type ProfileImageKind, removeStored, saveProfileImage } from '../media';
import { profileImageKeyForUpdate, setProfileImage } from './repo';

/** Stores a new avatar or cover and shows it at once; the previous file is removed afterwards. */
export async function replaceProfileImage(deps: Deps, user: SessionUser, kind: ProfileImageKind, upload: Buffer) {
  const file = await saveProfileImage(deps, user.id, kind, upload);
  const { updated, previous } = await deps.db.transaction((tx) => pointProfileImage(tx, user.id, kind, file));
  await removeStored(deps, [previous]);
  return updated;
}

/** Makes a stored image the account's avatar or cover, deleting the previous file's record; its stored bytes go once committed (`removeStored`). */
export async function pointProfileImage(tx: Queryable, userId: string, kind: ProfileImageKind, file: FileRow) {
  const previousKey = await profileImageKeyForUpdate(tx, userId, kind);
  const updated = await setProfileImage(tx, userId, kind, file);
  const previous = previousKey ? await deleteFileRecordByKey(tx, previousKey) : undefined;
  return { updated: updated!, previous };
}
