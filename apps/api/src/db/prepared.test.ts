// The contract db/prepared.ts holds with drizzle (pinned exactly in package.json): the hot paths'
// statements answer what drizzle's own query answers, on the database this run tests. An upgrade
// of drizzle that moves the internals read here fails in this file, by name, before anywhere else.
import { randomBytes } from 'node:crypto';
import * as drizzle from 'drizzle-orm';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/app';
import type { DatabaseHandle } from './client';
import { hexKeyLookup, preparedStatement } from './prepared';
import { sessions, users } from './schema';

let handle: DatabaseHandle;
let userId: string;
/** A session token's hash, as the sessions table keeps it: lowercase hex. */
const tokenHash = randomBytes(32).toString('hex');
beforeAll(async () => {
  handle = await createTestDatabase();
  const [user] = await handle.db
    .insert(users)
    .values({ role: 'user', name: 'Prepared Fan', username: 'preparedfan', email: 'prepared@limelight.test', passwordHash: '-' })
    .returning({ id: users.id });
  userId = user!.id;
  await handle.db.insert(sessions).values({ userId, tokenHash, expiresAt: new Date(Date.now() + 3_600_000) });
});
afterAll(() => handle.close());

const sessionQuery = () =>
  handle.db
    .select({ id: sessions.id, expiresAt: sessions.expiresAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('prepared_contract_session');

describe('preparedStatement', () => {
  const accountByEmail = preparedStatement<{ id: string; username: string | null }>(
    'prepared_contract_account',
    sql`select id, username from ${users} where email = ${sql.placeholder('email')} limit ${sql.placeholder('limit')}`,
  );

  it('answers the rows with their column names, again and again on one prepared statement', async () => {
    for (let call = 0; call < 3; call++) {
      const rows = await accountByEmail(handle.db, { email: 'prepared@limelight.test', limit: 1 });
      expect(rows).toEqual([{ id: userId, username: 'preparedfan' }]);
    }
    expect(await accountByEmail(handle.db, { email: 'nobody@limelight.test', limit: 1 })).toEqual([]);
  });

  it('gives its very statement and values to a replay by hand (the benchmarks’ floors)', async () => {
    expect(accountByEmail.statementName).toBe('prepared_contract_account');
    expect(accountByEmail.text).toMatch(/^select id, username from "users" where email = \$1 limit \$2$/);
    expect(accountByEmail.values({ email: 'prepared@limelight.test', limit: 1 })).toEqual(['prepared@limelight.test', 1]);
    const replayed = await handle.db.execute(sql.raw(accountByEmail.text.replace('$1', `'prepared@limelight.test'`).replace('$2', '1')));
    expect(replayed.rows).toEqual(await accountByEmail(handle.db, { email: 'prepared@limelight.test', limit: 1 }));
  });
});

describe('hexKeyLookup', () => {
  it("answers what drizzle's own query answers, nested and typed (dates, camelCase)", async () => {
    const lookup = hexKeyLookup(handle.db, 'prepared_contract_session', sessionQuery(), 'tokenHash');
    const expected = await sessionQuery().execute({ tokenHash });
    expect(expected).toHaveLength(1);
    expect(expected[0]!.expiresAt).toBeInstanceOf(Date);
    expect(expected[0]!.user.id).toBe(userId);
    for (let call = 0; call < 3; call++) expect(await lookup(tokenHash)).toEqual(expected);
    expect(await lookup('00'.repeat(32))).toEqual([]);
  });

  it('refuses a key that is not lowercase hex on the embedded database, where it is written into the statement', async () => {
    const lookup = hexKeyLookup(handle.db, 'prepared_contract_session', sessionQuery(), 'tokenHash');
    const hostile = lookup("'; drop table users; --");
    if (handle.kind === 'pglite') await expect(hostile).rejects.toThrow(/only a lowercase hex key and integers/);
    else expect(await hostile).toEqual([]);
    expect((await handle.db.select({ id: users.id }).from(users).where(eq(users.id, userId))).length).toBe(1);
  });

  it("finds drizzle's internals it reads where this version keeps them", () => {
    expect(typeof (drizzle as unknown as { mapResultRow?: unknown }).mapResultRow).toBe('function');
    if (handle.kind !== 'pglite') return;
    const prepared = sessionQuery() as unknown as Record<string, unknown>;
    expect(prepared).toMatchObject({ queryString: expect.stringContaining('select'), params: expect.any(Array) });
    expect(prepared.fields).toBeDefined();
    expect(prepared).toHaveProperty('queryConfig');
  });
});
