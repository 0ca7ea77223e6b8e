import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import type { feeds } from '../../db/read/feeds';
import type { galleries } from '../../db/read/galleries';
import type { PurchasableType } from '../../db/read/money';
import type { products } from '../../db/read/shop';
import type { videos } from '../../db/read/videos';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { orderBy } from '../../platform/http';
import { assertOwnerMayChange, may, notHeld, notHiddenFrom, openTo, visibleTo } from '../access';
import { auditSourceOfUser, recordAudit } from '../audit';
import { withdrawFromReview } from '../moderation';
import { byListedCreator } from '../performers';

/** The tables of a creator's library: they share their columns (db/schema/library.ts). */
type LibraryTable = typeof videos | typeof galleries | typeof products;
type RowOf<T extends LibraryTable> = T['$inferSelect'];
type PageQuery = { sortBy: string; sort: 'asc' | 'desc'; limit: number; offset: number };

/** What fans may see of a library: active items of listed creators. */
/** Shown to fans: active, its creator listed, and not held by moderation (decision 046). */
export const shownIn = (table: LibraryTable) =>
  and(eq(table.status, 'active'), byListedCreator(table.performerId), notHeld(undefined, table.id));

/** What this viewer may list of a library: shown items of creators not hidden from them by a block. */
export const shownTo = (viewer: SessionUser | undefined, table: LibraryTable) =>
  and(shownIn(table), notHiddenFrom(viewer, table.performerId));

/** The creator's own items, for their lists: one they deleted is its buyers' alone (decision 034). */
export const ownedBy = (table: LibraryTable, performer: SessionUser) => and(eq(table.performerId, performer.id), isNull(table.deletedAt));

/** What a creator deletes keeping it for its buyers (decision 034): a post or a library item. */
type RetirableTable = LibraryTable | typeof feeds;

/** All of a creator's items not deleted yet, locked: what an account deleted by its owner retires. */
export const lockedItemsOf = async <T extends RetirableTable>(tx: Queryable, table: T, performerId: string) =>
  (await tx
    .select()
    .from(table as RetirableTable)
    .where(and(eq(table.performerId, performerId), isNull(table.deletedAt)))
    .for('update')) as Array<T['$inferSelect']>;

/**
 * The first half of deleting items (decision 034): those someone holds (`sold`) become deleted and
 * inactive, kept for their buyers; the others are returned for the caller to delete with their files.
 */
export async function keepSoldOnes<T extends RetirableTable>(tx: Queryable, table: T, rows: Array<T['$inferSelect']>, sold: Set<string>) {
  const kept = rows.filter((row) => sold.has(row.id)).map((row) => row.id);
  if (kept.length) {
    await tx
      .update(table as RetirableTable)
      .set({ deletedAt: new Date(), status: 'inactive' })
      .where(inArray(table.id, kept));
  }
  return rows.filter((row) => !sold.has(row.id));
}

/**
 * A creator deleting an item that waited for review before publication (decision 054): its holds
 * go and its queue case closes, recorded with the creator as actor. Nothing for any other item.
 */
export async function withdrawOwnFromReview(tx: Queryable, performer: SessionUser, item: Parameters<typeof withdrawFromReview>[1]) {
  const withdrawn = await withdrawFromReview(tx, item);
  if (withdrawn) await recordAudit(tx, auditSourceOfUser(performer), withdrawn);
}

/** An item of the creator's own library (any state but deleted), optionally locked for a change; else 404. */
export async function ownItem<T extends LibraryTable>(
  db: Queryable,
  table: T,
  performer: SessionUser,
  id: string,
  what: string,
  forUpdate = false,
) {
  const query = db
    .select()
    .from(table as LibraryTable)
    .where(and(eq(table.id, id), ownedBy(table, performer)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(what);
  // Only an admin lifts a moderation hold: the creator's own changes are refused, saying why.
  if (forUpdate) await assertOwnerMayChange(db, performer, row.id);
  return row as RowOf<T>;
}

async function findShown<T extends LibraryTable>(db: Queryable, table: T, id: string) {
  const [found] = await db
    .select({ row: table as LibraryTable, shown: sql<boolean>`(${shownIn(table)})` })
    .from(table as LibraryTable)
    .where(eq(table.id, id));
  return found as { row: RowOf<T>; shown: boolean } | undefined;
}

/** One item for a visitor: shown to fans, unless the viewer owns it or is an admin; one query. */
export async function visibleItem<T extends LibraryTable>(
  db: Queryable,
  table: T,
  viewer: SessionUser | undefined,
  id: string,
  what: string,
) {
  return visibleTo(db, await findShown(db, table, id), viewer, what);
}

/** An item's own page: a visible one, or one its creator deleted to its buyers alone. */
export async function openedItem<T extends typeof videos | typeof galleries>(
  db: Queryable,
  table: T,
  viewer: SessionUser | undefined,
  id: string,
  what: string,
  itemType: PurchasableType,
) {
  return openTo(db, await findShown(db, table, id), viewer, what, itemType);
}

/** A sorted page of library items and their total, presented for the viewer. */
export async function libraryPage<T extends LibraryTable, P>(
  deps: Deps,
  table: T,
  where: SQL | undefined,
  query: PageQuery,
  present: (rows: RowOf<T>[]) => Promise<P[]>,
) {
  const sortable = {
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
    views: table.viewCount,
    title: table.title,
    price: table.priceCents,
  };
  const { rows, total } = await pageOf(
    deps.db
      .select()
      .from(table as LibraryTable)
      .where(where)
      .orderBy(...orderBy(sortable, query.sortBy, query.sort, table.id))
      .$dynamic(),
    query,
    deps.db.$count(table as LibraryTable, where),
  );
  return { data: await present(rows as RowOf<T>[]), total };
}

/**
 * Counts one view of a video or gallery the viewer may see and returns the count. A creator
 * looking at their own work is not a view: it would inflate the numbers they judge fans by.
 */
export async function countView(
  db: Queryable,
  table: LibraryTable,
  item: { id: string; performerId: string; viewCount: number },
  viewer?: SessionUser,
) {
  if (may(viewer, 'content.ownViews', item)) return { views: item.viewCount };
  const [row] = await db
    .update(table)
    .set({ viewCount: sql`${table.viewCount} + 1` })
    .where(eq(table.id, item.id))
    .returning({ views: table.viewCount });
  return { views: row!.views };
}
