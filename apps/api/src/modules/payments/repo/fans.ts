import { eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { users } from '../../../db/read/users';

/** The fan's account row, if any. */
export async function fanAccount(db: Queryable, userId: string) {
  const [fan] = await db.select().from(users).where(eq(users.id, userId));
  return fan;
}

/** How a payment's receipt greets and reaches its fan. */
export async function receiptAddressOf(db: Queryable, userId: string) {
  const [fan] = await db.select({ email: users.email, name: users.name, username: users.username }).from(users).where(eq(users.id, userId));
  return fan;
}

/** How to e-mail the fan, by name. */
export async function fanAddressOf(db: Queryable, userId: string) {
  const [fan] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  return fan;
}
