import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { sessions } from '../../db/read/platform/sessions';
import { stories } from '../../db/read/stories';
import { performerProfiles, users } from '../../db/read/users';

/** When this session was opened, none when it is gone. */
export async function sessionOpenedAt(db: Queryable, sessionId: string) {
  const [row] = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId));
  return row?.createdAt;
}

/** The account's avatar and cover: their stored keys and their file records. */
export async function accountImagesOf(tx: Queryable, userId: string) {
  const [account] = await tx
    .select({ avatarKey: users.avatarKey, coverKey: users.coverKey, avatarFileId: users.avatarFileId, coverFileId: users.coverFileId })
    .from(users)
    .where(eq(users.id, userId));
  return account;
}

/** The file record of a creator's welcome video, none for an account without a profile. */
export async function welcomeVideoOf(tx: Queryable, userId: string) {
  const [profile] = await tx
    .select({ welcomeVideoFileId: performerProfiles.welcomeVideoFileId })
    .from(performerProfiles)
    .where(eq(performerProfiles.userId, userId));
  return profile;
}

/** The file records of a creator's stories. */
export const storyFilesOf = (tx: Queryable, userId: string) =>
  tx.select({ fileId: stories.fileId }).from(stories).where(eq(stories.performerId, userId));
