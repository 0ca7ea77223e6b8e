// Creator search and profile reads over 100k creators (issue 3) as requests per second and p99
// latency, each beside a bare Node HTTP server measured in this run; on PostgreSQL each scenario
// also beside its floor (issues 16 and 30): the same request answered by a bare node:http server
// over pg (see `serveFloor`), from the API's own statement for the profile read and from the SQL
// one would write by hand for each search; the bench checks that both answer the same. On the
// embedded database, or on a fresh database of the PostgreSQL server that DATABASE_URL names.
//   npm run bench -- discovery        BENCH_CREATORS=100000 BENCH_SECONDS=10 BENCH_CONCURRENCY=16
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { ageBandOf, COVER_FALLBACK, DISCOVERY_COUNT_CAP } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openEmbedded, openPostgres } from '../apps/api/src/db/client';
import { previewVersion } from '../apps/api/src/modules/performers/preview';
import { creatorCountsSql, creatorProfileStatements } from '../apps/api/src/modules/performers/repo/profiles';
import { publicUrl } from '../apps/api/src/platform/storage';
import { benchDatabase, formatLoad, load, serveJson, startApi, startBareHello, startFloor, stop, vsFloor } from './lib';

/** The site's name on a fresh database (the settings' default), which the preview card's version hashes. */
const SITE_NAME = 'Limelight';
/** Every seeded creator's avatar (a public key: the page presents it as a plain media URL). */
const BENCH_AVATAR_KEY = 'public/avatars/bench.jpg';
/** The API's pool size (apps/api/src/db/client.ts): the floor gets as many connections. */
const API_POOL_SIZE = 10;
const floorConfig = process.env.BENCH_DISCOVERY_FLOOR;
if (floorConfig) serveFloor(JSON.parse(floorConfig) as { port: number; databaseUrl: string });
else await bench();

/** A creator as the bench seeds them, with the columns a card presents. */
type CardRow = {
  id: string;
  name: string;
  username: string;
  avatar_key: string | null;
  cover_key: string | null;
  bio: string;
  gender: string | null;
  country: string | null;
  state: string | null;
  city: string | null;
  languages: string[];
  date_of_birth: string | null;
  height: string | null;
  weight: string | null;
  body_type: string | null;
  ethnicity: string | null;
  size: string | null;
  hair: string | null;
  eyes: string | null;
  sexual_orientation: string | null;
  monthly_price_cents: number | null;
  three_month_price_cents: number | null;
  six_month_price_cents: number | null;
  yearly_price_cents: number | null;
  is_free_subscription: boolean;
  verified_document: boolean;
  followers_count: number;
  is_online: boolean;
  online_at: string | null;
};

/** A creator's public card, as an anonymous visitor sees it (no follow or bookmark). */
function publicCard(user: CardRow) {
  const price = (cents: number | null) => (cents === null ? null : cents / 100);
  if (user.avatar_key !== BENCH_AVATAR_KEY || user.cover_key)
    throw new Error('the floor presents creators with the bench avatar and no cover');
  return {
    _id: user.id,
    name: user.name,
    username: user.username,
    avatar: publicUrl(BENCH_AVATAR_KEY),
    cover: COVER_FALLBACK,
    bio: user.bio,
    gender: user.gender,
    country: user.country,
    state: user.state,
    city: user.city,
    languages: user.languages,
    age: ageBandOf(user.date_of_birth),
    height: user.height,
    weight: user.weight,
    bodyType: user.body_type,
    ethnicity: user.ethnicity,
    size: user.size,
    hair: user.hair,
    eyes: user.eyes,
    sexualOrientation: user.sexual_orientation,
    monthlyPrice: price(user.monthly_price_cents),
    threeMonthPrice: price(user.three_month_price_cents),
    sixMonthPrice: price(user.six_month_price_cents),
    yearlyPrice: price(user.yearly_price_cents),
    isFreeSubscription: user.is_free_subscription,
    verifiedDocument: user.verified_document,
    followersCount: user.followers_count,
    isOnline: user.is_online,
    onlineAt: user.online_at === null ? null : new Date(user.online_at).toISOString(),
  };
}

