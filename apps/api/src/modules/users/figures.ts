import { and, count, gte, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { utcDay } from '../../db/day';
import { users } from '../../db/schema';

/** Fans and creators who signed up each UTC day since `since` (the users_role_created_at index). */
export async function signUpsByDay(db: Queryable, since: Date) {
  const day = utcDay(users.createdAt);
  return db
    .select({ date: day, role: users.role, count: count() })
    .from(users)
    .where(and(inArray(users.role, ['user', 'performer']), gte(users.createdAt, since)))
    .groupBy(day, users.role);
}
