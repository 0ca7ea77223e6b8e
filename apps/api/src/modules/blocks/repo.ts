import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { type Page, pageOf } from '../../db/paging';
import { users } from '../../db/read/users';
import { countryBlocks, fanCountryBlocks, userBlocks } from '../../db/schema/blocks';
import { type AdminRowFilters, adminRowPage, nullValue } from '../../platform/admin-rows';
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

/** The block `blockerId` holds on `targetId`, if any. */
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

/** Blocks `targetId` for `blockerId`; blocking again only updates the reason. Answers the block. */
export async function upsertBlock(tx: Queryable, blockerId: string, targetId: string, reason: string | null) {
  const [row] = await tx
    .insert(userBlocks)
    .values({ blockerId, targetId, reason })
    .onConflictDoUpdate({ target: [userBlocks.blockerId, userBlocks.targetId], set: { reason } })
    .returning();
  return row!;
}

/** Removes the block `blockerId` holds on `targetId`; answers it, or undefined when there was none. */
export async function deleteBlock(db: Queryable, blockerId: string, targetId: string) {
  const [removed] = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.targetId, targetId)))
    .returning();
  return removed;
}

/** Replaces a creator's blocked countries (visitors from them are refused), in the caller's transaction. */
export async function replaceCreatorCountryBlocks(tx: Queryable, performerId: string, codes: string[]) {
  await tx.delete(countryBlocks).where(eq(countryBlocks.performerId, performerId));
  if (codes.length) await tx.insert(countryBlocks).values(codes.map((countryCode) => ({ performerId, countryCode })));
}

/** Replaces a fan's blocked countries (creators from them are hidden), in the caller's transaction. */
export async function replaceFanCountryBlocks(tx: Queryable, userId: string, codes: string[]) {
  await tx.delete(fanCountryBlocks).where(eq(fanCountryBlocks.userId, userId));
  if (codes.length) await tx.insert(fanCountryBlocks).values(codes.map((countryCode) => ({ userId, countryCode })));
}

/** Block lists for the admin's console: who blocked (owner) whom (other), and why (decision 052). */
export const adminBlockRows = (db: Queryable, filters: AdminRowFilters) =>
  adminRowPage(
    db,
    {
      table: userBlocks,
      select: {
        id: userBlocks.id,
        title: sql`coalesce(${userBlocks.reason}, '')`,
        status: nullValue,
        ownerId: userBlocks.blockerId,
        otherId: userBlocks.targetId,
        amountCents: nullValue,
        count: nullValue,
        parentId: nullValue,
        parentType: nullValue,
        createdAt: userBlocks.createdAt,
        updatedAt: nullValue,
      },
      id: userBlocks.id,
      createdAt: userBlocks.createdAt,
      users: [userBlocks.blockerId, userBlocks.targetId],
      text: [sql`coalesce(${userBlocks.reason}, '')`],
    },
    filters,
  );
