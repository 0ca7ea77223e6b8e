import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../config';
import { embeddedDir, lockEmbedded, migrationsFolder } from '../db/client';
import { createS3Storage } from './s3-storage';
import { createLocalStorage, type Storage } from './storage';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** What `backup` writes beside the data and `restore` checks before it touches anything (decision 059). */
export type Manifest = {
  format: 'limelight-backup/1';
  createdAt: string;
  appVersion: string;
  database: {
    kind: 'pglite' | 'postgres';
    /** The dump's file name in the backup. */
    file: string;
    serverVersion: string;
    /** What wrote the dump: PGlite's own data directory archive, or pg_dump's custom format. */
    tool: string;
    bytes: number;
    sha256: string;
  };
  /** The schema's level: how many of the journal's migrations the database has, and the last one's tag. */
  migrations: { count: number; last: string | null };
  files: { source: 'local' | 's3'; count: number; bytes: number; items: Array<{ key: string; bytes: number; sha256: string }> };
};

const MANIFEST = 'manifest.json';
const FILES = 'files';

/** An operator's mistake (a running site, a non-empty target): the CLI prints it without a stack. */
export class BackupRefusal extends Error {}

/** Parses the command line; a mistyped option is the operator's mistake, told with the usage. */
export function commandLine<T>(parse: () => T, usage: string): T {
  try {
    return parse();
  } catch (error) {
    throw new BackupRefusal(`${(error as Error).message}\n${usage}`);
  }
}

type Journal = { entries: Array<{ tag: string; when: number }> };
const journal = async () => JSON.parse(await fs.readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal;

const sha256Of = async (file: string) => {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

const storageOf = (config: Config): { storage: Storage; source: Manifest['files']['source'] } =>
  config.s3
    ? { storage: createS3Storage(config.s3), source: 's3' }
    : { storage: createLocalStorage(path.join(config.dataDir, 'storage')), source: 'local' };

/**
 * The libpq environment for pg_dump and pg_restore: the password goes in PGPASSWORD, never on
 * their command line, where any local user could read it.
 */
function libpqEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: decodeURIComponent(url.hostname.replace(/^\[|\]$/g, '')) || 'localhost',
    PGPORT: url.port || '5432',
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)),
  };
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

