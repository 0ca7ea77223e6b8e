import { eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { performerProfiles, users } from '../../../db/read/users';

/** Whether an admin verified the creator (their profile is listed). */
export async function creatorIsListed(db: Queryable, performerId: string) {
  const [profile] = await db
    .select({ listed: performerProfiles.listed })
    .from(performerProfiles)
    .where(eq(performerProfiles.userId, performerId));
  return !!profile?.listed;
}

/** An account's display name, none when it is gone. */
export async function nameOf(db: Queryable, userId: string) {
  const [account] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return account?.name;
}

/** How to e-mail a creator and whether they are online. */
export async function creatorContact(db: Queryable, performerId: string) {
  const [creator] = await db
    .select({ email: users.email, name: users.name, username: users.username, isOnline: users.isOnline })
    .from(users)
    .where(eq(users.id, performerId));
  return creator;
}