/** On the shelves for a visitor (decisions 051, 077): listed, not suspended now, ready, not held. */
const SHELVED = `pp.listed and (pp.suspended_until is null or pp.suspended_until <= now()) and pp.on_shelves_from <= now()
  and not exists (select 1 from moderation_holds h where h.target_id = pp.user_id)`;
/** Each ordering's keys, descending. */
const ORDERS = {
  popular: 'pp.followers_count desc, pp.created_at desc, pp.user_id desc',
  newest: 'pp.created_at desc, pp.user_id desc',
  online: "pp.is_online desc, coalesce(pp.online_at, '-infinity'::timestamptz) desc, pp.user_id desc",
} as const;
/**
 * A page of cards with their counts: the counts in the API's own SQL (`creatorCountsSql`: posts,
 * their photos and videos, galleries and library videos), so the floor reads what the API reads.
 */
const CARDS = `select u.id, u.name, u.username, u.avatar_key, u.cover_key, pp.bio, pp.gender, pp.country, pp.state, pp.city,
    pp.languages, pp.date_of_birth::text, pp.height, pp.weight, pp.body_type, pp.ethnicity, pp.size, pp.hair, pp.eyes,
    pp.sexual_orientation, pp.monthly_price_cents::int, pp.three_month_price_cents::int, pp.six_month_price_cents::int,
    pp.yearly_price_cents::int, pp.is_free_subscription, pp.verified_document, pp.followers_count, pp.is_online, pp.online_at,
    ${new PgDialect().sqlToQuery(creatorCountsSql(sql.raw('u.id'))).sql} as content`;

/**
 * The floors: a bare node:http handler on a pool of as many connections as the API's. The profile
 * read runs the statement the API runs for it (its very text, from the API's prepared statement);
 * each search the SQL one would write by hand for the API's design (decision 077), one
 * statement per page: the filters on the profile, the page read in an index's order, the count
 * stopped at the cap and made on a list's first page only (a later page answers the count kept
 * from it, as the API does); for a keyword, the list's first 500 rows probed for the word in the
 * same statement, then the exact handle and the first matches in the name and anywhere, each read
 * from those rows when the word is common there and from its GIN index when not. It presents what
 * the bench's data holds (creators with the bench's avatar, no cover and no welcome video) and
 * refuses anything else.
 */
