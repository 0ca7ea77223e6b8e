// Wallet charges on one hot creator (issue 5, 16): many fans tipping the same creator at once,
// through the API, beside the floor measured in the same run: the same tip written by hand as
// one SQL statement over `pg` from as many connections (issue 16's goal: the API at 60 % of
// it), and the bare single-row insert rate. A tip writes the fan's conditional debit, a
// balanced journal with its entries, the creator's cached balance, the earning row, the charge
// row, the creator's notification and its push job, and the stored answer of its
// Idempotency-Key. The ledger is checked after each part.
//   npm run bench -- wallet        BENCH_FANS=1000 BENCH_SECONDS=10 BENCH_CONCURRENCY=16
import { createHash, randomUUID } from 'node:crypto';
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
import { benchDatabase, formatLoad, fundFans, load, startApi, stop } from './lib';

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

/**
 * The floor: a tip as one hand-written statement (data-modifying CTEs), prepared, over `pg`
 * from `concurrency` connections, writing and reading what the API's tip does: the creator
 * may be paid (listed, has not blocked the fan), the creator's notification choice, the fan's
 * conditional debit, the charge, the earning, the journal and its three entries, the
 * notification and its push job, the Idempotency-Key with its answer, the creator's balance last.
 */
async function oneStatementFloor(creatorId: string, fans: Array<{ id: string; name: string }>, seconds: number) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: concurrency });
  pool.on('error', () => undefined);
  // The creator's earnings exist after the API's first tip (the platform's accounts from the migrations).
  await pool.query(`insert into ledger_accounts (kind, owner_id) values ('earnings', $1) on conflict do nothing`, [creatorId]);
  const text = `
    with payee as (
      select p.commission_bps from performer_profiles p
      where p.user_id = $2 and p.listed and not exists (select 1 from user_blocks b where b.blocker_id = $2 and b.target_id = $1)),
    debit as (
      update ledger_accounts set balance_cents = balance_cents - $3
      where kind = 'wallet' and owner_id = $1 and balance_cents >= $3 and exists (select 1 from payee)
      returning id, balance_cents),
    split as (
      select d.id as wallet_id, $3::bigint as gross, coalesce(p.commission_bps, 1000) as bps,
        ($3::bigint * coalesce(p.commission_bps, 1000) + 5000) / 10000 as commission
      from debit d, payee p),
    charge as (
      insert into wallet_charges (id, user_id, performer_id, type, gross_cents, commission_cents, net_cents)
      select $4, $1, $2, 'tip', gross, commission, gross - commission from split returning *),
    earning as (
      insert into earnings (performer_id, user_id, source_type, source_id, gross_cents, commission_cents, net_cents, commission_bps)
      select $2, $1, 'tip', $4, gross, commission, gross - commission, bps from split),
    journal as (
      insert into ledger_journals (kind, reference_type, reference_id) select 'charge', 'wallet_charge', id from charge returning id),
    entries as (
      insert into ledger_entries (journal_id, account_id, amount_cents)
      select journal.id, e.account_id, e.amount from journal, split,
        lateral (values (split.wallet_id, -split.gross),
          ((select id from ledger_accounts where kind = 'earnings' and owner_id = $2), split.gross - split.commission),
          ((select id from ledger_accounts where owner_id is null and kind = 'platform_revenue'), split.commission)) e (account_id, amount)
      where e.amount <> 0 returning 1),
    channel as (
      select coalesce((select in_app from notification_preferences where user_id = $2 and kind = 'tip'), true) as in_app,
        coalesce((select email from notification_preferences where user_id = $2 and kind = 'tip'), true) as email),
    notification as (
      insert into notifications (user_id, kind, actor_id, text, link, in_app, email)
      select $2, 'tip', $1, $5, '/creator/earnings', in_app, email from channel, charge where in_app or email returning id, in_app),
    -- The push job a tip queues, written as done: the API process, running beside this part, is
    -- not to push the floor's notifications during its own.
    job as (
      insert into jobs (name, payload, status)
      select 'notifications.push', json_build_object('notificationId', id), 'done' from notification where in_app),
    answer as (
      insert into idempotency_keys (user_id, key, fingerprint, response)
      select $1, $6, $7, json_build_object('charge', to_json(charge), 'balanceCents', debit.balance_cents) from charge, debit
      returning 1),
    credit as (
      update ledger_accounts set balance_cents = balance_cents + (select gross - commission from split)
      where kind = 'earnings' and owner_id = $2 and exists (select 1 from entries) and exists (select 1 from answer)
      returning balance_cents)
    select (select balance_cents from debit) as balance, (select balance_cents from credit) as creator_balance`;
  let next = 0;
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const fan = fans[next++ % fans.length]!;
        const key = randomUUID();
        const fingerprint = createHash('sha256').update(`POST /api/wallet/charges/tip/${creatorId}\n{"price":10}`).digest('hex');
        const { rows } = await pool.query({
          name: 'floor_tip',
          text,
          values: [fan.id, creatorId, 1000, randomUUID(), `${fan.name} tipped you 10.00 tokens`, key, fingerprint],
        });
        if (rows[0]?.creator_balance == null) errors++;
        latencies.push(performance.now() - started);
      }
    }),
  );
  await pool.end();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), errors };
}

