import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../../db/client';
import { files } from '../../../db/read/media';
import { moderationHolds } from '../../../db/read/moderation';
import type { ViewerSql } from './viewer';

/** Rows whose `idColumn` is not held, or (with `own`) whose `ownerColumn` names this owner. */
export function notHeldOrOwn(idColumn: AnyPgColumn | SQL, own?: { ownerColumn: AnyPgColumn | SQL; ownerId: string }): SQL {
  const free = sql`not exists (select 1 from ${moderationHolds} where ${moderationHolds.targetId} = ${idColumn})`;
  return own ? sql`(${own.ownerColumn} = ${own.ownerId} or ${free})` : free;
}

/** `notHeld` for a statement that names the viewer in SQL (decision 018): one text for every viewer. */
export const notHeldSql = (viewer: ViewerSql, id: SQL | AnyPgColumn, owner: SQL | AnyPgColumn) =>
  sql`(${viewer.isAdmin} or ${owner} = ${viewer.id} or not exists (select 1 from ${moderationHolds} where ${moderationHolds.targetId} = ${id}))`;

/**
 * The ids of one owner's held content, as a subquery (an index range on the owner's holds): for
 * counts that must leave out what is gone for everyone but the owner, such as unseen messages.
 */
export const heldIdsOf = (owner: AnyPgColumn | SQL) =>
  sql`(select ${moderationHolds.targetId} from ${moderationHolds} where ${moderationHolds.ownerId} = ${owner})`;

/** The holds on these ids, each with the id it holds. */
export const holdRows = (db: Queryable, ids: string[]) =>
  db
    .select({
      id: moderationHolds.targetId,
      state: moderationHolds.state,
      reason: moderationHolds.reason,
      buyersKeep: moderationHolds.buyersKeep,
      prePublication: moderationHolds.prePublication,
    })
    .from(moderationHolds)
    .where(inArray(moderationHolds.targetId, ids));

/** The hold on the file stored under this key (its owner, and whether buyers keep it), if any. */
export async function holdOnStoredFile(db: Queryable, storageKey: string) {
  const [row] = await db
    .select({ ownerId: moderationHolds.ownerId, buyersKeep: moderationHolds.buyersKeep })
    .from(files)
    .innerJoin(moderationHolds, eq(moderationHolds.targetId, files.id))
    .where(eq(files.storageKey, storageKey))
    .limit(1);
  return row;
}
