// The creator dashboard (issue 18): one busy creator among 1000 (20k followers, 5k subscriptions,
// 200k earnings over two years, 2000 posts) and one small one, as requests per second and p99,
// each beside its floor measured in this run: the same request answered by a bare node:http
// server from the same SQL over pg (see `serveFloor`). The floor needs PostgreSQL (DATABASE_URL);
// on the embedded database the API alone is measured.
//   npm run bench -- dashboard        BENCH_FANS=20000 BENCH_SECONDS=10 BENCH_CONCURRENCY=16
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openEmbedded, openPostgres } from '../apps/api/src/db/client';
import { dashboardStatement } from '../apps/api/src/modules/dashboard/repo';
import { presentDashboard } from '../apps/api/src/modules/dashboard/service';
import { createSession } from '../apps/api/src/platform/auth';
import { hashToken } from '../apps/api/src/platform/tokens';
import { benchDatabase, formatLoad, insertCreators, load, serveJson, startApi, startBareHello, startFloor, stop, vsFloor } from './lib';

/** The API's pool size (apps/api/src/db/client.ts): the floor gets as many connections. */
const API_POOL_SIZE = 10;
const floorConfig = process.env.BENCH_DASHBOARD_FLOOR;
if (floorConfig) serveFloor(JSON.parse(floorConfig) as { port: number; databaseUrl: string });
else await bench();

/**
 * The floor: a bare node:http handler on a pool of as many connections as the API's, looking up
 * the session and running the API's own statement (its very text, prepared by name), then writing
 * the answer with the API's presenter (the shop open, as the bench's settings leave it).
 */
function serveFloor({ port, databaseUrl }: { port: number; databaseUrl: string }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: API_POOL_SIZE });
  const answer = async (request: http.IncomingMessage) => {
    if (request.url === '/health') return [200, {}] as const;
    if (request.url !== '/api/performer/dashboard') return [404, {}] as const;
    const token = request.headers.authorization?.slice('Bearer '.length) ?? '';
    const { rows: sessions } = await pool.query({
      name: 'floor_session_by_token_hash',
      text: `select s.expires_at, s.revoked_at, u.id, u.role, u.status from sessions s join users u on u.id = s.user_id
        where s.token_hash = $1 limit 1`,
      values: [hashToken(token)],
    });
    const viewer = sessions[0];
    if (!viewer || viewer.revoked_at || new Date(viewer.expires_at) <= new Date() || viewer.status !== 'active') return [401, {}] as const;
    if (viewer.role !== 'performer') return [403, {}] as const;
    const statement = dashboardStatement;
    const params = { performerId: viewer.id };
    const { rows } = await pool.query({ name: statement.statementName, text: statement.text, values: statement.values(params) });
    return [200, presentDashboard(rows[0], true)] as const;
  };
  serveJson(port, answer);
}

