import type { PgSelect } from 'drizzle-orm/pg-core';

/** Which page of a list: `limit` rows after the first `offset`. */
export type Page = { offset: number; limit: number };

/**
 * One page of a list and the size of the whole list, read in parallel: the one way every
 * list-and-count is written. `rows` is the list's query in dynamic mode (`.$dynamic()`), ordered
 * with a unique last key, without limit and offset (they are the page's); `total` counts the same
 * rows: `db.$count(table, where)`, or over the same joins when the filters read them.
 */
export async function pageOf<Query extends PgSelect>(rows: Query, page: Page, total: PromiseLike<number>) {
  const [data, counted] = await Promise.all([rows.limit(page.limit).offset(page.offset), total]);
  return { rows: data as Awaited<Query>, total: counted };
}
