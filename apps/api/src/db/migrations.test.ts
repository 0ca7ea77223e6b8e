import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** A copy of the migrations that stops after migration `last`, as a site that had not upgraded yet. */
async function migrationsUpTo(last: number) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'limelight-migrations-'));
  await fs.cp(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  await fs.writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

let client: PGlite;
let older: string;
let beforePlatformAccounts: string;
beforeAll(async () => {
  client = await PGlite.create();
  older = await migrationsUpTo(21);
  beforePlatformAccounts = await migrationsUpTo(28);
});
afterAll(async () => {
  await client.close();
  await fs.rm(older, { recursive: true, force: true });
  await fs.rm(beforePlatformAccounts, { recursive: true, force: true });
});

describe('upgrading a site that holds data', () => {
  it('turns the real rates into the same basis points (0022)', async () => {
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: older });
    await client.exec(`
      insert into coupons (code, discount_rate) values ('TEN', 0.1), ('THIRD', 0.3333), ('FIFTEEN', 0.15), ('TINY', 0.0001);
      insert into users (id, role, name, email) values ('00000000-0000-4000-8000-000000000001', 'performer', 'Ava', 'ava@example.test');
      insert into performer_profiles (user_id, gender, commission_rate, monthly_price_cents)
        values ('00000000-0000-4000-8000-000000000001', 'female', 0.2, 999);
    `);
    await migrate(db, { migrationsFolder });
    const coupons = await client.query<{ code: string; discount_bps: number }>('select code, discount_bps from coupons order by code');
    expect(coupons.rows).toEqual([
      { code: 'FIFTEEN', discount_bps: 1500 },
      { code: 'TEN', discount_bps: 1000 },
      { code: 'THIRD', discount_bps: 3333 },
      { code: 'TINY', discount_bps: 1 },
    ]);
    const profile = await client.query<{ commission_bps: number; monthly_price_cents: string }>(
      'select commission_bps, monthly_price_cents::text from performer_profiles',
    );
    expect(profile.rows).toEqual([{ commission_bps: 2000, monthly_price_cents: '999' }]);
  });

  it('creates the platform’s ledger accounts once, keeping those the site made before with their entries (0029)', async () => {
    const site = await PGlite.create();
    try {
      const db = drizzle({ client: site });
      await migrate(db, { migrationsFolder: beforePlatformAccounts });
      // Before 0029 the first sale made the revenue account and the first top-up the clearing one.
      await site.exec(`
        insert into users (id, role, name, email) values ('00000000-0000-4000-8000-000000000002', 'user', 'Fan', 'fan@example.test');
        insert into ledger_accounts (id, kind, owner_id) values
          ('00000000-0000-4000-8000-0000000000a1', 'gateway_clearing', null),
          ('00000000-0000-4000-8000-0000000000a2', 'wallet', '00000000-0000-4000-8000-000000000002');
        update ledger_accounts set balance_cents = 500 where kind = 'wallet';
        insert into ledger_journals (id, kind, reference_type, reference_id)
          values ('00000000-0000-4000-8000-0000000000b1', 'top_up', 'payment', '00000000-0000-4000-8000-0000000000c1');
        insert into ledger_entries (journal_id, account_id, amount_cents) values
          ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000a1', -500),
          ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000a2', 500);
      `);
      await migrate(db, { migrationsFolder });
      const accounts = await site.query<{ id: string; kind: string }>(
        'select id, kind from ledger_accounts where owner_id is null order by kind',
      );
      // (refund_losses from 0032 on.)
      expect(accounts.rows.map((row) => row.kind)).toEqual([
        'gateway_clearing',
        'paid_out',
        'platform_revenue',
        'promotions',
        'refund_losses',
      ]);
      expect(accounts.rows.find((row) => row.kind === 'gateway_clearing')?.id).toBe('00000000-0000-4000-8000-0000000000a1');
      const entries = await site.query<{ account_id: string }>('select account_id from ledger_entries order by amount_cents');
      expect(entries.rows.map((row) => row.account_id)).toEqual([
        '00000000-0000-4000-8000-0000000000a1',
        '00000000-0000-4000-8000-0000000000a2',
      ]);
    } finally {
      await site.close();
    }
  });
});
