import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../db/client';
import type { Jobs } from './jobs';

export const DATABASE_UPKEEP_TASK = 'database.upkeep';
const UPKEEP_EVERY_MS = 60_000;

/**
 * Whether the database cleans dead row versions and refreshes its statistics by itself:
 * PostgreSQL's autovacuum, unless an operator turned it off. The embedded PGlite runs no
 * background workers, so never.
 */
export async function autovacuumRuns(handle: DatabaseHandle): Promise<boolean> {
  if (handle.kind === 'pglite') return false;
  const { rows } = await handle.db.execute<{ on: boolean }>(
    sql`select current_setting('autovacuum') = 'on' and current_setting('track_counts') = 'on' as on`,
  );
  return rows[0]?.on === true;
}

/**
 * The tables autovacuum would vacuum or analyze now, by its own rule (a threshold plus a share of
 * the table's rows, each table's own settings first, e.g. the job queue's in migration 0053).
 */
async function tablesDue(db: Database) {
  const { rows } = await db.execute<{ name: string; vacuum: boolean; analyze: boolean }>(sql`
    with settings as (
      select c.oid, c.relname,
        (select option_value::float8 from pg_options_to_table(c.reloptions) where option_name = 'autovacuum_vacuum_threshold') as vt,
        (select option_value::float8 from pg_options_to_table(c.reloptions) where option_name = 'autovacuum_vacuum_scale_factor') as vs,
        (select option_value::float8 from pg_options_to_table(c.reloptions) where option_name = 'autovacuum_analyze_threshold') as at,
        (select option_value::float8 from pg_options_to_table(c.reloptions) where option_name = 'autovacuum_analyze_scale_factor') as as_
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname = current_schema()
    )
    select s.relname as name,
      t.n_dead_tup > coalesce(s.vt, current_setting('autovacuum_vacuum_threshold')::float8)
        + coalesce(s.vs, current_setting('autovacuum_vacuum_scale_factor')::float8) * t.n_live_tup as vacuum,
      t.n_mod_since_analyze > coalesce(s.at, current_setting('autovacuum_analyze_threshold')::float8)
        + coalesce(s.as_, current_setting('autovacuum_analyze_scale_factor')::float8) * t.n_live_tup as analyze
    from settings s join pg_stat_user_tables t on t.relid = s.oid`);
  return rows.filter((row) => row.vacuum || row.analyze);
}

/**
 * Where nothing vacuums the database (PGlite; PostgreSQL with autovacuum off), the site does what
 * autovacuum would, once a minute for the whole site: without it the job queue's index fills with
 * dead entries every claim reads past, and the planner keeps the statistics of a table's first
 * days, scanning whole tables it has outgrown (decision 070). Each table is its own statement, so
 * a long one never holds the others up; a plain vacuum takes no lock readers or writers wait for.
 */
export async function registerDatabaseUpkeep(jobs: Jobs, database: DatabaseHandle, log: FastifyBaseLogger) {
  if (await autovacuumRuns(database)) return;
  if (database.kind === 'postgres')
    log.warn('PostgreSQL runs with autovacuum off: the site vacuums and analyzes its tables once a minute as autovacuum would');
  const { db } = database;
  jobs.every(DATABASE_UPKEEP_TASK, UPKEEP_EVERY_MS, async () => {
    for (const table of await tablesDue(db)) {
      const name = sql.identifier(table.name);
      await db.execute(table.vacuum ? sql`vacuum (analyze) ${name}` : sql`analyze ${name}`);
    }
  });
}
