// Creator search and profile reads over 100k creators (issue 3) as requests per second and p99
// latency, each beside a bare Node HTTP server measured in this run; on PostgreSQL the profile
// read also beside its floor (issue 16): the same request answered by a bare node:http server
// from the same SQL over pg (see `serveFloor`). On the embedded database, or on a fresh database
// of the PostgreSQL server that DATABASE_URL names.
//   npm run bench -- discovery        BENCH_CREATORS=100000 BENCH_SECONDS=10 BENCH_CONCURRENCY=16
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { ageBandOf, COVER_FALLBACK } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openEmbedded, openPostgres } from '../apps/api/src/db/client';
import { creatorProfileStatements } from '../apps/api/src/modules/performers/repo/profiles';
import { publicUrl } from '../apps/api/src/platform/storage';
import { benchDatabase, formatLoad, load, serveJson, startApi, startBareHello, startFloor, stop, vsFloor } from './lib';

/** Every seeded creator's avatar (a public key: the page presents it as a plain media URL). */
const BENCH_AVATAR_KEY = 'public/avatars/bench.jpg';
/** The API's pool size (apps/api/src/db/client.ts): the floor gets as many connections. */
const API_POOL_SIZE = 10;
const floorConfig = process.env.BENCH_DISCOVERY_FLOOR;
if (floorConfig) serveFloor(JSON.parse(floorConfig) as { port: number; databaseUrl: string });
else await bench();

/**
 * The profile read's floor: a bare node:http handler on a pool of as many connections as the
 * API's, running the statement the API runs for it (its very text, from the API's prepared
 * statement) and writing the same JSON. It presents what the bench's data holds (creators
 * with the bench's avatar, no cover or welcome video) and refuses anything else.
 */
function serveFloor({ port, databaseUrl }: { port: number; databaseUrl: string }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: API_POOL_SIZE });
  const statement = creatorProfileStatements.username;
  const price = (cents: number | null) => (cents === null ? null : cents / 100);
  const answer = async (request: http.IncomingMessage) => {
    if (request.url === '/health') return [200, {}] as const;
    const username = request.url?.match(/^\/api\/performers\/([^/?]+)$/)?.[1];
    if (!username) return [404, {}] as const;
    const params = { viewerId: null, country: null, isAdmin: false, key: decodeURIComponent(username).toLowerCase() };
    const { rows } = await pool.query({ name: statement.statementName, text: statement.text, values: statement.values(params) });
    const row = rows[0];
    if (row?.creator.status !== 'active' || !row.profile.verified_document) return [404, {}] as const;
    if (row.refusal) return [403, {}] as const;
    const { creator: user, profile } = row;
    if (user.avatar_key !== BENCH_AVATAR_KEY || user.cover_key || row.welcome_video) {
      throw new Error('the floor presents creators with the bench avatar and no cover or welcome video');
    }
    return [
      200,
      {
        _id: user.id,
        name: user.name,
        username: user.username,
        avatar: publicUrl(BENCH_AVATAR_KEY),
        cover: COVER_FALLBACK,
        bio: profile.bio,
        gender: profile.gender,
        country: profile.country,
        state: profile.state,
        city: profile.city,
        languages: profile.languages,
        age: ageBandOf(profile.date_of_birth),
        height: profile.height,
        weight: profile.weight,
        bodyType: profile.body_type,
        ethnicity: profile.ethnicity,
        size: profile.size,
        hair: profile.hair,
        eyes: profile.eyes,
        sexualOrientation: profile.sexual_orientation,
        monthlyPrice: price(profile.monthly_price_cents),
        threeMonthPrice: price(profile.three_month_price_cents),
        sixMonthPrice: price(profile.six_month_price_cents),
        yearlyPrice: price(profile.yearly_price_cents),
        isFreeSubscription: profile.is_free_subscription,
        verifiedDocument: profile.verified_document,
        followersCount: profile.followers_count,
        isOnline: profile.is_online,
        onlineAt: profile.online_at === null ? null : new Date(profile.online_at).toISOString(),
        isFollowed: row.is_followed,
        isBookmarked: row.is_bookmarked,
        welcomeVideo: null,
        counts: row.counts,
      },
    ] as const;
  };
  serveJson(port, answer);
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
    await database.db.execute(sql`
    insert into users (role, name, username, email, password_hash, avatar_key, created_at)
    select 'performer', 'Creator ' || g || ' ' || (array['Luna','Nova','Sky','River','Ember','Aria'])[1 + g % 6],
           'creator' || g, 'creator' || g || '@bench.test', '-', ${BENCH_AVATAR_KEY}, now() - make_interval(secs => g)
    from generate_series(1, ${creators}) g`);
    await database.db.execute(sql`
    insert into performer_profiles (user_id, gender, country, date_of_birth, bio, hair, verified_document, followers_count, is_online, monthly_price_cents)
    select u.id, (array['male','female','transgender'])[1 + n % 3], (array['US','GB','FR','DE','BR','JP','ES','IT','CA','AU'])[1 + n % 10],
           date '1970-01-01' + (n % 12000)::int, 'Daily posts, live shows and behind the scenes.',
           (array['red','blond','black','brown','ginger'])[1 + n % 5], true, (n * 7919) % 5000, n % 50 = 0, 500 + (n % 20) * 100
    from (select id, row_number() over () as n from users where role = 'performer') u`);
    // A first post each: with the avatar and the price, what puts a verified creator on the
    // discovery shelves (decision 051), so the searches read the rows a real site would list.
    await database.db.execute(sql`
    insert into feeds (performer_id, type, text, published_at)
    select id, 'text', 'Hello from my page', now() - interval '1 day' from users where role = 'performer'`);
    await database.db.execute(sql`analyze`);
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
      ['search: online now', () => '/api/performers/user/search?isOnline=true&sortBy=online'],
      ['top creators', () => '/api/performers/top'],
    ];
    const floor = databaseUrl
      ? await startFloor('bench/discovery.ts', 'BENCH_DISCOVERY_FLOOR', { port: floorPort, databaseUrl })
      : undefined;
    const floorBase = `http://127.0.0.1:${floorPort}`;
    const results = [];
    for (const [name, next] of scenarios) results.push([name, await load(base, next, options)] as const);
    // The profile read beside its floor, which must answer what the API answers.
    let profile: { api: Awaited<ReturnType<typeof load>>; byHand: Awaited<ReturnType<typeof load>>; same: boolean } | undefined;
    if (floor) {
      const [, next] = scenarios[0]!;
      const probe = next();
      const body = async (at: string) => (await fetch(`${at}${probe}`)).json();
      const same = isDeepStrictEqual(await body(base), await body(floorBase));
      await load(floorBase, next, { ...options, seconds: 1 });
      const byHand = await load(floorBase, next, options);
      const api = await load(base, next, options);
      profile = { api, byHand, same };
      await stop(floor.child);
    }
    await stop(app.child);

    const bare = await startBareHello(port);
    const baseline = await load(base, () => '/', options);
    await stop(bare.child);

    console.log(`${creators} creators on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${concurrency} connections, ${seconds} s per scenario`);
    console.log(formatLoad('bare Node HTTP server', baseline));
    for (const [name, result] of results) console.log(formatLoad(name, result, baseline));
    if (profile) {
      const { api, byHand, same } = profile;
      console.log(formatLoad('profile read, floor', byHand));
      console.log(`${formatLoad('profile read, API', api)}  ${vsFloor(api, byHand)}${same ? '' : '  (the floor answered differently!)'}`);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await server.drop();
  }
}
