import { and, asc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { heldUsernames, performerProfiles, users } from '../../db/schema/users';
import { escapeLike, isUuid } from '../../platform/http';

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
