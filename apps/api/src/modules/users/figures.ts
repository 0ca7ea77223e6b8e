import { and, count, gte, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { utcDay } from '../../db/day';
import { users } from '../../db/schema/users';

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
