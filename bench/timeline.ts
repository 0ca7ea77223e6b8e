// The fan's timeline (issue 4): a fan following 200 creators among 1000 who hold 1M posts in
// all; the first page and a page 100k posts deep (keyset), plus a creator's own page, as
// requests per second and p99, each beside its floor measured in this run (issue 16): the same
// request answered by a bare node:http server from the same SQL over pg (see `serveFloor`).
//   npm run bench -- timeline        BENCH_POSTS=1000000 BENCH_SECONDS=10 BENCH_CONCURRENCY=16
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { AVATAR_PLACEHOLDER } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openEmbedded, openPostgres } from '../apps/api/src/db/client';
import { creatorPage, timelinePage } from '../apps/api/src/modules/feeds/repo/timeline';
import { creatorForViewerStatements } from '../apps/api/src/modules/performers/repo/profiles';
import { encodeCursor } from '../apps/api/src/platform/http';
import { hashToken } from '../apps/api/src/platform/tokens';
import { benchDatabase, formatLoad, insertCreators, load, serveJson, startApi, startBareHello, startFloor, stop, vsFloor } from './lib';

/** The API's pool size (apps/api/src/db/client.ts): the floor gets as many connections. */
const API_POOL_SIZE = 10;
const floorConfig = process.env.BENCH_TIMELINE_FLOOR;
if (floorConfig) await serveFloor(JSON.parse(floorConfig) as { port: number; databaseUrl: string });
else await bench();

/**
 * The floor: the bench's requests done by hand in a bare node:http handler, on a pool of as
 * many connections as the API's, running the statements the API runs for them (their very text,
 * from the API's prepared statements): the session lookup, then the page (the creator and
 * the page for a creator's page), each prepared by name, and the same JSON written. It presents
 * what the bench's data holds (text posts of creators without images) and refuses anything else.
 */
async function serveFloor({ port, databaseUrl }: { port: number; databaseUrl: string }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: API_POOL_SIZE });
  type Statement = { statementName: string; text: string; values(params: Record<string, unknown>): unknown[] };
  const run = async <Row>(statement: Statement, params: Record<string, unknown>) =>
    (await pool.query({ name: statement.statementName, text: statement.text, values: statement.values(params) })).rows as Row[];
  const session: Statement = {
    statementName: 'floor_session_by_token_hash',
    text: `select s.id as session_id, s.method, s.expires_at, s.revoked_at, u.* from sessions s join users u on u.id = s.user_id
      where s.token_hash = $1 limit 1`,
    values: (params) => [params.tokenHash],
  };
  // biome-ignore lint/suspicious/noExplicitAny: the rows of the API's statements, read by hand as the floor does
  type Json = Record<string, any>;
  const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());
  const present = (viewer: Json, row: Json) => {
    const { feed, author } = row;
    if (row.files.length || row.thumbnail || row.teaser || row.poll || author.avatar_key)
      throw new Error('the floor presents text posts only');
    const privileged = viewer.role === 'admin' || viewer.id === feed.performer_id;
    const bought = row.is_bought as boolean;
    const canView = privileged || (!row.refusal && (feed.is_sale ? bought || feed.price_cents === 0 : row.is_subscribed));
    return {
      _id: feed.id,
      type: feed.type,
      text: feed.text,
      performer: {
        _id: author.id,
        name: author.name,
        username: author.username,
        avatar: AVATAR_PLACEHOLDER,
        isPerformer: author.role === 'performer',
      },
      files: [],
      thumbnail: null,
      teaser: null,
      poll: null,
      status: feed.status,
      isSale: feed.is_sale,
      price: feed.price_cents / 100,
      isPinned: feed.is_pinned,
      scheduleAt: iso(feed.schedule_at),
      publishedAt: iso(feed.published_at),
      likeCount: feed.like_count,
      commentCount: feed.comment_count,
      isLiked: row.is_liked,
      isBookmarked: row.is_bookmarked,
      isSubscribed: row.is_subscribed,
      isBought: bought,
      canView,
      subscribeFrom: row.subscribe_from_cents === null ? null : Number(row.subscribe_from_cents) / 100,
      createdAt: iso(feed.created_at),
      updatedAt: iso(feed.updated_at),
    };
  };
  const page = (viewer: Json, rows: Json[], limit: number, cursorOf: (feed: Json) => unknown[]) => ({
    data: rows.slice(0, limit).map((row) => present(viewer, row)),
    nextCursor: rows.length > limit ? Buffer.from(JSON.stringify(cursorOf(rows[limit - 1]!.feed))).toString('base64url') : null,
  });
  const cursorValues = (cursor: string | null) => (cursor ? (JSON.parse(Buffer.from(cursor, 'base64url').toString()) as string[]) : null);
  const viewerParams = (viewer: Json) => ({ viewerId: viewer.id, country: null, isAdmin: viewer.role === 'admin' });
  const limit = 10;

  const answer = async (request: http.IncomingMessage) => {
    const url = new URL(request.url!, 'http://floor');
    if (url.pathname === '/health') return [200, {}] as const;
    const token = request.headers.authorization?.slice('Bearer '.length) ?? '';
    const [viewer] = await run<Json>(session, { tokenHash: hashToken(token) });
    if (!viewer || viewer.revoked_at || new Date(viewer.expires_at) <= new Date() || viewer.status !== 'active') return [401, {}] as const;
    const cursor = cursorValues(url.searchParams.get('cursor'));
    if (url.pathname === '/api/user/feeds') {
      const [afterAt, afterId] = cursor ?? ['infinity', 'ffffffff-ffff-ffff-ffff-ffffffffffff'];
      const rows = await run<Json>(timelinePage, { ...viewerParams(viewer), type: null, afterAt, afterId, take: limit + 1 });
      return [200, page(viewer, rows, limit, (feed) => [feed.published_at, feed.id])] as const;
    }
    const username = url.pathname.match(/^\/api\/user\/feeds\/search\/([^/]+)$/)?.[1];
    if (!username) return [404, {}] as const;
    const [creator] = await run<Json>(creatorForViewerStatements.username, { ...viewerParams(viewer), key: username.toLowerCase() });
    if (creator?.creator.status !== 'active' || !creator.profile.verified_document) return [404, {}] as const;
    if (creator.refusal) return [403, {}] as const;
    const [afterPinned, afterAt, afterId] = cursor ?? ['true', 'infinity', 'ffffffff-ffff-ffff-ffff-ffffffffffff'];
    const rows = await run<Json>(creatorPage(limit + 1), {
      ...viewerParams(viewer),
      performerId: creator.creator.id,
      type: null,
      afterPinned: afterPinned === 'true',
      afterAt,
      afterId,
    });
    return [200, page(viewer, rows, limit, (feed) => [String(feed.is_pinned), feed.published_at, feed.id])] as const;
  };
  serveJson(port, answer);
}

