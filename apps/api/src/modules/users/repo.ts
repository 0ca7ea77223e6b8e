import { HELD_USERNAME_DAYS } from '@limelight/contracts';
import { and, asc, count, eq, gt, gte, inArray, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { utcDay } from '../../db/day';
import { pageOf } from '../../db/paging';
import { heldUsernames, performerProfiles, users } from '../../db/schema/users';
import { escapeLike, isUuid } from '../../platform/http';
import type { FileRow, ProfileImageKind } from '../media';

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof performerProfiles.$inferSelect;

/** Finds an account by e-mail or username, case-insensitively: the login field accepts either. */
export async function findByLogin(db: Queryable, login: string): Promise<UserRow | undefined> {
  const value = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.email}) = ${value}`, sql`lower(${users.username}) = ${value}`))
    .limit(1);
  return row;
}

export async function findByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return row;
}

export async function findById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The accounts with these usernames, whatever their case (the lower() index). */
export async function findByUsernames(db: Queryable, usernames: string[]): Promise<UserRow[]> {
  if (!usernames.length) return [];
  return db
    .select()
    .from(users)
    .where(
      inArray(
        sql`lower(${users.username})`,
        usernames.map((name) => name.toLowerCase()),
      ),
    );
}

export async function findProfile(db: Queryable, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(performerProfiles).where(eq(performerProfiles.userId, userId)).limit(1);
  return row;
}

/** Which of these values are already taken by another account, to name the field in a 409. */
export async function takenFields(
  db: Queryable,
  values: { username?: string; email?: string },
  exceptUserId?: string,
): Promise<Array<'username' | 'email'>> {
  const taken: Array<'username' | 'email'> = [];
  const check = async (field: 'username' | 'email', value: string | undefined) => {
    if (!value) return;
    const column = field === 'username' ? users.username : users.email;
    const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${column}) = ${value.toLowerCase()}`).limit(1);
    if (row && row.id !== exceptUserId) return void taken.push(field);
    // A deleted account's username stays unavailable for a while (HELD_USERNAME_DAYS).
    if (field === 'username' && (await isHeldUsername(db, value))) taken.push(field);
  };
  await check('username', values.username);
  await check('email', values.email);
  return taken;
}

export async function isHeldUsername(db: Queryable, username: string) {
  const [held] = await db
    .select({ username: heldUsernames.username })
    .from(heldUsernames)
    .where(and(eq(heldUsernames.username, username.toLowerCase()), gt(heldUsernames.heldUntil, sql`now()`)));
  return !!held;
}

/** Active fans and creators whose name or username starts with a word of `q`, not `exceptId`. */
export async function searchUsers(db: Queryable, q: string | undefined, page: { offset: number; limit: number }, exceptId: string) {
  const prefix = q ? `${escapeLike(q.toLowerCase())}%` : undefined;
  const where = and(
    inArray(users.role, ['user', 'performer']),
    eq(users.status, 'active'),
    ne(users.id, exceptId),
    prefix ? or(sql`lower(${users.username}) like ${prefix}`, sql`lower(${users.name}) like ${prefix}`) : undefined,
  );
  const { rows, total } = await pageOf(
    db.select().from(users).where(where).orderBy(asc(users.username), asc(users.id)).$dynamic(),
    page,
    db.$count(users, where),
  );
  return { rows, total };
}

export async function findActiveByIdOrUsername(db: Queryable, idOrUsername: string) {
  const isId = isUuid(idOrUsername);
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(eq(users.status, 'active'), isId ? eq(users.id, idOrUsername) : sql`lower(${users.username}) = ${idOrUsername.toLowerCase()}`),
    )
    .limit(1);
  return row;
}

/** The accounts with these ids (a page of rows names them), in one query. */
export const usersByIds = (db: Queryable, ids: string[]) => db.select().from(users).where(inArray(users.id, ids));

/** Fans and creators who signed up each UTC day since `since` (the users_role_created_at index). */
export async function signUpsByDay(db: Queryable, since: Date) {
  const day = utcDay(users.createdAt);
  return db
    .select({
      date: day,
      fans: count(sql`case when ${users.role} = 'user' then 1 end`),
      creators: count(sql`case when ${users.role} = 'performer' then 1 end`),
    })
    .from(users)
    .where(and(inArray(users.role, ['user', 'performer']), gte(users.createdAt, since)))
    .groupBy(day);
}