async function withClient<T>(databaseUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

type Queryer = { query(sql: string): Promise<{ rows: Array<Record<string, unknown>> }> };

async function migrationLevel(db: Queryer): Promise<Manifest['migrations']> {
  const [table] = (await db.query("select to_regclass('drizzle.__drizzle_migrations') is not null as present")).rows;
  if (!table?.present) return { count: 0, last: null };
  const [applied] = (await db.query('select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations')).rows;
  const last = (await journal()).entries.find((entry) => String(entry.when) === applied?.last);
  return { count: Number(applied?.count ?? 0), last: last?.tag ?? (applied?.last ? `unknown (${applied.last})` : null) };
}

/** A client tool's major version, and the tool's own words for the manifest. */
async function toolVersion(tool: 'pg_dump' | 'pg_restore'): Promise<{ major: number; text: string }> {
  const { stdout } = await run(tool, ['--version']).catch(() => {
    throw new BackupRefusal(
      `${tool} was not found on PATH: install PostgreSQL's client tools (Debian: apt-get install postgresql-client).`,
    );
  });
  return { major: Number(/(\d+)(?:\.\d+)?/.exec(stdout)?.[1]), text: stdout.trim() };
}

async function dumpPostgres(databaseUrl: string, file: string) {
  const { serverVersion, serverMajor, migrations } = await withClient(databaseUrl, async (client) => {
    const [version] = (
      await client.query<{ server_version: string; num: string }>(
        "select current_setting('server_version') as server_version, current_setting('server_version_num') as num",
      )
    ).rows;
    return {
      serverVersion: version!.server_version,
      serverMajor: Math.floor(Number(version!.num) / 10_000),
      migrations: await migrationLevel(client),
    };
  });
  const dump = await toolVersion('pg_dump');
  if (dump.major < serverMajor) {
    throw new BackupRefusal(
      `${dump.text} cannot dump a PostgreSQL ${serverMajor} server (pg_dump must be as new as the server): install postgresql-client-${serverMajor}.`,
    );
  }
  // One snapshot of the whole database (pg_dump's own transaction), so the site may keep running.
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`], { env: libpqEnv(databaseUrl) });
  return { serverVersion, tool: dump.text, migrations };
}

async function dumpEmbedded(dataDir: string, file: string) {
  if (!(await fs.stat(path.join(embeddedDir(dataDir), 'PG_VERSION')).catch(() => undefined))) {
    throw new BackupRefusal(`There is no embedded database in ${embeddedDir(dataDir)} to back up (is DATA_DIR right?).`);
  }
  const release = lockOrRefuse(dataDir, 'backed up');
  try {
    const client = await PGlite.create(embeddedDir(dataDir));
    try {
      const [version] = (await client.query<{ server_version: string }>('show server_version')).rows;
      const migrations = await migrationLevel(client);
      await fs.writeFile(file, Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()));
      return { serverVersion: version!.server_version, tool: 'PGlite dumpDataDir (its data directory, gzipped tar)', migrations };
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/**
 * The embedded database belongs to one process: a copy of its files taken while the server
 * writes would not be consistent, and PGlite offers no way in from another process. So a backup
 * or a restore of it needs the site stopped (decision 059), and says so.
 */
function lockOrRefuse(dataDir: string, what: string) {
  try {
    return lockEmbedded(dataDir);
  } catch (error) {
    throw new BackupRefusal(
      `The embedded database can only be ${what} while the site is stopped. ${(error as Error).message} ` +
        '(A site that must stay up during backups runs on PostgreSQL, which pg_dump copies live.)',
    );
  }
}

/** Runs `work` over `items`, a few at a time: S3 answers one object per request. */
async function eachLimited<T>(items: AsyncIterable<T> | T[], limit: number, work: (item: T) => Promise<void>) {
  const running = new Set<Promise<void>>();
  for await (const item of items) {
    const task = work(item).finally(() => running.delete(task));
    running.add(task);
    if (running.size >= limit) await Promise.race(running);
  }
  await Promise.all(running);
}

/**
 * Writes a backup of the database and every stored file into `target` (a new or empty
 * directory). It is written under `target.partial` and renamed at the end, so a directory
 * without that suffix is always a complete backup.
 */
export async function createBackup(config: Config, target: string): Promise<Manifest> {
  const occupiedTarget = await fs.readdir(target).then(
    (names) => names.length > 0,
    (error: NodeJS.ErrnoException) => error.code !== 'ENOENT', // a file, or a directory we may not read
  );
  if (occupiedTarget) throw new BackupRefusal(`${target} already exists and is not an empty directory.`);
  const partial = `${target}.partial`;
  await fs.rm(partial, { recursive: true, force: true });
  await fs.mkdir(path.join(partial, FILES), { recursive: true });
  try {
    const kind = config.databaseUrl ? 'postgres' : 'pglite';
    const dumpFile = kind === 'postgres' ? 'database.dump' : 'database.tar.gz';
    // The database first, then the files: a file uploaded in between is only an extra, while
    // the other order would miss files the dumped rows name.
    const dumped = config.databaseUrl
      ? await dumpPostgres(config.databaseUrl, path.join(partial, dumpFile))
      : await dumpEmbedded(config.dataDir, path.join(partial, dumpFile));

    const { storage, source } = storageOf(config);
    const items: Manifest['files']['items'] = [];
    await eachLimited(storage.list(), 8, async (key) => {
      const local = path.join(partial, FILES, key);
      await fs.mkdir(path.dirname(local), { recursive: true });
      try {
        await storage.getFile(key, local);
      } catch (error) {
        // Removed since it was listed (a finished live stream's segments): nothing to keep.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      items.push({ key, bytes: (await fs.stat(local)).size, sha256: await sha256Of(local) });
    });
    items.sort((a, b) => a.key.localeCompare(b.key));

    const dumpPath = path.join(partial, dumpFile);
    const manifest: Manifest = {
      format: 'limelight-backup/1',
      createdAt: new Date().toISOString(),
      appVersion: (require('../../package.json') as { version: string }).version,
      database: {
        kind,
        file: dumpFile,
        serverVersion: dumped.serverVersion,
        tool: dumped.tool,
        bytes: (await fs.stat(dumpPath)).size,
        sha256: await sha256Of(dumpPath),
      },
      migrations: dumped.migrations,
      files: { source, count: items.length, bytes: items.reduce((sum, item) => sum + item.bytes, 0), items },
    };
    await fs.writeFile(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await fs.rmdir(target).catch(() => undefined); // empty (checked above), or absent
    await fs.rename(partial, target);
    return manifest;
  } catch (error) {
    await fs.rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/** Reads the manifest and proves every byte of the backup against it, before anything is changed. */
export async function verifyBackup(source: string): Promise<Manifest> {
  const manifest = (await fs
    .readFile(path.join(source, MANIFEST), 'utf8')
    .then(JSON.parse)
    .catch(() => {
      throw new BackupRefusal(`${source} is not a Limelight backup: it has no readable ${MANIFEST}.`);
    })) as Manifest;
  if (manifest.format !== 'limelight-backup/1') throw new BackupRefusal(`${source} has an unknown backup format: ${manifest.format}.`);
  const damaged: string[] = [];
  const check = async (relative: string, sha256: string) => {
    const file = path.resolve(source, relative);
    if (!file.startsWith(path.resolve(source) + path.sep))
      throw new BackupRefusal(`The manifest names a file outside the backup: ${relative}`);
    if ((await sha256Of(file).catch(() => 'missing')) !== sha256) damaged.push(relative);
  };
  await check(manifest.database.file, manifest.database.sha256);
  await eachLimited(manifest.files.items, 8, (item) => check(path.join(FILES, item.key), item.sha256));
  if (damaged.length) {
    throw new BackupRefusal(
      `The backup is damaged: ${damaged.length} file(s) are missing or differ from the manifest, e.g. ${damaged[0]}.`,
    );
  }
  const known = (await journal()).entries.map((entry) => entry.tag);
  if (manifest.migrations.last && !known.includes(manifest.migrations.last)) {
    throw new BackupRefusal(
      `The backup's schema (${manifest.migrations.last}) is newer than this version of Limelight knows: restore it with the version that made it (${manifest.appVersion}) or later.`,
    );
  }
  return manifest;
}