async function bench() {
  const fans = Number(process.env.BENCH_FANS ?? 20_000);
  const creators = 1000;
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
  const port = 4404;
  const floorPort = 4405;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limelight-bench-dashboard-'));
  const server = benchDatabase();
  const databaseUrl = server.url;

  try {
    const seeding = performance.now();
    await server.create();
    const database = databaseUrl ? await openPostgres(databaseUrl) : await openEmbedded(dataDir);
    const { db } = database;
    await insertCreators(db, creators);
    await db.execute(sql`
    insert into users (role, name, username, email, password_hash)
    select 'user', 'Fan ' || g, 'fan' || g, 'fan' || g || '@bench.test', '-' from generate_series(1, ${fans}) g`);
    // creator1 is the busy one: every fan follows them over the last 400 days, and 5 other creators each.
    await db.execute(sql`
    with c as (select array_agg(id order by username) as ids from users where role = 'performer'),
      f as (select id, row_number() over (order by username) as n from users where role = 'user')
    insert into follows (follower_id, performer_id, created_at)
    select f.id, c.ids[1 + (case when k = 0 then 0 else 1 + (f.n * 7 + k * 131) % (${creators} - 1) end)],
      now() - make_interval(secs => (f.n * 1733 + k * 977) % (400 * 86400))
    from f, c, generate_series(0, 5) k
    on conflict do nothing`);
    // The follows module keeps each creator's count on their profile; the seed does the same.
    await db.execute(sql`
    update performer_profiles p set followers_count = (select count(*) from follows where performer_id = p.user_id)`);
    await db.execute(sql`
    with f as (select id, row_number() over (order by username) as n from users where role = 'user')
    insert into subscriptions (user_id, performer_id, type, status, started_at, expired_at)
    select f.id, (select id from users where username = 'creator1'), 'monthly', 'active',
      now() - make_interval(secs => (f.n * 2711) % (365 * 86400)), now() + make_interval(secs => (f.n * 3001) % (60 * 86400)) - interval '20 days'
    from f where f.n <= ${Math.min(5000, fans)}`);
    // Earnings over two years: 200k for creator1, 300k among the others.
    await db.execute(sql`
    with c as (select array_agg(id order by username) as ids from users where role = 'performer'),
      u as (select array_agg(id) as ids from users where role = 'user')
    insert into earnings (performer_id, user_id, source_type, source_id, gross_cents, commission_cents, net_cents, commission_bps, created_at)
    select case when g <= 200000 then c.ids[1] else c.ids[2 + g % (${creators} - 1)] end, u.ids[1 + g % ${fans}], 'tip', gen_random_uuid(),
      1000, 100, 900, 1000, now() - make_interval(secs => (g * 127) % (730 * 86400))
    from generate_series(1, 500000) g, c, u`);
    // Posts over the last year: 2000 for creator1, 100 for each other creator, with likes and comments.
    await db.execute(sql`
    with c as (select array_agg(id order by username) as ids from users where role = 'performer')
    insert into feeds (performer_id, type, text, published_at, created_at, like_count, comment_count)
    select case when g <= 2000 then c.ids[1] else c.ids[2 + g % (${creators} - 1)] end, 'text', 'Post number ' || g,
      now() - make_interval(secs => (g * 4099) % (365 * 86400)), now() - make_interval(secs => (g * 4099) % (365 * 86400)), g % 97, g % 13
    from generate_series(1, ${2000 + (creators - 1) * 100}) g, c`);
    await db.execute(sql`analyze`);
    const tokenOf = async (username: string) => {
      const [user] = (await db.execute(sql`select id from users where username = ${username}`)).rows as Array<{ id: string }>;
      return (await createSession(db, { userId: user!.id, ttlSeconds: 86_400, method: 'password' })).token;
    };
    const busy = await tokenOf('creator1');
    const small = await tokenOf('creator500');
    await database.close();
    console.log(
      `seeded ${creators} creators, ${fans} fans, 500k earnings into ${databaseUrl ? 'PostgreSQL' : 'PGlite'} in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );

    const app = await startApi({ port, dataDir, databaseUrl });
    const { base } = app;
    const floor = databaseUrl
      ? await startFloor('bench/dashboard.ts', 'BENCH_DASHBOARD_FLOOR', { port: floorPort, databaseUrl })
      : undefined;
    const floorBase = `http://127.0.0.1:${floorPort}`;
    const scenarios: Array<[string, string]> = [
      ['dashboard: busy creator', busy],
      ['dashboard: small creator', small],
    ];
    const results = [];
    for (const [name, token] of scenarios) {
      const options = { seconds, concurrency, headers: { authorization: `Bearer ${token}` } };
      const next = () => '/api/performer/dashboard';
      const body = async (at: string) => (await fetch(`${at}${next()}`, { headers: options.headers })).json();
      // The floor must answer what the API answers, or its figure would mean nothing.
      const same = floor ? isDeepStrictEqual(await body(base), await body(floorBase)) : undefined;
      await load(base, next, { ...options, seconds: 1 }); // warm-up: JIT, caches, pool
      const api = await load(base, next, options);
      let byHand: Awaited<ReturnType<typeof load>> | undefined;
      if (floor) {
        await load(floorBase, next, { ...options, seconds: 1 });
        byHand = await load(floorBase, next, options);
      }
      results.push({ name, api, byHand, same });
    }
    await stop(app.child);
    if (floor) await stop(floor.child);

    const bare = await startBareHello(port);
    const baseline = await load(base, () => '/', { seconds, concurrency });
    await stop(bare.child);

    console.log(
      `${creators} creators, ${fans} fans, on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${concurrency} connections, ${seconds} s each`,
    );
    console.log(formatLoad('bare Node HTTP server (hello)', baseline));
    for (const { name, api, byHand, same } of results) {
      if (byHand) {
        console.log(formatLoad(`${name}, floor`, byHand));
        console.log(`${formatLoad(`${name}, API`, api)}  ${vsFloor(api, byHand)}${same ? '' : '  (the floor answered differently!)'}`);
      } else console.log(formatLoad(name, api, baseline));
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await server.drop();
  }
}
