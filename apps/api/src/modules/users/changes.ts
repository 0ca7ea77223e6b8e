import { and, eq, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { performerProfiles, users } from '../../db/schema/users';
import { duplicateAsConflict } from './accounts';
import type { ProfileRow, UserRow } from './repo';

/**
 * How other modules change an account and a creator's profile: the users module owns both tables
 * (decision 074), so every write goes through these and a rule on a column has one place to live.
 */
type AccountChanges = Partial<Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>>;
type CreatorProfileChanges = Partial<Omit<typeof performerProfiles.$inferInsert, 'userId' | 'createdAt' | 'updatedAt'>>;

/** Changes an account and answers it (undefined when there is none); a taken username or e-mail answers 409 naming it. */
export async function changeAccount(tx: Queryable, userId: string, changes: AccountChanges): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set(changes)
    .where(eq(users.id, userId))
    .returning()
    .catch((error: unknown) => {
      throw duplicateAsConflict(error);
    });
  return row;
}

/** Activates or deactivates an account that is not an admin's (an admin account is never locked out this way); answers it, or undefined. */
export async function changeAccountStatus(tx: Queryable, userId: string, status: 'active' | 'inactive') {
  const [row] = await tx
    .update(users)
    .set({ status })
    .where(and(eq(users.id, userId), ne(users.role, 'admin')))
    .returning();
  return row;
}

/** A new account without a password (an outside identity's); the caller checked which fields are free. */
export async function insertPasswordlessAccount(
  tx: Queryable,
  values: Pick<typeof users.$inferInsert, 'role' | 'name' | 'username' | 'email' | 'verifiedEmail'>,
) {
  const [user] = await tx.insert(users).values(values).returning();
  return user!;
}

/** Opens a creator's profile beside their account (sign-up as a creator, an admin's role change); one already there stays. */
export async function openCreatorProfile(tx: Queryable, userId: string, values: CreatorProfileChanges = {}) {
  await tx
    .insert(performerProfiles)
    .values({ ...values, userId })
    .onConflictDoNothing();
}

/** Changes a creator's profile and answers it (undefined when they have none). */
export async function changeCreatorProfile(tx: Queryable, userId: string, changes: CreatorProfileChanges): Promise<ProfileRow | undefined> {
  const [row] = await tx.update(performerProfiles).set(changes).where(eq(performerProfiles.userId, userId)).returning();
  return row;
}

/** One follower more or less on a creator's profile, in the follow's transaction. */
export async function countFollowers(tx: Queryable, performerId: string, by: number) {
  await tx
    .update(performerProfiles)
    .set({ followersCount: sql`${performerProfiles.followersCount} + ${by}` })
    .where(eq(performerProfiles.userId, performerId));
}
