// The fan's timeline (issue 4): a fan following 200 creators among 1000 who hold 1M posts in
// all; the first page and a page 100k posts deep (keyset), plus a creator's own page, as
// requests per second and p99 beside a bare Node HTTP server measured in this run.
//   npm run bench -- timeline        BENCH_POSTS=1000000 BENCH_SECONDS=10 BENCH_CONCURRENCY=16
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openEmbedded, openPostgres } from '../apps/api/src/db/client';
import { encodeCursor } from '../apps/api/src/platform/http';
import { benchDatabase, formatLoad, load, startApi, stop, timeToFirstResponse } from './lib';

const posts = Number(process.env.BENCH_POSTS ?? 1_000_000);
const creators = 1000;
const followed = 200;
const depth = Number(process.env.BENCH_DEPTH ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const port = 3992;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limelight-bench-timeline-'));

const server = benchDatabase();
const databaseUrl = server.url;

try {
  const seeding = performance.now();
  await server.create();
  const database = databaseUrl ? await openPostgres(databaseUrl) : await openEmbedded(dataDir);
  const { db } = database;
  await db.execute(sql`
    insert into users (role, name, username, email, password_hash)
    select 'performer', 'Creator ' || g, 'creator' || g, 'creator' || g || '@bench.test', '-' from generate_series(1, ${creators}) g`);
  await db.execute(sql`insert into performer_profiles (user_id, gender, verified_document) select id, 'female', true from users`);
  // Posts spread over the last year, every creator posting in turn.
  await db.execute(sql`
    insert into feeds (performer_id, type, text, published_at, created_at)
    select c.ids[1 + g % ${creators}], 'text', 'Post number ' || g, now() - make_interval(secs => g * 30), now() - make_interval(secs => g * 30)
    from generate_series(1, ${posts}) g, (select array_agg(id order by username) as ids from users) c`);
  await db.execute(sql`analyze`);
  await database.close();
  console.log(
    `seeded ${posts} posts of ${creators} creators into ${databaseUrl ? 'PostgreSQL' : 'PGlite'} in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  const app = await startApi({ port, dataDir, databaseUrl });
  const { base } = app;
  const fan = { name: 'Bench Fan', username: 'benchfan', email: 'fan@bench.test', password: 'bench-password-1' };
  await fetch(`${base}/api/auth/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fan),
  });
  const { token } = (await (
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: fan.username, password: fan.password }),
    })
  ).json()) as { token: string };
  for (let offset = 0; offset < followed; offset += 100) {
    const page = (await (await fetch(`${base}/api/performers/user/search?limit=100&offset=${offset}&sortBy=newest`)).json()) as {
      data: Array<{ _id: string }>;
    };
    for (const creator of page.data) {
      await fetch(`${base}/api/follows/${creator._id}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    }
  }
  // The cursor of the post `depth` places down the timeline.
  const probe = databaseUrl ? await openPostgres(databaseUrl) : undefined;
  const deepCursor = await (async () => {
    if (!probe) return undefined;
    const result = await probe.db.execute(sql`
      select f.published_at, f.id from feeds f join follows on follows.performer_id = f.performer_id
      join users u on u.id = follows.follower_id and u.username = 'benchfan'
      order by f.published_at desc, f.id desc offset ${depth} limit 1`);
    await probe.close();
    const row = result.rows[0] as { published_at: Date | string; id: string };
    return encodeCursor([new Date(row.published_at).toISOString(), row.id]);
  })();
  // PGlite belongs to the server process: walk there page by page with big pages instead.
  const cursor =
    deepCursor ??
    (await (async () => {
      let next: string | null = null;
      for (let walked = 0; walked < depth; walked += 100) {
        const query: string = next ? `&cursor=${next}` : '';
        const page = (await (
          await fetch(`${base}/api/user/feeds?limit=100${query}`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as {
          nextCursor: string | null;
        };
        next = page.nextCursor;
      }
      return next!;
    })());

  const headers = { authorization: `Bearer ${token}` };
  const options = { seconds, concurrency, headers };
  const scenarios: Array<[string, () => string]> = [
    ['timeline: first page', () => '/api/user/feeds'],
    [`timeline: ${depth} posts deep`, () => `/api/user/feeds?cursor=${cursor}`],
    ["a creator's page: first page", () => `/api/user/feeds/search/creator${1 + Math.floor(Math.random() * creators)}`],
  ];
  const results = [];
  for (const [name, next] of scenarios) {
    await load(base, next, { ...options, seconds: 1 }); // warm-up: JIT, caches, pool
    results.push([name, await load(base, next, options)] as const);
  }
  await stop(app.child);

  const bare = await timeToFirstResponse(
    'node',
    ['-e', `require('http').createServer((q, s) => s.end('{"ok":true}')).listen(${port})`],
    {},
    `${base}/`,
  );
  const baseline = await load(base, () => '/', { seconds, concurrency });
  await stop(bare.child);

  console.log(
    `${posts} posts, fan follows ${followed} of ${creators} creators, on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${concurrency} connections, ${seconds} s each`,
  );
  console.log(formatLoad('bare Node HTTP server', baseline));
  for (const [name, result] of results) console.log(formatLoad(name, result, baseline));
  const [first, deep] = [results[0]![1], results[1]![1]];
  console.log(`deep page p99 / first page p99: ${(deep.p99 / first.p99).toFixed(2)}`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await server.drop();
}
