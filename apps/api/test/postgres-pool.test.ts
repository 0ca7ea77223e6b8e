import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../src/db/client';
import { isUnavailable } from '../src/platform/errors';
import { withDatabase } from './global-setup';

const databaseUrl = process.env.DATABASE_URL;

/** The process survives its database going away mid-transaction: found by the chaos test, where a restart of PostgreSQL killed API processes. */
describe.skipIf(!databaseUrl)('a PostgreSQL connection that dies while checked out', () => {
  let handle: DatabaseHandle;
  let admin: pg.Client;
  const name = `limelight_client_${randomUUID().replaceAll('-', '')}`;
  const idleErrors: Error[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database "${name}" template "${inject('postgresTemplate')}"`);
    handle = await openPostgres(withDatabase(databaseUrl!, name), (error) => void idleErrors.push(error));
  });
  afterAll(async () => {
    await handle?.close();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  it('fails only the transaction that held it (as unavailable), and the pool goes on with new connections', async () => {
    const unhandled: unknown[] = [];
    const record = (error: unknown) => unhandled.push(error);
    process.on('uncaughtException', record);
    try {
      const transaction = handle.db.transaction(async (tx) => {
        const [{ pid }] = (await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows as Array<{ pid: number }>;
        // The server ends this connection while the transaction waits between two queries.
        await admin.query('select pg_terminate_backend($1)', [pid]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      });
      expect(
        isUnavailable(
          await transaction.then(
            () => null,
            (error: unknown) => error,
          ),
        ),
      ).toBe(true);
      expect(unhandled).toEqual([]);
      expect((await handle.db.execute(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', record);
    }
  });

  it('reports a connection that dies while idle in the pool by its error alone, without the dead client', async () => {
    // The connection that answered goes back to the pool, idle.
    const [{ pid }] = (await handle.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows as Array<{ pid: number }>;
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await expect.poll(() => idleErrors.length).toBeGreaterThan(0);
    expect(idleErrors[0]!.message).toMatch(/terminat/);
    expect(idleErrors[0]).not.toHaveProperty('client');
  });
});
