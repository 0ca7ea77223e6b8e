import type { SortOrder } from '@limelight/contracts';
import { type AnyColumn, and, asc, count, desc, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client';
import { escapeLike } from './http';

/**
 * The admin console's one list shape (decision 052): each content module answers its rows in it
 * from its own tables, through its index; the admin module names the accounts and builds links.
 */
export type AdminRowFilters = {
  /** An account on either side. */
  userId?: string;
  status?: string;
  from?: string;
  to?: string;
  q?: string;
  /** One row (the detail view). */
  id?: string;
  /** What the rows belong to (a gallery's photos, a chat's lines). */
  parentId?: string;
  offset: number;
  limit: number;
  sort: SortOrder;
};

export type AdminRowData = {
  id: string;
  title: string;
  status: string | null;
  ownerId: string | null;
  otherId: string | null;
  amountCents: number | null;
  count: number | null;
  parentId: string | null;
  parentType: string | null;
  createdAt: Date;
  updatedAt: Date | null;
};

export type AdminRowPage = { rows: AdminRowData[]; total: number };

type Expression = AnyColumn | SQL;
export type AdminRowSource = {
  table: PgTable;
  /** Each field of `AdminRowData` as a column or an expression of the table (`sql\`null\`` where it has none). */
  select: Record<keyof AdminRowData, Expression>;
  id: AnyColumn;
  createdAt: AnyColumn;
  /** The columns holding an account: a match on any of them passes the user filter. */
  users: Expression[];
  status?: Expression;
  parent?: Expression;
  /** What the text filter searches. */
  text: Expression[];
  /** Conditions always applied (only stream chats' messages are chat lines). */
  where?: SQL;
};

export const nullValue = sql`null`;

/** A row's status as the console shows it: `deleted` for an item kept for its buyers (decision 034), else its own. */
export const statusOrDeleted = (table: { deletedAt: AnyColumn; status: AnyColumn }) =>
  sql<string>`case when ${table.deletedAt} is not null then 'deleted' else ${table.status} end`;

/** One page of admin rows with its total, filtered, newest first unless asked otherwise. */
export async function adminRowPage(db: Queryable, source: AdminRowSource, filters: AdminRowFilters): Promise<AdminRowPage> {
  const conditions: Array<SQL | undefined> = [source.where];
  if (filters.id) conditions.push(eq(source.id, filters.id));
  if (filters.userId)
    conditions.push(source.users.length ? or(...source.users.map((column) => sql`${column} = ${filters.userId}`)) : sql`false`);
  if (filters.status && source.status) conditions.push(sql`${source.status} = ${filters.status}`);
  if (filters.parentId && source.parent) conditions.push(sql`${source.parent} = ${filters.parentId}`);
  if (filters.from) conditions.push(gte(source.createdAt, new Date(filters.from)));
  if (filters.to) conditions.push(lte(source.createdAt, new Date(filters.to)));
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q.toLowerCase())}%`;
    conditions.push(or(...source.text.map((column) => sql`lower(${column}) like ${pattern}`)));
  }
  const where = and(...conditions);
  const direction = filters.sort === 'asc' ? asc : desc;
  const [rows, [totalRow]] = await Promise.all([
    db
      // biome-ignore lint/suspicious/noExplicitAny: one selection shape over many tables; its fields are AdminRowData's.
      .select(source.select as any)
      .from(source.table)
      .where(where)
      .orderBy(direction(source.createdAt), direction(source.id))
      .limit(filters.limit)
      .offset(filters.offset),
    db.select({ total: count() }).from(source.table).where(where),
  ]);
  return {
    rows: (rows as Array<Record<string, unknown>>).map((row) => ({
      ...(row as AdminRowData),
      amountCents: row.amountCents === null ? null : Number(row.amountCents),
      count: row.count === null ? null : Number(row.count),
      createdAt: new Date(row.createdAt as string | Date),
      updatedAt: row.updatedAt ? new Date(row.updatedAt as string | Date) : null,
    })),
    total: totalRow?.total ?? 0,
  };
}
