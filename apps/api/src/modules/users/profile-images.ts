import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema/users';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { deleteFileRecordByKey, type FileRow, type ProfileImageKind, removeStored, saveProfileImage } from '../media';

const columns = {
  avatar: { key: 'avatarKey', file: 'avatarFileId' },
  cover: { key: 'coverKey', file: 'coverFileId' },
} as const;

/** Stores a new avatar or cover and shows it at once; the previous file is removed afterwards. */
export async function replaceProfileImage(deps: Deps, user: SessionUser, kind: ProfileImageKind, upload: Buffer) {
  const file = await saveProfileImage(deps, user.id, kind, upload);
  const { updated, previous } = await deps.db.transaction((tx) => pointProfileImage(tx, user.id, kind, file));
  await removeStored(deps, [previous]);
  return updated;
}

/** Makes a stored image the account's avatar or cover, deleting the previous file's record; its stored bytes go once committed (`removeStored`). */
export async function pointProfileImage(tx: Queryable, userId: string, kind: ProfileImageKind, file: FileRow) {
  const column = columns[kind];
  const [before] = await tx.select({ key: users[column.key] }).from(users).where(eq(users.id, userId)).for('update');
  const [updated] = await tx
    .update(users)
    .set({ [column.key]: file.storageKey, [column.file]: file.id })
    .where(eq(users.id, userId))
    .returning();
  const previous = before?.key ? await deleteFileRecordByKey(tx, before.key) : undefined;
  return { updated: updated!, previous };
}
