import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { type Page, pageOf } from '../../db/paging';
import { users } from '../../db/read/users';
import { countryBlocks, fanCountryBlocks, userBlocks } from '../../db/schema/blocks';
import { escapeLike } from '../../platform/http';
import { isCreator } from '../access';

type Filtered = Page & { q?: string };

/** The accounts one user blocked, newest first, with the total; `q` matches name or username. */
export async function blockedPage(db: Queryable, blockerId: string, page: Filtered) {
  const pattern = page.q ? `%${escapeLike(page.q)}%` : undefined;
  const where = and(
    eq(userBlocks.blockerId, blockerId),
    pattern ? or(ilike(users.name, pattern), ilike(users.username, pattern)) : undefined,
  );
  const { rows, total } = await pageOf(
    db
      .select({ block: userBlocks, target: users })
      .from(userBlocks)
      .innerJoin(users, eq(users.id, userBlocks.targetId))
      .where(where)
      .orderBy(desc(userBlocks.createdAt), desc(userBlocks.id))
      .$dynamic(),
    page,
    db
      .select({ total: count() })
      .from(userBlocks)
      .innerJoin(users, eq(users.id, userBlocks.targetId))
      .where(where)
      .then(([row]) => row?.total ?? 0),
  );
  return { rows, total };
}

export async function findBlock(db: Queryable, blockerId: string, targetId: string) {
  const [row] = await db
    .select()
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.targetId, targetId)));
  return row;
}

/** A creator's blocked countries (refusing visitors) or a fan's (hiding creators), by code. */
export async function countriesBlockedBy(db: Queryable, blocker: { id: string; role: string }) {
  const rows = isCreator(blocker)
    ? await db
        .select({ code: countryBlocks.countryCode })
        .from(countryBlocks)
        .where(eq(countryBlocks.performerId, blocker.id))
        .orderBy(countryBlocks.countryCode)
    : await db
        .select({ code: fanCountryBlocks.countryCode })
        .from(fanCountryBlocks)
        .where(eq(fanCountryBlocks.userId, blocker.id))
        .orderBy(fanCountryBlocks.countryCode);
  return rows.map((row) => row.code);
}