/**
 * How other modules change an account and a creator's profile: the users module owns both tables
 * (decision 074), so every write goes through these and a rule on a column has one place to live.
 */
export type AccountChanges = Partial<Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>>;
type CreatorProfileChanges = Partial<Omit<typeof performerProfiles.$inferInsert, 'userId' | 'createdAt' | 'updatedAt'>>;
export type NewAccount = Pick<typeof users.$inferInsert, 'role' | 'name' | 'username' | 'email' | 'passwordHash' | 'verifiedEmail'>;

/** Inserts an account and answers it; the lower() unique indexes refuse a taken username or e-mail. */
export async function insertUser(tx: Queryable, values: NewAccount): Promise<UserRow> {
  const [user] = await tx.insert(users).values(values).returning();
  return user!;
}

/** Changes an account and answers it (undefined when there is none). */
export async function updateAccountRow(tx: Queryable, userId: string, changes: AccountChanges): Promise<UserRow | undefined> {
  const [row] = await tx.update(users).set(changes).where(eq(users.id, userId)).returning();
  return row;
}

/** Sets the account's password hash. */
export async function setPasswordHash(tx: Queryable, userId: string, passwordHash: string) {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Sets the account's sign-in address, proved by a link its mailbox received. */
export async function setVerifiedEmail(tx: Queryable, userId: string, email: string) {
  await tx.update(users).set({ email, verifiedEmail: true }).where(eq(users.id, userId));
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

/**
 * Marks an account online or offline. A creator's profile keeps a copy for discovery (listed
 * creators by who is online, from one index), written in the same statement.
 */
export async function markOnline(db: Queryable, userId: string, isOnline: boolean) {
  await db.execute(sql`
      with account as (
        update ${users} set is_online = ${isOnline}, online_at = now() where id = ${userId} returning id)
      update ${performerProfiles} set is_online = ${isOnline}, online_at = now()
      where user_id in (select id from account)`);
}

const imageColumns = {
  avatar: { key: 'avatarKey', file: 'avatarFileId' },
  cover: { key: 'coverKey', file: 'coverFileId' },
} as const;

/** The storage key of the account's current avatar or cover, its row locked until the transaction ends. */
export async function profileImageKeyForUpdate(tx: Queryable, userId: string, kind: ProfileImageKind) {
  const [before] = await tx.select({ key: users[imageColumns[kind].key] }).from(users).where(eq(users.id, userId)).for('update');
  return before?.key;
}

/** Makes a stored file the account's avatar or cover; answers the account. */
export async function setProfileImage(tx: Queryable, userId: string, kind: ProfileImageKind, file: FileRow) {
  const column = imageColumns[kind];
  const [updated] = await tx
    .update(users)
    .set({ [column.key]: file.storageKey, [column.file]: file.id })
    .where(eq(users.id, userId))
    .returning();
  return updated;
}

/**
 * An account its owner deleted (decision 047): the row stays, because money records (ledger
 * accounts, earnings, orders, payout requests) point at it, but nothing of the person is left on
 * it. Its username is held for HELD_USERNAME_DAYS so nobody can pass for them straight away.
 */
export async function anonymiseAccount(tx: Queryable, user: Pick<UserRow, 'id' | 'username'>) {
  if (user.username) {
    await tx
      .insert(heldUsernames)
      .values({ username: user.username.toLowerCase(), heldUntil: sql`now() + make_interval(days => ${HELD_USERNAME_DAYS})` })
      .onConflictDoUpdate({
        target: heldUsernames.username,
        set: { heldUntil: sql`now() + make_interval(days => ${HELD_USERNAME_DAYS})` },
      });
  }
  await tx
    .update(users)
    .set({
      status: 'deleted',
      deletedAt: new Date(),
      name: 'Deleted account',
      username: `deleted-${user.id.slice(0, 8)}${user.id.slice(-4)}`,
      email: null,
      passwordHash: null,
      verifiedEmail: false,
      avatarKey: null,
      coverKey: null,
      avatarFileId: null,
      coverFileId: null,
      isOnline: false,
    })
    .where(eq(users.id, user.id));
  await tx
    .update(performerProfiles)
    .set({ bio: '', city: null, state: null, address: null, zipcode: null, dateOfBirth: null })
    .where(eq(performerProfiles.userId, user.id));
}
