// Creator search and profile reads over 100k creators (issue 3) as requests per second and p99
// latency, each beside a bare Node HTTP server measured in this run. On the embedded database,
// or on a fresh database of the PostgreSQL server that DATABASE_URL names.
//   npm run bench -- discovery        BENCH_CREATORS=100000 BENCH_SECONDS=10 BENCH_CONCURRENCY=16
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openEmbedded, openPostgres } from '../apps/api/src/db/client';
import { benchDatabase, formatLoad, load, startApi, stop, timeToFirstResponse } from './lib';

const creators = Number(process.env.BENCH_CREATORS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const port = 3991;
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
    insert into users (role, name, username, email, password_hash, created_at)
    select 'performer', 'Creator ' || g || ' ' || (array['Luna','Nova','Sky','River','Ember','Aria'])[1 + g % 6],
           'creator' || g, 'creator' || g || '@bench.test', '-', now() - make_interval(secs => g)
    from generate_series(1, ${creators}) g`);
  await database.db.execute(sql`
    insert into performer_profiles (user_id, gender, country, date_of_birth, bio, hair, verified_document, followers_count, is_online)
    select u.id, (array['male','female','transgender'])[1 + n % 3], (array['US','GB','FR','DE','BR','JP','ES','IT','CA','AU'])[1 + n % 10],
           date '1970-01-01' + (n % 12000)::int, 'Daily posts, live shows and behind the scenes.',
           (array['red','blond','black','brown','ginger'])[1 + n % 5], true, (n * 7919) % 5000, n % 50 = 0
    from (select id, row_number() over () as n from users where role = 'performer') u`);
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
  const results = [];
  for (const [name, next] of scenarios) results.push([name, await load(base, next, options)] as const);
  await stop(app.child);

  const bare = await timeToFirstResponse(
    'node',
    ['-e', `require('http').createServer((q, s) => s.end('{"ok":true}')).listen(${port})`],
    {},
    `${base}/`,
  );
  const baseline = await load(base, () => '/', options);
  await stop(bare.child);

  console.log(`${creators} creators on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${concurrency} connections, ${seconds} s per scenario`);
  console.log(formatLoad('bare Node HTTP server', baseline));
  for (const [name, result] of results) console.log(formatLoad(name, result, baseline));
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await server.drop();
}