async function bench() {
  const posts = Number(process.env.BENCH_POSTS ?? 1_000_000);
  const creators = 1000;
  const followed = 200;
  const depth = Number(process.env.BENCH_DEPTH ?? 100_000);
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
  const port = 4402;
  const floorPort = 4403;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limelight-bench-timeline-'));

  const server = benchDatabase();
  const databaseUrl = server.url;

  try {
    const seeding = performance.now();
    await server.create();
    const database = databaseUrl ? await openPostgres(databaseUrl) : await openEmbedded(dataDir);
    const { db } = database;
    await insertCreators(db, creators);
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
    const fan = {
      name: 'Bench Fan',
      username: 'benchfan',
      email: 'fan@bench.test',
      password: 'bench-password-1',
      ageConfirmed: true,
      termsAccepted: true,
    };
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
    // Followed by their pages (creator1, creator2…): the bench's creators have no avatar, so discovery's shelves (decision 051) list none.
    for (let index = 1; index <= followed; index += 1) {
      const creator = (await (await fetch(`${base}/api/performers/creator${index}`)).json()) as { _id: string };
      await fetch(`${base}/api/follows/${creator._id}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
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
    const floor = databaseUrl ? await startFloor('bench/timeline.ts', 'BENCH_TIMELINE_FLOOR', { port: floorPort, databaseUrl }) : undefined;
    const floorBase = `http://127.0.0.1:${floorPort}`;
    const scenarios: Array<[string, () => string]> = [
      ['timeline: first page', () => '/api/user/feeds'],
      [`timeline: ${depth} posts deep`, () => `/api/user/feeds?cursor=${cursor}`],
      ["a creator's page: first page", () => `/api/user/feeds/search/creator${1 + Math.floor(Math.random() * creators)}`],
    ];
    const body = async (at: string, path: string) => (await fetch(`${at}${path}`, { headers })).json();
    const results = [];
    for (const [name, next] of scenarios) {
      // The floor must answer what the API answers, or its figure would mean nothing.
      const probe = next();
      const same = floor ? isDeepStrictEqual(await body(base, probe), await body(floorBase, probe)) : undefined;
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
      `${posts} posts, fan follows ${followed} of ${creators} creators, on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${concurrency} connections, ${seconds} s each`,
    );
    console.log(formatLoad('bare Node HTTP server (hello)', baseline));
    for (const { name, api, byHand, same } of results) {
      if (byHand) {
        console.log(formatLoad(`${name}, floor`, byHand));
        console.log(`${formatLoad(`${name}, API`, api)}  ${vsFloor(api, byHand)}${same ? '' : '  (the floor answered differently!)'}`);
      } else console.log(formatLoad(name, api, baseline));
    }
    const [first, deep] = [results[0]!.api, results[1]!.api];
    console.log(`deep page p99 / first page p99: ${(deep.p99 / first.p99).toFixed(2)}`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await server.drop();
  }
}
