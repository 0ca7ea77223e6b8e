import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client';

/** Adds `by` (one more or one less) to a row's count, in the caller's transaction. */
export type Counter = (tx: Queryable, id: string, by: number) => Promise<unknown>;

/**
 * The counter kept in `column` of a table with an `id`, never below zero. Its owner makes it and
 * hands it on (a `Sellable`'s likes and comments, through app.ts), so reactions and comments count
 * in the transaction that records them without writing another module's table (decision 074).
 */
const columnCounter =
  (column: 'like_count' | 'comment_count') =>
  (table: PgTable): Counter =>
  (tx, id, by) =>
    tx.execute(sql`update ${table} set ${sql.identifier(column)} = greatest(${sql.identifier(column)} + ${by}, 0) where id = ${id}::uuid`);

export const likeCounter = columnCounter('like_count');
export const commentCounter = columnCounter('comment_count');
