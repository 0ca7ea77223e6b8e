import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export { schema };
/** One type for both drivers: PGlite and node-postgres share Drizzle's PostgreSQL query API. */
export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database or a transaction: repos take either so services decide the transaction scope. */
export type Queryable = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
};

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any constant works; it only has to be the same in every process of the deployment. */
const MIGRATION_LOCK_ID = 7_245_001;

/**
 * Opens PostgreSQL through a pool; migrations run under an advisory lock so many processes may
 * start at once. A connection that dies while idle (server restart, failover) is reported to
 * `onIdleError` and replaced by the pool, instead of crashing the process.
 */
export async function openPostgres(
  databaseUrl: string,
  onIdleError: (error: Error) => void = (error) => console.error('idle database connection failed:', error.message),
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  pool.on('error', onIdleError);
  const db = drizzlePg({ client: pool, schema });
  if (await migrationsApplied(db)) return { db, kind: 'postgres', close: () => pool.end() };
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
  return { db, kind: 'postgres', close: () => pool.end() };
}

/**
 * PostgreSQL's 128 MB of shared buffers live in PGlite's WebAssembly memory, in the process's
 * RSS; its files are read through the operating system's cache anyway, so a quick-start database
 * loses little with 32 MB and the process idles about 90 MB smaller (decision 019).
 */
const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * Opens the embedded database in `dataDir/db`. PGlite is single-process: a second process on the
 * same folder would silently lose writes, so a lock file holding the owner's pid guards it.
 */
export async function openEmbedded(dataDir: string): Promise<DatabaseHandle> {
  fs.mkdirSync(dataDir, { recursive: true });
  const releaseLock = acquireLock(path.join(dataDir, 'db.lock'));
  try {
    const client = await PGlite.create(path.join(dataDir, 'db'), { startParams: EMBEDDED_START_PARAMS });
    return await wrapPglite(client, releaseLock);
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Wraps an already open PGlite (tests load a migrated snapshot) and brings it up to date. */
export async function wrapPglite(client: PGlite, onClose: () => void = () => undefined): Promise<DatabaseHandle> {
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  if (!(await migrationsApplied(db))) await migratePglite(drizzlePglite({ client }), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await client.close();
      onClose();
    },
  };
}

/**
 * Whether the database has the journal's last migration, as drizzle records it (the file's
 * sha256 and the journal's timestamp). Drizzle's own check reads and hashes every migration
 * file, creates its schema and table if missing and runs an empty transaction: about a tenth of
 * a restart on existing data, for the answer "nothing to do" (decision 019). When this says no,
 * drizzle's migrator runs as before and decides what to apply.
 */
async function migrationsApplied(db: Database): Promise<boolean> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const last = journal.entries.at(-1);
  if (!last) return false;
  const [table] = (await db.execute<{ exists: boolean }>(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`))
    .rows;
  if (!table?.exists) return false;
  const [applied] = (
    await db.execute<{ hash: string; created_at: string }>(
      sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    )
  ).rows;
  const hash = createHash('sha256')
    .update(fs.readFileSync(path.join(migrationsFolder, `${last.tag}.sql`)))
    .digest('hex');
  return applied !== undefined && Number(applied.created_at) === last.when && applied.hash === hash;
}

function acquireLock(lockPath: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockPath, 'utf8'));
      if (isRunning(owner)) {
        throw new Error(
          `The embedded database in ${path.dirname(lockPath)} is in use by process ${owner}. ` +
            'Stop that process, choose another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.',
        );
      }
      fs.rmSync(lockPath, { force: true }); // left behind by a process that crashed
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