function serveFloor({ port, databaseUrl }: { port: number; databaseUrl: string }) {
  // The API's session settings too: without JIT (db/client.ts), which PostgreSQL's estimates for
  // the keyword statements at 1M creators would otherwise compile for 100 ms and more per request.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: API_POOL_SIZE, options: '-c jit=off' });
  const statement = creatorProfileStatements.username;
  const cards = (rows: Array<CardRow & { content: unknown }>) =>
    rows.map((row) => ({ ...publicCard(row), isFollowed: false, isBookmarked: false, content: row.content }));
  /**
   * The counts of lists whose first page was read in the last minute, as the API keeps them
   * (decision 077): a later page (an offset or `after`) answers the kept count and counts only
   * without one. The floor serves visitors only, so a list is its filters and keyword.
   */
  const keptCounts = new Map<string, { count: number; at: number }>();
  const listKey = (params: URLSearchParams) =>
    JSON.stringify(
      [...params.entries()]
        .filter(([name]) => !['offset', 'limit', 'after', 'sortBy'].includes(name))
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  const page = async (params: URLSearchParams, statement: (withCount: boolean) => { text: string; values: unknown[] }) => {
    const firstPage = Number(params.get('offset') ?? 0) === 0 && !params.get('after');
    const key = listKey(params);
    const kept = keptCounts.get(key);
    const known = !firstPage && kept && Date.now() - kept.at < 60_000 ? kept.count : undefined;
    const { text, values } = statement(known === undefined);
    const { rows } = await pool.query(text, values);
    // The bench's pages are never empty: an empty first page counts none.
    const count = known ?? rows[0]?.total ?? 0;
    if (known === undefined) keptCounts.set(key, { count, at: Date.now() });
    return [200, { data: cards(rows), total: Math.min(count, DISCOVERY_COUNT_CAP), totalCapped: count > DISCOVERY_COUNT_CAP }] as const;
  };
  const countOf = (where: string) =>
    `(select count(*)::int from (select 1 from performer_profiles pp where ${where} limit ${DISCOVERY_COUNT_CAP + 1}) c)`;
  /** Each ordering's keys, ascending (a keyset page compares them). */
  const KEYS = {
    popular: ['pp.followers_count', 'pp.created_at', 'pp.user_id'],
    newest: ['pp.created_at', 'pp.user_id'],
    online: ['pp.is_online', "coalesce(pp.online_at, '-infinity'::timestamptz)", 'pp.user_id'],
  } as const;

  const search = async (params: URLSearchParams) => {
    const sortBy = (params.get('sortBy') ?? 'popular') as keyof typeof ORDERS;
    const offset = Number(params.get('offset') ?? 0);
    const limit = Number(params.get('limit') ?? 12);
    const q = params.get('q');
    if (q) {
      // One statement, as the API's (decision 077): the list's first 500 rows with whether each
      // matches (the probe); a tier found offset + limit times there takes its first rows from
      // them, a rarer one from its GIN index; the exact handle by its index; the count likewise.
      const terms = q
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean)
        .map((word) => `${word}:*`)
        .join(' & ');
      const matches = (document: string) =>
        `pp.user_id = any(array(select user_id from performer_profiles where ${document} @@ to_tsquery('simple', $1) and listed and on_shelves_from is not null))`;
      const fromFirst = (found: string) => `((select ${found} from probe) >= $3::int + $4::int or (select rows from probe) < 500)`;
      const firstKeys = KEYS[sortBy].map((_, i) => `k${i} desc`).join(', ');
      const tier = (flag: string, found: string, document: string) =>
        `(select user_id from first where ${flag} and ${fromFirst(found)} order by ${firstKeys} limit $3::int + $4::int)
         union all (select pp.user_id from performer_profiles pp where ${SHELVED} and not ${fromFirst(found)} and ${matches(document)}
           order by ${ORDERS[sortBy]} limit $3::int + $4::int)`;
      const countWalks = '(1000 * (select rows from probe) <= (select "all" from probe) * 20000)';
      return page(params, (withCount) => ({
        text: `with first as (
            select pp.user_id, ${KEYS[sortBy].map((key, i) => `${key} as k${i}`).join(', ')},
              pp.search_name @@ to_tsquery('simple', $1) as in_name, pp.search_all @@ to_tsquery('simple', $1) as in_all
            from performer_profiles pp where ${SHELVED} order by ${ORDERS[sortBy]} limit 500),
          probe as (select count(*) as rows, count(*) filter (where in_name) as name, count(*) filter (where in_all) as "all" from first)
          ${CARDS}${
            withCount
              ? `, ${countOf(`${SHELVED} and ${countWalks} and (pp.search_all @@ to_tsquery('simple', $1)) is true`)}
                 + ${countOf(`${SHELVED} and not ${countWalks} and ${matches('search_all')}`)} as total`
              : ''
          }
          from performer_profiles pp join users u on u.id = pp.user_id
          where pp.user_id in ((select pp.user_id from performer_profiles pp join users u on u.id = pp.user_id where ${SHELVED} and lower(u.username) = $2)
            union all ${tier('in_name', 'name', 'search_name')} union all ${tier('in_all', '"all"', 'search_all')})
          order by case when lower(u.username) = $2 then 0 when pp.search_name @@ to_tsquery('simple', $1) then 1 else 2 end, ${ORDERS[sortBy]}
          limit $3 offset $4`,
        values: [terms, q.trim().replace(/^@/, '').toLowerCase(), limit, offset],
      }));
    }
    const values: unknown[] = [];
    const conditions = [SHELVED];
    for (const [name, column] of [
      ['gender', 'gender'],
      ['country', 'country'],
      ['hair', 'hair'],
    ] as const) {
      const chosen = params.getAll(name);
      if (chosen.length) conditions.push(`pp.${column} = any($${values.push(chosen)})`);
    }
    if (params.get('isOnline') === 'true') conditions.push('pp.is_online');
    const where = conditions.join(' and ');
    const after = params.get('after');
    const keys = KEYS[sortBy].join(', ');
    const keyset = after ? ` and (${keys}) < (select ${keys} from performer_profiles pp where pp.user_id = $${values.push(after)})` : '';
    const pageIds = `select pp.user_id from performer_profiles pp where ${where}${keyset} order by ${ORDERS[sortBy]}
      limit $${values.push(limit)} offset $${values.push(offset)}`;
    return page(params, (withCount) => ({
      text: `with page as (${pageIds})
        ${CARDS}${withCount ? `, ${countOf(where)} as total` : ''}
        from page join performer_profiles pp on pp.user_id = page.user_id join users u on u.id = page.user_id
        order by ${ORDERS[sortBy]}`,
      values,
    }));
  };

  const top = async (limit: number) => {
    const { rows } = await pool.query(
      `${CARDS} from (select pp.user_id from performer_profiles pp where ${SHELVED} order by ${ORDERS.popular} limit $1) top
       join performer_profiles pp on pp.user_id = top.user_id join users u on u.id = top.user_id order by ${ORDERS.popular}`,
      [limit],
    );
    return [200, cards(rows)] as const;
  };

  const profile = async (username: string) => {
    const params = { viewerId: null, country: null, isAdmin: false, key: decodeURIComponent(username).toLowerCase() };
    const { rows } = await pool.query({ name: statement.statementName, text: statement.text, values: statement.values(params) });
    const row = rows[0];
    if (row?.creator.status !== 'active' || !row.profile.verified_document) return [404, {}] as const;
    if (row.refusal) return [403, {}] as const;
    if (row.welcome_video) throw new Error('the floor presents creators without a welcome video');
    const card = publicCard({ ...row.creator, ...row.profile, id: row.creator.id });
    // The page's link-preview card, named by the version of what it shows (decision 080), as the API does.
    const { id, name, username: handle, avatar_key: avatarKey, cover_key: coverKey } = row.creator;
    const version = previewVersion({ user: { name, username: handle, avatarKey, coverKey } }, SITE_NAME);
    return [
      200,
      {
        ...card,
        isFollowed: row.is_followed,
        isBookmarked: row.is_bookmarked,
        welcomeVideo: null,
        counts: row.counts,
        previewImage: `/api/performers/${id}/preview.jpg?v=${version}`,
        hiddenFromSearchEngines: row.profile.hidden_from_search_engines,
      },
    ] as const;
  };

  const answer = async (request: http.IncomingMessage) => {
    const url = new URL(request.url ?? '/', 'http://floor');
    if (url.pathname === '/health') return [200, {}] as const;
    if (url.pathname === '/api/performers/user/search') return search(url.searchParams);
    if (url.pathname === '/api/performers/top') return top(Number(url.searchParams.get('limit') ?? 12));
    const username = url.pathname.match(/^\/api\/performers\/([^/]+)$/)?.[1];
    return username ? profile(username) : ([404, {}] as const);
  };
  serveJson(port, answer);
}