/** Rounds of a load as one: their mean rate and percentiles (each round is as long as the others), their errors summed. */
function mean(rounds: Array<{ rps: number; p50: number; p99: number; errors: number }>) {
  const average = (pick: (round: (typeof rounds)[number]) => number) => rounds.reduce((sum, round) => sum + pick(round), 0) / rounds.length;
  return {
    rps: average((round) => round.rps),
    p50: average((round) => round.p50),
    p99: average((round) => round.p99),
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
  };
}

/** The ledger's verdict and the number of charges recorded so far. */
async function ledgerState() {
  const check = await open();
  const violations = await checkLedger(check.db);
  const [counted] = (await check.db.execute(sql`select count(*)::int as n from wallet_charges`)).rows as Array<{ n: number }>;
  await check.close();
  return `charges recorded: ${counted!.n}; ledger: ${violations.length ? violations.join('; ') : 'sound'}`;
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
  await fundFans(db, 10_000_000);
  const fanIds = (await db.execute(sql`select id, name from users where role = 'user'`)).rows as Array<{ id: string; name: string }>;
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
  // The API and the floor take turns (two rounds of half the time each), so a change in what
  // else this shared machine does weighs on both alike; the ledger is checked after each turn.
  const apiRounds: Array<Awaited<ReturnType<typeof load>>> = [];
  const floorRounds: Array<Awaited<ReturnType<typeof oneStatementFloor>>> = [];
  const checks: string[] = [];
  for (let round = 1; round <= 2; round++) {
    apiRounds.push(await load(base, tip, { seconds: seconds / 2, concurrency }));
    checks.push(`after the API (round ${round}): ${await ledgerState()}`);
    if (databaseUrl) {
      floorRounds.push(await oneStatementFloor(creator!.id, fanIds, seconds / 2));
      checks.push(`after the floor (round ${round}): ${await ledgerState()}`);
    }
  }
  await stop(app.child);
  const charges = mean(apiRounds);
  const floor = floorRounds.length ? mean(floorRounds) : undefined;
  const bare = await bareWriteRate();
  const engine = databaseUrl ? 'PostgreSQL' : 'PGlite';
  console.log(`${fans} fans tipping one creator, on ${engine}, ${concurrency} connections, ${seconds} s`);
  console.log(`bare ${engine} single-row inserts    ${bare.toFixed(0).padStart(6)} writes/s`);
  if (floor) console.log(`${formatLoad('floor: one statement over pg', floor).replace('req/s', 'tips/s')}`);
  console.log(
    `${formatLoad('wallet charges (tips) via the API', charges).replace('req/s', 'tips/s')}  (${
      floor
        ? `${((100 * charges.rps) / floor.rps).toFixed(0)} % of the one-statement floor, goal 60 %`
        : `${(charges.rps / bare).toFixed(2)}x bare write rate`
    })`,
  );
  for (const check of checks) console.log(`  ${check}`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await server.drop();
}
