import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import * as drizzle from 'drizzle-orm';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, Queryable } from './client';

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

/** What drizzle's PGlite prepared query keeps of its statement: its text, and how it reads rows. */
type PgliteQueryParts = {
  queryString: string;
  params: unknown[];
  queryConfig: QueryOptions;
  fields: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
};
/** Drizzle's own row mapping (exported at run time, left out of its types as internal). */
const { mapResultRow } = drizzle as unknown as {
  mapResultRow(fields: unknown, row: unknown[], joinsNotNullableMap?: Record<string, boolean>): unknown;
};

const HEX_KEY = /^[0-9a-f]+$/;

/** The statements prepared on each embedded database: one session, shared by every drizzle over it. */
const preparedOn = new WeakMap<PGlite, Map<string, Promise<unknown>>>();
function preparedOnce(client: PGlite, name: string, text: string): Promise<unknown> {
  const statements = preparedOn.get(client) ?? new Map<string, Promise<unknown>>();
  preparedOn.set(client, statements);
  let ready = statements.get(name);
  if (!ready) {
    ready = client.exec(`prepare ${name} as ${text}`).catch((error: unknown) => {
      statements.delete(name);
      throw error;
    });
    statements.set(name, ready);
  }
  return ready;
}

/**
 * A drizzle query run on every request, by one key that is a hex digest (a session token's
 * hash): answers the same rows on both databases, cheaper on the embedded one.
 *
 * PostgreSQL runs drizzle's statement prepared by name, as before. PGlite ignores the name: it
 * sends every parameterised query as six protocol messages and parses and plans the statement
 * anew each time, planning reading the tables' sizes through its file system. There the statement
 * is prepared once in SQL (`PREPARE`) and each call is one `EXECUTE name('key')` message, with
 * drizzle's own row mapping: about a fifth of the CPU (decision 019). The arguments are written
 * into that message, so anything but the hex key and integers (a limit) is refused.
 */
export function hexKeyLookup<Row>(
  db: Database,
  name: string,
  prepared: { execute(params: Record<string, unknown>): Promise<Row[]> },
  param: string,
): (key: string) => Promise<Row[]> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (!(client instanceof PGlite)) return (key) => prepared.execute({ [param]: key });
  const { queryString, params, queryConfig, fields, joinsNotNullableMap } = prepared as unknown as PgliteQueryParts;
  return async (key) => {
    await preparedOnce(client, name, queryString);
    const values = fillPlaceholders(params, { [param]: key }).map((value) => {
      if (typeof value === 'string' && HEX_KEY.test(value)) return `'${value}'`;
      if (Number.isSafeInteger(value)) return String(value);
      throw new Error(`${name}: only a lowercase hex key and integers are written into the statement`);
    });
    const [result] = await client.exec(`execute ${name}(${values.join(', ')})`, queryConfig);
    return (result?.rows ?? []).map((row) => mapResultRow(fields, row as unknown[], joinsNotNullableMap) as Row);
  };
}