/** The machine's load averages (1, 5, 15 minutes) now, printed beside the figures. */
function loadAverage() {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
}

async function bench() {
  const creators = Number(process.env.BENCH_CREATORS ?? 100_000);
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
  const port = 4400;
  const floorPort = 4401;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limelight-bench-discovery-'));
  const random = (n: number) => 1 + Math.floor(Math.random() * n);
  /** Usernames from the upper tenth up, so a keyword prefix matches a handful, as a real name does. */
  const someUsername = () => `creator${creators - Math.floor(Math.random() * creators * 0.9)}`;

  const server = benchDatabase();
  const databaseUrl = server.url;

  try {
    const seeding = performance.now();
    await server.create();
    const database = databaseUrl ? await openPostgres(databaseUrl) : await openEmbedded(dataDir);
    // On PostgreSQL, seeded over a connection of its own: the pool's statement and query timeouts
    // (30 and 35 s) are shorter than a million creators' inserts with their triggers.
    const seedClient = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : undefined;
    await seedClient?.connect();
    const seedDb = seedClient ? drizzle({ client: seedClient }) : database.db;
    await seedDb.transaction(async (tx) => {
      await tx.execute(sql`
      insert into users (role, name, username, email, password_hash, avatar_key, created_at)
      select 'performer', 'Creator ' || g || ' ' || (array['Luna','Nova','Sky','River','Ember','Aria'])[1 + g % 6],
             'creator' || g, 'creator' || g || '@bench.test', '-', ${BENCH_AVATAR_KEY}, now() - make_interval(secs => g)
      from generate_series(1, ${creators}) g`);
      await tx.execute(sql`
      insert into performer_profiles (user_id, gender, country, date_of_birth, bio, hair, verified_document, followers_count, is_online, monthly_price_cents)
      select u.id, (array['male','female','transgender'])[1 + n % 3], (array['US','GB','FR','DE','BR','JP','ES','IT','CA','AU'])[1 + n % 10],
             date '1970-01-01' + (n % 12000)::int, 'Daily posts, live shows and behind the scenes.',
             (array['red','blond','black','brown','ginger'])[1 + n % 5], true, (n * 7919) % 5000, n % 50 = 0, 500 + (n % 20) * 100
      from (select id, row_number() over () as n from users where role = 'performer') u`);
      // A first post each: with the avatar and the price, what puts a verified creator on the
      // discovery shelves (decision 051), so the searches read the rows a real site would list.
      await tx.execute(sql`
      insert into feeds (performer_id, type, text, published_at)
      select id, 'text', 'Hello from my page', now() - interval '1 day' from users where role = 'performer'`);
      // Those online came online at different times, as a site's do.
      await tx.execute(sql`
      update performer_profiles set online_at = now() - make_interval(secs => followers_count) where is_online`);
    });
    await seedDb.execute(sql`vacuum analyze`);
    await seedClient?.end();
    // Page 50 of US creators, newest first, read by keyset: after the 600th.
    const [page50] = (
      await database.db.execute<{ user_id: string }>(sql`
      select user_id from performer_profiles where country = 'US' order by created_at desc, user_id desc offset 599 limit 1`)
    ).rows;
    await database.close();
    console.log(
      `seeded ${creators} creators into ${databaseUrl ? 'PostgreSQL' : 'PGlite'} in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );

    const app = await startApi({ port, dataDir, databaseUrl });
    const { base } = app;
    const options = { seconds, concurrency };
    const scenarios: Array<[string, () => string]> = [
      ['profile read (by username)', () => `/api/performers/creator${random(creators)}`],
      ['search: keyword (username)', () => `/api/performers/user/search?q=${someUsername()}`],
      ['search: keyword (common name)', () => '/api/performers/user/search?q=luna'],
      ['search: filters, popular', () => `/api/performers/user/search?gender=female&country=FR&hair=black&sortBy=popular`],
      ['search: filters, newest, page 50', () => `/api/performers/user/search?country=US&sortBy=newest&offset=600`],
      ['search: page 50 by keyset (after)', () => `/api/performers/user/search?country=US&sortBy=newest&after=${page50!.user_id}`],
      ['search: online now', () => '/api/performers/user/search?isOnline=true&sortBy=online'],
      ['top creators', () => '/api/performers/top'],
    ];
    const floor = databaseUrl
      ? await startFloor('bench/discovery.ts', 'BENCH_DISCOVERY_FLOOR', { port: floorPort, databaseUrl })
      : undefined;
    const floorBase = `http://127.0.0.1:${floorPort}`;
    const loadBefore = loadAverage();
    const results = [];
    for (const [name, next] of scenarios) {
      await load(base, next, { ...options, seconds: 1 });
      const api = await load(base, next, options);
      if (!floor) {
        results.push({ name, api });
        continue;
      }
      // The floor must answer what the API answers (the same probe to both).
      const probe = next();
      const body = async (at: string) => (await fetch(`${at}${probe}`)).json();
      const same = isDeepStrictEqual(await body(base), await body(floorBase));
      await load(floorBase, next, { ...options, seconds: 1 });
      const byHand = await load(floorBase, next, options);
      results.push({ name, api, byHand, same });
    }
    const loadAfter = loadAverage();
    if (floor) await stop(floor.child);
    await stop(app.child);

    const bare = await startBareHello(port);
    const baseline = await load(base, () => '/', options);
    await stop(bare.child);

    console.log(`${creators} creators on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${concurrency} connections, ${seconds} s per scenario`);
    console.log(`load average ${loadBefore} before the scenarios, ${loadAfter} after`);
    console.log(formatLoad('bare Node HTTP server', baseline));
    for (const { name, api, byHand, same } of results) {
      console.log(formatLoad(name, api, baseline));
      if (byHand) {
        console.log(
          `${formatLoad('  floor (by hand, bare node:http)', byHand)}  API ${vsFloor(api, byHand)}${same ? '' : '  (the floor answered differently!)'}`,
        );
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await server.drop();
  }
}
