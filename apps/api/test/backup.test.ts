import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Config } from '../src/config';
import { type DatabaseHandle, embeddedDir, openEmbedded, openPostgres } from '../src/db/client';
import { type Manifest, verifyBackup } from '../src/platform/backup';
import { checkLedger } from '../src/platform/ledger-check';
import { createTestApp, type TestApp } from './app';
import { fundWallet, signedIn, verifiedPerformer } from './factories';
import { withDatabase } from './global-setup';
import { startS3Server } from './s3';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let work: string;
beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'limelight-backup-'));
});
afterAll(() => fs.rm(work, { recursive: true, force: true }));

/** Runs `npm run backup` or `npm run restore` as an operator would, in a process of its own. */
function cli(command: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL' && name !== 'REDIS_URL' && !name.startsWith('S3_')),
  );
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `src/cli/${command}.ts`, ...args],
      { cwd: apiDir, env: { ...base, LOG_LEVEL: 'silent', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

type Site = Awaited<ReturnType<typeof buildSite>>;

/** A creator with a cover picture on their page, and a fan who topped up 100 tokens and tipped them 20. */
async function buildSite(app: TestApp) {
  const creator = await verifiedPerformer(app);
  const form = new FormData();
  const picture = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#42b1e8' } })
    .jpeg()
    .toBuffer();
  form.append('cover', new Blob([picture]), 'cover.jpg');
  const cover = await app.inject({ method: 'POST', url: '/api/performers/cover/upload', headers: creator.headers, payload: form });
  expect(cover.statusCode, cover.body).toBe(200);
  const fan = await signedIn(app, 'user');
  await fundWallet(app, fan.user.id, 100);
  const tip = await app.inject({
    method: 'POST',
    url: `/api/wallet/charges/tip/${creator.user.id}`,
    headers: fan.headers,
    payload: { price: 20, message: 'Kept safe' },
  });
  expect(tip.statusCode, tip.body).toBe(200);
  return { creator, fan };
}

/** What a restored site must show exactly as the original did: the page, its stored picture, the fan's session and every balance. */
async function factsOf(app: TestApp, { creator, fan }: Site) {
  const page = await app.inject(`/api/performers/${creator.user.id}`);
  expect(page.statusCode, page.body).toBe(200);
  const picture = await app.inject(page.json().cover);
  expect(picture.statusCode).toBe(200);
  const me = await app.inject({ url: '/api/users/me', headers: fan.headers });
  expect(me.statusCode, me.body).toBe(200);
  expect(await checkLedger(app.deps.db)).toEqual([]);
  const balances = await app.deps.db.execute(sql`select id, owner_id, balance_cents from ledger_accounts order by id`);
  return {
    name: page.json().name as string,
    cover: page.json().cover as string,
    pictureBytes: picture.rawPayload.toString('base64'),
    fanBalance: me.json().balance as number,
    balances: balances.rows,
  };
}

const manifestOf = async (dir: string) => JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;

describe('backup and restore of the embedded database and files on disk', () => {
  it('restores a site into a fresh DATA_DIR that answers with the same pages, files, sessions and money, and refuses unsafe targets', async () => {
    const site = path.join(work, 'site');
    // The migrated snapshot the other tests load, instead of running initdb and every migration again.
    const snapshot = inject('pgliteSnapshot');
    await fs.mkdir(site);
    if (snapshot) await (await PGlite.create(embeddedDir(site), { loadDataDir: new Blob([await fs.readFile(snapshot)]) })).close();
    const database = await openEmbedded(site);
    const app = await createTestApp({ dataDir: site }, { database });
    const people = await buildSite(app);
    const before = await factsOf(app, people);
    expect(before.fanBalance).toBe(80);

    const backupDir = path.join(work, 'embedded-backup');
    const whileRunning = await cli('backup', ['--out', backupDir], { DATA_DIR: site });
    expect(whileRunning.code).toBe(1);
    expect(whileRunning.stderr).toContain('can only be backed up while the site is stopped');
    await app.close();
    await database.close();

    const backup = await cli('backup', ['--out', backupDir], { DATA_DIR: site });
    expect(backup.code, backup.stderr).toBe(0);
    const manifest = await manifestOf(backupDir);
    expect(manifest).toMatchObject({ database: { kind: 'pglite', file: 'database.tar.gz' }, files: { source: 'local', count: 1 } });
    expect(manifest.migrations.last).toMatch(/^\d{4}_/);
    expect(manifest.files.items[0]!.key).toBe(before.cover.replace('/api/media/', ''));

    const restored = path.join(work, 'restored');
    const restore = await cli('restore', [backupDir], { DATA_DIR: restored });
    expect(restore.code, restore.stderr).toBe(0);
    const again = await cli('restore', [backupDir], { DATA_DIR: restored });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Refusing to restore over existing data');
    expect(again.stderr).toContain('already holds a database');
    expect(again.stderr).toContain('already holds files');

    const storedCopy = path.join(backupDir, 'files', manifest.files.items[0]!.key);
    const original = await fs.readFile(storedCopy);
    await fs.writeFile(storedCopy, Buffer.concat([original, Buffer.from('!')]));
    await expect(verifyBackup(backupDir)).rejects.toThrow(
      `The backup is damaged: 1 file(s) are missing or differ from the manifest, e.g. files/${manifest.files.items[0]!.key}`,
    );
    await fs.writeFile(storedCopy, original);

    const restoredDatabase = await openEmbedded(restored);
    const restoredApp = await createTestApp({ dataDir: restored }, { database: restoredDatabase });
    try {
      expect(await factsOf(restoredApp, people)).toEqual(before);
    } finally {
      await restoredApp.close();
      await restoredDatabase.close();
    }
  }, 120_000);
});

describe.skipIf(!process.env.DATABASE_URL)('backup and restore of PostgreSQL and files in S3', () => {
  const databases: string[] = [];
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    for (const name of databases) await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });
  const newDatabase = async (template?: string) => {
    const name = `limelight_backup_${randomUUID().replaceAll('-', '')}`;
    databases.push(name);
    await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
    return withDatabase(process.env.DATABASE_URL!, name);
  };
  const envOf = (databaseUrl: string, s3: NonNullable<Config['s3']>) => ({
    DATABASE_URL: databaseUrl,
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint!,
    S3_ACCESS_KEY_ID: s3.accessKeyId!,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey!,
    S3_FORCE_PATH_STYLE: 'true',
  });
  const appOn = async (databaseUrl: string, s3: NonNullable<Config['s3']>): Promise<[TestApp, DatabaseHandle]> => {
    const database = await openPostgres(databaseUrl);
    return [await createTestApp({ databaseUrl, s3 }, { database }), database];
  };

  it('backs up a running site and restores it into a fresh database and bucket, refusing a non-empty one unless forced', async () => {
    const [sourceS3, targetS3] = [await startS3Server(), await startS3Server()];
    try {
      const sourceUrl = await newDatabase(inject('postgresTemplate'));
      const [app, database] = await appOn(sourceUrl, sourceS3.options);
      let people: Site;
      let before: Awaited<ReturnType<typeof factsOf>>;
      const backupDir = path.join(work, 'postgres-backup');
      try {
        people = await buildSite(app);
        before = await factsOf(app, people);
        // pg_dump reads one snapshot, so the site keeps answering while it runs.
        const backup = await cli('backup', ['--out', backupDir], envOf(sourceUrl, sourceS3.options));
        expect(backup.code, backup.stderr).toBe(0);
      } finally {
        await app.close();
        await database.close();
      }
      expect(await manifestOf(backupDir)).toMatchObject({
        database: { kind: 'postgres', file: 'database.dump' },
        files: { source: 's3', count: 1 },
      });

      const targetUrl = await newDatabase();
      const restore = await cli('restore', [backupDir], envOf(targetUrl, targetS3.options));
      expect(restore.code, restore.stderr).toBe(0);
      const again = await cli('restore', [backupDir], envOf(targetUrl, targetS3.options));
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/the database already has \d+ table\(s\)/);
      expect(again.stderr).toContain(`bucket ${targetS3.options.bucket}`);
      const forced = await cli('restore', [backupDir, '--force'], envOf(targetUrl, targetS3.options));
      expect(forced.code, forced.stderr).toBe(0);

      const [restoredApp, restoredDatabase] = await appOn(targetUrl, targetS3.options);
      try {
        expect(await factsOf(restoredApp, people)).toEqual(before);
      } finally {
        await restoredApp.close();
        await restoredDatabase.close();
      }
    } finally {
      await sourceS3.close();
      await targetS3.close();
    }
  }, 120_000);
});
