import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client';

/** Adds `by` (one like more or less) to a row's like count, in the caller's transaction. */
export type LikeCounter = (tx: Queryable, id: string, by: number) => Promise<unknown>;

/**
 * The like counter of a table with `id` and `like_count` columns, never below zero. Its owner
 * makes it and hands it to the reactions module (through app.ts), which counts a like in the
 * transaction that records it without writing another module's table (decision 074).
 */
export const likeCounter =
  (table: PgTable): LikeCounter =>
  (tx, id, by) =>
    tx.execute(sql`update ${table} set like_count = greatest(like_count + ${by}, 0) where id = ${id}::uuid`);
