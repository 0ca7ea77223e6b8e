import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
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
  /** Hears the NOTIFY messages of one channel; the returned function stops. */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export type NotificationHandlers = {
  message(payload: string): void;
  /** Listening (again): messages sent before this may have been missed. */
  ready(): void;
  /** The listening connection is gone; `ready` follows once it is back. */
  lost(error?: Error): void;
};

/** The channels the schema's triggers NOTIFY on (migration 0050: a session or an account changed). */
export const SESSION_CHANGES_CHANNEL = 'session_changes';
const NOTIFY_CHANNELS = [SESSION_CHANGES_CHANNEL];

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any constant works; it only has to be the same in every process of the deployment. */
const MIGRATION_LOCK_ID = 7_245_001;

/**
 * Bounds on every wait for PostgreSQL (decision 057), so that a server that is gone answers 503
 * within 2 s instead of holding requests: a new connection within 1.5 s (a server that refuses
 * or resets fails at once); a statement ends within 30 s on the server's clock, and a query whose
 * answer never comes (a network that drops packets silently) is given up on the client's 5 s
 * later. Keepalive probes find idle connections that died without a word. Waiting for a free
 * slot in the pool is another matter: a burst of requests (1,000 charges at once) queues for the
 * 10 connections, and is answered, rather than refused after 1.5 s while the database is fine.
 */
const POSTGRES_TIMEOUTS = { connectMs: 1_500, poolWaitMs: 15_000, statementMs: 30_000, queryMs: 35_000, keepAliveMs: 10_000 };

/**
 * A pooled connection that LISTENs on the schema's channels before the pool hands it out (the
 * pool has no hook that waits, and a query sent beside the first one would be queued behind it).
 */
class ListeningClient extends pg.Client {
  // The pool hands its own options to each connection: its wait for a slot is not a connect timeout.
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectMs });
    // The pool listens for errors only while a connection is idle in it. One that dies while
    // checked out between two queries (a transaction under way when the server restarts) would
    // otherwise throw an unhandled 'error' and take the whole process down; its holder's next
    // query fails instead (answered 503) and the pool drops it on release.
    this.on('error', () => undefined);
  }
  override connect(): Promise<pg.Client>;
  override connect(callback: ((error: Error) => void) | ((error: null, client: pg.Client) => void)): void;
  override connect(callback?: (...args: never[]) => unknown): Promise<pg.Client> | undefined {
    const listening = super
      .connect()
      .then(() => this.query(NOTIFY_CHANNELS.map((channel) => `LISTEN ${pg.escapeIdentifier(channel)}`).join('; ')))
      .then(() => this as pg.Client);
    if (!callback) return listening;
    const done = callback as (error: Error | null, client?: pg.Client) => void;
    listening.then((client) => done(null, client), done);
    return undefined;
  }
}

/**
 * Opens PostgreSQL through a pool; migrations run under an advisory lock so many processes may
 * start at once. A connection that dies (server restart, failover) is reported to `onIdleError`
 * when idle and dropped by the pool, which opens new ones as requests need them: the process
 * recovers by itself when the server is back.
 */
export async function openPostgres(
  databaseUrl: string,
  onIdleError: (error: Error) => void = (error) => console.error('idle database connection failed:', error.message),
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    Client: ListeningClient,
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: POSTGRES_TIMEOUTS.poolWaitMs,
    statement_timeout: POSTGRES_TIMEOUTS.statementMs,
    query_timeout: POSTGRES_TIMEOUTS.queryMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: POSTGRES_TIMEOUTS.keepAliveMs,
    // No JIT compilation: the API's statements are short and indexed, and PostgreSQL's cost
    // estimates pushed some (a rare search word at 1M creators) over its JIT threshold, compiling
    // for 100 ms and more to save under one (decision 077).
    options: '-c jit=off',
  });
  // pg-pool hangs the dead client on the error: logged whole, one line would carry its every
  // prepared statement and connection setting.
  pool.on('error', (error: Error & { client?: unknown }) => {
    delete error.client;
    onIdleError(error);
  });
  // Every pooled connection listens too: PostgreSQL hands a session its own notifications before
  // its commit returns, so a change this process wrote is heard before the code that wrote it goes
  // on (its next request never finds a session it just revoked still kept). Other processes' changes
  // arrive through the connection `listen` opens, which also tells when they cannot be heard.
  const notifications = new EventEmitter();
  pool.on('connect', (client) => {
    client.on('notification', (notification) => notifications.emit(notification.channel, notification.payload));
  });
  const db = drizzlePg({ client: pool, schema });
  const handle: DatabaseHandle = {
    db,
    kind: 'postgres',
    listen: async (channel, handlers) => {
      notifications.on(channel, handlers.message);
      const stop = await listenPostgres(databaseUrl, channel, handlers);
      return async () => {
        notifications.off(channel, handlers.message);
        await stop();
      };
    },
    close: () => pool.end(),
  };
  if (!(await migrationsApplied(db))) await migrate(databaseUrl);
  return handle;
}

