// Wallet charges on one hot creator (issue 5): many fans tipping the same creator at once, as
// charges per second beside the bare write rate of the same database measured in this run
// (single-row inserts from as many connections). Every charge is a conditional debit, a
// balanced journal, an earning row and the cached balances of the fan, the creator and the
// platform, in one transaction. The ledger is checked at the end.
//   npm run bench -- wallet        BENCH_FANS=1000 BENCH_SECONDS=10 BENCH_CONCURRENCY=16
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { IDEMPOTENCY_HEADER } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openEmbedded, openPostgres } from '../apps/api/src/db/client';
import { sessions } from '../apps/api/src/db/schema';
import { checkLedger } from '../apps/api/src/platform/ledger-check';
import { newOpaqueToken } from '../apps/api/src/platform/tokens';
import { benchDatabase, formatLoad, load, startApi, stop } from './lib';

const fans = Number(process.env.BENCH_FANS ?? 1000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const port = 3993;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limelight-bench-wallet-'));
const server = benchDatabase();
const databaseUrl = server.url;
const open = () => (databaseUrl ? openPostgres(databaseUrl) : openEmbedded(dataDir));

/** Single-row inserts per second from `concurrency` connections: the floor any write path stands on. */
async function bareWriteRate() {
  const table = 'create table if not exists bench_writes (id bigserial primary key, n int not null, at timestamptz not null default now())';
  const deadline = performance.now() + seconds * 1000;
  let writes = 0;
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: concurrency });
    // Dropping the bench database ends idle connections; that is expected, not a failure.
    pool.on('error', () => undefined);
    await pool.query(table);
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline) {
          await pool.query('insert into bench_writes (n) values ($1)', [writes]);
          writes++;
        }
      }),
    );
    await pool.end();
  } else {
    // PGlite is one connection in one process: the bare rate is its sequential insert rate.
    const lite = await PGlite.create(fs.mkdtempSync(path.join(os.tmpdir(), 'limelight-bench-bare-')));
    await lite.query(table);
    while (performance.now() < deadline) {
      await lite.query('insert into bench_writes (n) values ($1)', [writes]);
      writes++;
    }
    await lite.close();
  }
  return writes / seconds;
}

try {
  await server.create();
  const seeding = performance.now();
  const database = await open();
  const { db } = database;
  await db.execute(
    sql`insert into users (role, name, username, email, password_hash) values ('performer', 'Hot Creator', 'hot', 'hot@bench.test', '-')`,
  );
  await db.execute(
    sql`insert into performer_profiles (user_id, gender, verified_document) select id, 'female', true from users where username = 'hot'`,
  );
  await db.execute(sql`
    insert into users (role, name, username, email, password_hash)
    select 'user', 'Fan ' || g, 'fan' || g, 'fan' || g || '@bench.test', '-' from generate_series(1, ${fans}) g`);
  // Every fan topped up 100,000 tokens by card, recorded as the ledger records it (the
  // platform's clearing account keeps no cached balance: it is the sum of its entries).
  await db.execute(sql`
    with paid as (
      insert into payment_transactions (user_id, gateway, type, status, amount_cents, tokens_cents)
      select id, 'sandbox', 'wallet_top_up', 'success', 10000000, 10000000 from users where role = 'user' returning id, user_id
    ), journals as (
      insert into ledger_journals (kind, reference_type, reference_id) select 'top_up', 'payment', id from paid returning id, reference_id
    ), wallets as (
      insert into ledger_accounts (kind, owner_id, balance_cents) select 'wallet', user_id, 10000000 from paid returning id, owner_id
    ), clearing as (
      insert into ledger_accounts (kind, owner_id, balance_cents) values ('gateway_clearing', null, 0) returning id
    )
    insert into ledger_entries (journal_id, account_id, amount_cents)
    select j.id, w.id, 10000000 from journals j join paid p on p.id = j.reference_id join wallets w on w.owner_id = p.user_id
    union all
    select j.id, (select id from clearing), -10000000 from journals j`);
  const fanIds = (await db.execute(sql`select id from users where role = 'user'`)).rows as Array<{ id: string }>;
  // A session each, as logging in leaves it (logging 1,000 fans in would time argon2, not charges).
  const logins = fanIds.map((fan) => ({ userId: fan.id, ...newOpaqueToken() }));
  await db
    .insert(sessions)
    .values(
      logins.map(({ userId, tokenHash }) => ({ userId, tokenHash, method: 'password', expiresAt: new Date(Date.now() + 3_600_000) })),
    );
  const tokens = logins.map((login) => login.token);
  const [creator] = (await db.execute(sql`select id from users where username = 'hot'`)).rows as Array<{ id: string }>;
  await db.execute(sql`analyze`);
  await database.close();
  console.log(
    `seeded ${fans} funded fans and one creator into ${databaseUrl ? 'PostgreSQL' : 'PGlite'} in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  const app = await startApi({ port, dataDir, databaseUrl });
  const { base } = app;
  let next = 0;
  const tip = () => ({
    path: `/api/wallet/charges/tip/${creator!.id}`,
    method: 'POST',
    // Every tip carries its own Idempotency-Key, as the web app sends one with every payment.
    headers: { authorization: `Bearer ${tokens[next++ % tokens.length]}`, [IDEMPOTENCY_HEADER]: randomUUID() },
    body: { price: 10 },
  });
  await load(base, tip, { seconds: 1, concurrency }); // warm-up
  const charges = await load(base, tip, { seconds, concurrency });
  await stop(app.child);

  const check = await open();
  const violations = await checkLedger(check.db);
  const [counted] = (await check.db.execute(sql`select count(*)::int as n from wallet_charges`)).rows as Array<{ n: number }>;
  await check.close();
  const bare = await bareWriteRate();

  console.log(`${fans} fans tipping one creator, on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${concurrency} connections, ${seconds} s`);
  console.log(`bare ${databaseUrl ? 'PostgreSQL' : 'PGlite'} single-row inserts    ${bare.toFixed(0).padStart(6)} writes/s`);
  console.log(`${formatLoad('wallet charges (tips)', charges)}  (${(charges.rps / bare).toFixed(2)}x bare write rate)`);
  console.log(`charges recorded: ${counted!.n}; ledger: ${violations.length ? violations.join('; ') : 'sound'}`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await server.drop();
}