/** Why the target is not empty, or nothing when it is. */
async function occupied(config: Config, storage: Storage): Promise<string[]> {
  const reasons: string[] = [];
  if (config.databaseUrl) {
    const tables = await withClient(config.databaseUrl, async (client) =>
      (
        await client.query<{ name: string }>(
          `select table_schema || '.' || table_name as name from information_schema.tables
           where table_schema not in ('pg_catalog', 'information_schema') order by 1`,
        )
      ).rows.map((row) => row.name),
    );
    if (tables.length) reasons.push(`the database already has ${tables.length} table(s), e.g. ${tables[0]}`);
  } else if ((await fs.readdir(embeddedDir(config.dataDir)).catch(() => [])).length) {
    reasons.push(`${embeddedDir(config.dataDir)} already holds a database`);
  }
  for await (const key of storage.list()) {
    reasons.push(
      `the storage (${config.s3 ? `bucket ${config.s3.bucket}` : path.join(config.dataDir, 'storage')}) already holds files, e.g. ${key}`,
    );
    break;
  }
  return reasons;
}

/**
 * Restores a backup into the configured database and storage. They must be empty; `force`
 * empties them first (the database's schemas, every stored file), so the site becomes exactly
 * the backup. The embedded database's lock is held throughout, so a running server is refused.
 */
export async function restoreBackup(config: Config, source: string, { force = false } = {}): Promise<Manifest> {
  const manifest = await verifyBackup(source);
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) {
    throw new BackupRefusal(
      `The backup holds ${manifest.database.kind === 'pglite' ? 'an embedded (PGlite) database' : 'a PostgreSQL database'} and this site is configured for ` +
        `${kind === 'pglite' ? 'the embedded one (no DATABASE_URL)' : 'PostgreSQL (DATABASE_URL)'}: restore it into the same kind.`,
    );
  }
  const release = kind === 'pglite' ? lockOrRefuse(config.dataDir, 'restored') : () => undefined;
  try {
    const { storage } = storageOf(config);
    const reasons = await occupied(config, storage);
    if (reasons.length && !force) {
      throw new BackupRefusal(
        `Refusing to restore over existing data: ${reasons.join('; ')}. Restore into an empty target, or pass --force to replace it.`,
      );
    }
    const dump = path.join(source, manifest.database.file);
    if (config.databaseUrl) await restorePostgres(config.databaseUrl, dump, force);
    else {
      await fs.rm(embeddedDir(config.dataDir), { recursive: true, force: true });
      const client = await PGlite.create(embeddedDir(config.dataDir), { loadDataDir: new Blob([await fs.readFile(dump)]) });
      await client.close();
    }
    if (force) await eachLimited(storage.list(), 8, (key) => storage.remove(key));
    await eachLimited(manifest.files.items, 8, (item) => storage.putFile(item.key, path.join(source, FILES, item.key)));
    return manifest;
  } finally {
    release();
  }
}

async function restorePostgres(databaseUrl: string, dump: string, force: boolean) {
  const restore = await toolVersion('pg_restore');
  if (force) {
    await withClient(databaseUrl, async (client) => {
      const schemas = (
        await client.query<{ name: string }>(
          "select nspname as name from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema'",
        )
      ).rows;
      for (const { name } of schemas) await client.query(`drop schema ${pg.escapeIdentifier(name)} cascade`);
      await client.query('create schema public');
    });
  }
  // One transaction: a restore that fails half-way leaves the database as empty as it found it.
  await run(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${libpqEnv(databaseUrl).PGDATABASE}`, dump],
    {
      env: libpqEnv(databaseUrl),
    },
  ).catch((error: { stderr?: string }) => {
    throw new BackupRefusal(`${restore.text} failed: ${error.stderr?.trim() || String(error)}`);
  });
}