/**
 * Migrations on a connection of their own, without the pool's timeouts: one may run for minutes,
 * and the other processes wait for its lock as long as it takes.
 */
async function migrate(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectMs });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}

/** How long a listening connection that failed waits before it tries again. */
const RELISTEN_AFTER_MS = 1000;

/**
 * A connection of its own, outside the pool, LISTENs on `channel`; when it drops (a server
 * restart, a network cut) the listener hears `lost` and it reconnects until it is back.
 */
async function listenPostgres(databaseUrl: string, channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const gone = (client: pg.Client, error?: Error) => {
    if (current !== client) return;
    current = undefined;
    handlers.lost(error);
    if (!stopped) retry = setTimeout(connect, RELISTEN_AFTER_MS);
  };
  const connect = async () => {
    const client = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: POSTGRES_TIMEOUTS.keepAliveMs,
    });
    current = client;
    client.on('notification', (notification) => {
      if (notification.channel === channel && notification.payload) handlers.message(notification.payload);
    });
    client.on('error', (error) => gone(client, error));
    client.on('end', () => gone(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (current === client) handlers.ready();
    } catch (error) {
      gone(client, error as Error);
      await client.end().catch(() => undefined);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
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
  const releaseLock = lockEmbedded(dataDir);
  try {
    const client = await PGlite.create(embeddedDir(dataDir), { startParams: EMBEDDED_START_PARAMS });
    return await wrapPglite(client, releaseLock);
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Where the embedded database keeps its files. */
export const embeddedDir = (dataDir: string) => path.join(dataDir, 'db');

/**
 * Takes the embedded database's lock for this process (refused while another process holds it),
 * for whatever must have the data directory to itself: the server, a backup or a restore.
 * Returns the release.
 */
export function lockEmbedded(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  return acquireLock(path.join(dataDir, 'db.lock'));
}

/** Wraps an already open PGlite (tests load a migrated snapshot) and brings it up to date. */
export async function wrapPglite(client: PGlite, onClose: () => void = () => undefined): Promise<DatabaseHandle> {
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  if (!(await migrationsApplied(db))) await migratePglite(drizzlePglite({ client }), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    // One process holds the embedded database, so its listening never drops.
    listen: async (channel, handlers) => {
      const stop = await client.listen(channel, handlers.message);
      handlers.ready();
      // Closing the database ends its listening too; a caller that stops after that has nothing to undo.
      return async () => {
        if (!client.closed) await stop();
      };
    },
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

/** The locks this process took, to tell its own from one a former process with the same id left. */
const locksHeldHere = new Set<string>();

/**
 * One process at a time on an embedded data directory. The lock file names the process id and,
 * where the system says (Linux), when that process started: a process id alone is not enough, since
 * a container restarted after a crash gets the same id as the process that left the lock (and a
 * host may give the id to another program), and the server would then refuse to start until
 * someone deleted the file by hand.
 */
function acquireLock(lockPath: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, [process.pid, startOf(process.pid)].filter(Boolean).join(' '), { flag: 'wx' });
      locksHeldHere.add(lockPath);
      return () => {
        locksHeldHere.delete(lockPath);
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pid, started] = fs.readFileSync(lockPath, 'utf8').trim().split(/\s+/);
      const owner = Number(pid);
      if (holdsLock(lockPath, owner, started)) {
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

/** Whether the process the lock file names is still the one that wrote it. */
function holdsLock(lockPath: string, owner: number, started: string | undefined) {
  if (!isRunning(owner)) return false;
  // Our own id on a lock we did not take: an earlier life of this container.
  if (owner === process.pid) return locksHeldHere.has(lockPath);
  const now = startOf(owner);
  return !(started && now && started !== now);
}

/** When a process started, as Linux tells it (boot id and start time in clock ticks); undefined elsewhere. */
function startOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses): the 22nd, starttime, is the 20th of them.
    const startTicks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    const boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return startTicks ? `${startTicks}@${boot}` : undefined;
  } catch {
    return undefined;
  }
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
