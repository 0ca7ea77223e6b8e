import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Queryable } from './client';

const dialect = new PgDialect();

/**
 * A hand-written statement on a hot path, prepared by name: PostgreSQL parses and plans it once
 * per connection instead of on every call. `sql.placeholder('x')` names its parameters. It
 * answers rows as the driver reads them (the statement's column names). PGlite, in process,
 * runs it like any other statement. `text` and `values` give the very statement to a replay by
 * hand (the benchmarks' floors).
 */
export function preparedStatement<Row>(name: string, query: SQL) {
  const built = dialect.sqlToQuery(query);
  const run = async (db: Queryable, params: Record<string, unknown>): Promise<Row[]> => {
    const result = await db._.session.prepareQuery(built, undefined, name, false).execute(params);
    return (result as { rows: Row[] }).rows;
  };
  return Object.assign(run, {
    statementName: name,
    text: built.sql,
    values: (params: Record<string, unknown>) => fillPlaceholders(built.params, params),
  });
}
