import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { countryBlocks, userBlocks, users } from '../../db/schema';
import { escapeLike } from '../../platform/http';

type Page = { offset: number; limit: number; q?: string };

/** The accounts one user blocked, newest first, with the total; `q` matches name or username. */
export async function blockedPage(db: Queryable, blockerId: string, page: Page) {
  const pattern = page.q ? `%${escapeLike(page.q)}%` : undefined;
  const where = and(
    eq(userBlocks.blockerId, blockerId),
    pattern ? or(ilike(users.name, pattern), ilike(users.username, pattern)) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ block: userBlocks, target: users })
      .from(userBlocks)
      .innerJoin(users, eq(users.id, userBlocks.targetId))
      .where(where)
      .orderBy(desc(userBlocks.createdAt), desc(userBlocks.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(userBlocks).innerJoin(users, eq(users.id, userBlocks.targetId)).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findBlock(db: Queryable, blockerId: string, targetId: string) {
  const [row] = await db
    .select()
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.targetId, targetId)));
  return row;
}

export async function countriesBlockedBy(db: Queryable, performerId: string) {
  const rows = await db
    .select({ code: countryBlocks.countryCode })
    .from(countryBlocks)
    .where(eq(countryBlocks.performerId, performerId))
    .orderBy(countryBlocks.countryCode);
  return rows.map((row) => row.code);
}
