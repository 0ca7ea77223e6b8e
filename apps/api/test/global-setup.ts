import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres, wrapPglite } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** With DATABASE_URL: a migrated database each test file clones. */
    postgresTemplate?: string;
    /** Without it: a migrated PGlite data dir each test file loads (initdb takes seconds, loading does not). */
    pgliteSnapshot?: string;
  }
}

export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    // One per Vitest project (each runs this setup): the process id alone would name both the same.
    const template = `limelight_template_${process.pid}_${project.name.replaceAll(/\W/g, '_')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database "${template}"`);
    const migrated = await openPostgres(withDatabase(databaseUrl, template));
    await migrated.close();
    project.provide('postgresTemplate', template);
    return async () => {
      await admin.query(`drop database if exists "${template}" with (force)`);
      await admin.end();
    };
  }
  const client = await PGlite.create();
  const handle = await wrapPglite(client);
  const snapshot = await client.dumpDataDir('gzip');
  await handle.close();
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'limelight-snapshot-')), 'migrated.tar.gz');
  await fs.writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => fs.rm(path.dirname(file), { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
