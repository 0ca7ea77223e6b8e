import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Adapters, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type DatabaseHandle, openPostgres, wrapPglite } from '../src/db/client';
import { withDatabase } from './global-setup';

/**
 * A fresh, migrated database of the kind this run tests: PGlite loaded from the snapshot, or
 * (with DATABASE_URL) a new PostgreSQL database cloned from the migrated template.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('postgresTemplate');
  const databaseUrl = process.env.DATABASE_URL;
  if (template && databaseUrl) {
    const name = `limelight_test_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(`create database "${name}" template "${template}"`);
    } finally {
      await admin.end();
    }
    const handle = await openPostgres(withDatabase(databaseUrl, name));
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const dropper = new pg.Client({ connectionString: databaseUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists "${name}" with (force)`);
        await dropper.end();
      },
    };
  }
  const snapshot = await fs.readFile(inject('pgliteSnapshot')!);
  return wrapPglite(await PGlite.create({ loadDataDir: new Blob([snapshot]) }));
}

export type TestApp = Awaited<ReturnType<typeof buildApp>> & { database: DatabaseHandle; dataDir: string };

/** The real app on a real database; only the data directory and limits differ from production. */
export async function createTestApp(overrides: Partial<Config> = {}, adapters: Adapters = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'limelight-test-'));
  const database = adapters.database ?? (await createTestDatabase());
  const config: Config = {
    // RTMP ingest only where a suite asks for it (rtmpPort: 0), so test processes do not race for 1935.
    ...loadConfig({ LOG_LEVEL: 'silent', REDIS_URL: process.env.REDIS_URL, RTMP_PORT: 'off' }),
    dataDir,
    publicUrl: 'http://localhost:3000',
    authRateLimitPerMinute: 10_000,
    seedDemo: false,
    prettyLogs: false,
    // Admins' required second factor has its own tests (two-factor.test.ts); elsewhere an admin is signed in by password alone.
    requireAdminSecondFactor: false,
    // The scheduled ledger check is tested on its own (metrics.test.ts); elsewhere it would run mid-test after a minute.
    ledgerCheckIntervalMs: 0,
    ...overrides,
  };
  const app = await buildApp(config, { ...adapters, database });
  app.addHook('onClose', async () => {
    if (!adapters.database) await database.close();
    // Retried: a live packager stopping may still write its last segment as the folder goes (ENOTEMPTY).
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  });
  return Object.assign(app, { database, dataDir });
}
