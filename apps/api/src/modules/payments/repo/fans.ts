import { eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { users } from '../../../db/read/users';

/** How a payment's e-mails greet and reach its fan (a receipt, a refund, a purchase that could not be booked). */
export async function fanAddressOf(db: Queryable, userId: string) {
  const [fan] = await db.select({ email: users.email, name: users.name, username: users.username }).from(users).where(eq(users.id, userId));
  return fan;
}
