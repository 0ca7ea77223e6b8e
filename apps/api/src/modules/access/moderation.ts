import { ErrorCode } from '@limelight/contracts';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { isAdmin, isSelf, type Viewer } from './actions';
import { holdOnStoredFile, holdRows, notHeldOrOwn } from './repo/holds';

/**
 * Content an admin hid or removed, or an upload held for review (decision 046): one table of
 * holds keyed by the content's id, asked here and nowhere else. A held item is gone for everyone
 * but admins and (marked with the reason) its owner.
 */
export type Hold = { state: 'hidden' | 'removed' | 'review'; reason: string; buyersKeep: boolean; prePublication: boolean };

/** A list condition: rows whose `idColumn` is not held, except the viewer's own (`ownerColumn`) and for admins. */
export function notHeld(viewer: Viewer, idColumn: AnyPgColumn | SQL, ownerColumn?: AnyPgColumn | SQL): SQL | undefined {
  if (isAdmin(viewer)) return undefined;
  return notHeldOrOwn(idColumn, viewer && ownerColumn ? { ownerColumn, ownerId: viewer.id } : undefined);
}

/** The holds on these ids (for marking an owner's list "Hidden by moderation"). */
export async function holdsOn(db: Queryable, ids: string[]): Promise<Map<string, Hold>> {
  const result = new Map<string, Hold>();
  if (!ids.length) return result;
  const rows = await holdRows(db, [...new Set(ids)]);
  for (const { id, ...hold } of rows) result.set(id, hold);
  return result;
}

export async function holdOn(db: Queryable, id: string) {
  return (await holdsOn(db, [id])).get(id);
}

/** 404 for a held item unless the viewer is an admin or its owner: the same answer as a missing one. */
export async function assertNotHeldFrom(db: Queryable, viewer: Viewer, id: string, ownerId: string | null | undefined, what: string) {
  if (isAdmin(viewer) || (ownerId && isSelf(viewer, ownerId))) return;
  if (await holdOn(db, id)) throw notFound(what);
}

/**
 * What a buyer keeps of held content: only what a removal left to its buyers (`buyersKeep`,
 * decisions 034 and 046); any other hold is 404 to them, as for a missing item. Admins and the owner pass.
 */
export async function assertBuyersKeep(db: Queryable, viewer: Viewer, id: string, ownerId: string, what: string) {
  if (isAdmin(viewer) || isSelf(viewer, ownerId)) return;
  const hold = await holdOn(db, id);
  if (hold && !(hold.state === 'removed' && hold.buyersKeep)) throw notFound(what);
}

/**
 * An owner's edit, activation or re-publication of a held item: refused, naming the reason (only
 * an admin lifts a hold), except while it waits for review before publication (decision 054).
 * Answers the hold it let through.
 */
export async function assertOwnerMayChange(db: Queryable, viewer: Viewer, id: string) {
  if (isAdmin(viewer)) return undefined;
  const hold = await holdOn(db, id);
  if (hold && !hold.prePublication) throw heldRefusal(hold);
  return hold;
}

/** The holds on the viewer's own items among these rows, for the "In review" / "Hidden by moderation" marks of their lists (one query). */
export async function ownHolds(db: Queryable, viewer: Viewer, rows: Array<{ id: string; performerId: string }>) {
  const own = viewer ? rows.filter((row) => isSelf(viewer, row.performerId)).map((row) => row.id) : [];
  const holds = await holdsOn(db, own);
  return (id: string) => {
    const hold = holds.get(id);
    return hold ? { state: hold.state, reason: hold.reason, prePublication: hold.prePublication } : null;
  };
}

export const heldRefusal = (hold: Hold) =>
  new AppError(
    409,
    ErrorCode.conflict,
    hold.state === 'review'
      ? 'This is held for review by moderation; it cannot be changed until an administrator decides'
      : `Hidden by moderation: ${hold.reason}. Only an administrator can restore it; you may appeal from your Moderation page`,
  );

/**
 * Whether a protected file's signed link may still be served to this viewer: not when the file
 * belongs to held content (each file of held content is held too), except to admins and its owner.
 */
export async function fileServable(db: Queryable, viewer: Viewer, storageKey: string) {
  if (isAdmin(viewer)) return true;
  const row = await holdOnStoredFile(db, storageKey);
  return !row || row.buyersKeep || (!!row.ownerId && isSelf(viewer, row.ownerId));
}
