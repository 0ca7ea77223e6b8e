import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { socketClientOptions } from '@limelight/contracts';
import { eq, sql } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { creatorOnShelves, refusedFields, registerPerformer, signedIn, verifiedPerformer } from '../../../test/factories';
import { performerProfiles, users } from '../../db/schema';
import { mostFollowedOnShelves, shelfPageIds } from './repo/search';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const search = async (query: string, headers: Record<string, string> = {}, remoteAddress?: string) => {
  const response = await app.inject({ method: 'GET', url: `/api/performers/user/search?${query}`, headers, remoteAddress });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: Array<{ _id: string; name: string; isFollowed: boolean }>; total: number; totalCapped: boolean };
};
const GB = '81.2.69.142';
const US = '8.8.8.8';

/** A verified creator discovery lists (decision 051), with a distinctive name and the given profile fields. */
async function creator(name: string, profile: Partial<typeof performerProfiles.$inferInsert> = {}) {
  const performer = await creatorOnShelves(app);
  await app.deps.db.update(users).set({ name }).where(eq(users.id, performer.user.id));
  if (Object.keys(profile).length)
    await app.deps.db.update(performerProfiles).set(profile).where(eq(performerProfiles.userId, performer.user.id));
  return performer;
}

describe('GET /performers/user/search', () => {
  it('finds listed creators by keyword prefix in name, username or bio, never unverified ones', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const match = await creator(`Marigold ${tag}`, { bio: 'Sunset yoga' });
    await creator(`Other ${tag}`);
    const hidden = await registerPerformer(app, { name: `Marigold ${tag}` });
    const found = await search(`q=marigo%20${tag.slice(0, 5)}`);
    expect(found.data.map((row) => row._id)).toEqual([match.user.id]);
    expect(found.total).toBe(1);
    expect((await search(`q=sunset%20${tag}`)).total).toBe(1);
    expect((await search(`q=${tag}`)).data.map((row) => row._id)).not.toContain(hidden._id);
  });

  it('keeps keyword search current when a creator renames', async () => {
    const tag = `rn${Date.now().toString(36)}`;
    const renamed = await creator(`Before ${tag}`);
    await app.inject({ method: 'PUT', url: '/api/performers/me', headers: renamed.headers, payload: { name: `Afterwards ${tag}` } });
    expect((await search(`q=afterwards%20${tag}`)).total).toBe(1);
    expect((await search(`q=before%20${tag}`)).total).toBe(0);
  });

  it('filters by repeated attribute values, country, age band, free trial and online', async () => {
    const tag = `ft${Date.now().toString(36)}`;
    const a = await creator(`A ${tag}`, {
      hair: 'red',
      country: 'FR',
      gender: 'female',
      dateOfBirth: '2005-01-01',
      isFreeSubscription: true,
      isOnline: true,
    });
    const b = await creator(`B ${tag}`, { hair: 'blond', country: 'DE', gender: 'male', dateOfBirth: '1970-01-01' });
    await creator(`C ${tag}`, { hair: 'black', country: 'FR', gender: 'female', dateOfBirth: '1990-06-15' });
    const ids = async (query: string) => (await search(`q=${tag}&${query}`)).data.map((row) => row._id).sort();
    expect(await ids('hair=red&hair=blond')).toEqual([a.user.id, b.user.id].sort());
    expect(await ids('country=DE')).toEqual([b.user.id]);
    expect(await ids('age=over_50')).toEqual([b.user.id]);
    expect(await ids('age=18_19&age=20_22&gender=female')).toEqual([a.user.id]);
    expect(await ids('isFreeSubscription=true')).toEqual([a.user.id]);
    expect(await ids('isOnline=true')).toEqual([a.user.id]);
  });

  it('sorts by popularity (followers), newest and online', async () => {
    const tag = `so${Date.now().toString(36)}`;
    const older = await creator(`Older ${tag}`);
    const newer = await creator(`Newer ${tag}`);
    const fan = await signedIn(app, 'user');
    await app.inject({ method: 'POST', url: `/api/follows/${older.user.id}`, headers: fan.headers });
    const order = async (sortBy: string) => (await search(`q=${tag}&sortBy=${sortBy}`, fan.headers)).data.map((row) => row._id);
    expect(await order('popular')).toEqual([older.user.id, newer.user.id]);
    expect(await order('newest')).toEqual([newer.user.id, older.user.id]);
    expect((await search(`q=${tag}`, fan.headers)).data[0]).toMatchObject({ _id: older.user.id, isFollowed: true });
  });

  it('ranks the exact handle first, then a match in the name or handle, then one in the bio, each in the order asked for', async () => {
    const tag = `rk${Date.now().toString(36)}`;
    const inBio = await creator('Bio Person', { bio: `Morning ${tag} sessions`, followersCount: 900 });
    const inName = await creator(`${tag} Star`, { followersCount: 500 });
    const inHandle = await creator('Handle Person', { followersCount: 300 });
    const exact = await creator('Exact Person', { followersCount: 1 });
    await app.deps.db
      .update(users)
      .set({ username: `${tag}_fan` })
      .where(eq(users.id, inHandle.user.id));
    await app.deps.db.update(users).set({ username: tag }).where(eq(users.id, exact.user.id));
    const ids = async (query: string) => (await search(query)).data.map((row) => row._id);
    const ranked = [exact, inName, inHandle, inBio].map((one) => one.user.id);
    expect(await ids(`q=${tag}`)).toEqual(ranked);
    expect(await ids(`q=${encodeURIComponent(`@${tag.toUpperCase()}`)}`)).toEqual(ranked);
    // Within a tier, the order asked for: the handle's creator joined after the name's.
    expect(await ids(`q=${tag}&sortBy=newest`)).toEqual([exact, inHandle, inName, inBio].map((one) => one.user.id));
    // A handle's parts are words too, and offset pages read the same ranking one card at a time.
    expect(await ids(`q=${tag}%20fan`)).toEqual([inHandle.user.id]);
    const pages = [];
    for (let offset = 0; offset < 5; offset += 1) pages.push(...(await ids(`q=${tag}&limit=1&offset=${offset}`)));
    expect(pages).toEqual(ranked);
    expect(await search(`q=${tag}`)).toMatchObject({ total: 4, totalCapped: false });
  });

  it('refuses unknown option values and sorts, naming the field', async () => {
    const response = await app.inject('/api/performers/user/search?hair=purple&sortBy=cheapest&country=France');
    expect(response.statusCode).toBe(400);
    expect(refusedFields(response)).toEqual(['country.0', 'hair.0', 'sortBy']);
  });
});

describe('keyset pages (after)', () => {
  it('pages each ordering by after as by offset, leaving out creators who block the fan or their country', async () => {
    const made = [];
    for (let i = 0; i < 7; i += 1) {
      const online = i % 2 === 0;
      made.push(
        await creator(`Keyset ${i}`, {
          country: 'IS',
          followersCount: i % 3,
          isOnline: online,
          onlineAt: online ? new Date(Date.now() - (i % 3) * 60_000) : null,
        }),
      );
    }
    const fan = await signedIn(app, 'user');
    const [blocker, countryBlocker] = [made[1]!, made[4]!];
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/block/users',
      headers: blocker.headers,
      payload: { targetId: fan.user.id },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const countries = await app.inject({
      method: 'POST',
      url: '/api/block/countries',
      headers: countryBlocker.headers,
      payload: { countryCodes: ['GB'] },
    });
    expect(countries.statusCode, countries.body).toBe(200);

    for (const [who, headers, address, hidden] of [
      ['the fan in Britain', fan.headers, GB, [blocker, countryBlocker]],
      ['the fan elsewhere', fan.headers, US, [blocker]],
      ['a visitor in Britain', {}, GB, [countryBlocker]],
    ] as const) {
      for (const sortBy of ['popular', 'newest', 'online']) {
        const list = `country=IS&sortBy=${sortBy}`;
        const whole = (await search(`${list}&limit=60`, headers, address)).data.map((row) => row._id);
        expect(whole.length, `${who}, ${sortBy}`).toBe(made.length - hidden.length);
        for (const one of hidden) expect(whole).not.toContain(one.user.id);
        const paged: string[] = [];
        let page = await search(`${list}&limit=2`, headers, address);
        while (page.data.length) {
          paged.push(...page.data.map((row) => row._id));
          expect(page.total).toBe(whole.length);
          page = await search(`${list}&limit=2&after=${paged.at(-1)}`, headers, address);
        }
        expect(paged, `${who}, ${sortBy}`).toEqual(whole);
      }
    }
  });

  it('refuses an after that names nobody, is not an id, or comes with a keyword or an offset, naming the field', async () => {
    const refused = async (query: string) => {
      const response = await app.inject(`/api/performers/user/search?${query}`);
      expect(response.statusCode, response.body).toBe(400);
      return refusedFields(response);
    };
    const someone = crypto.randomUUID();
    expect(await refused(`after=${someone}`)).toEqual(['after']);
    expect(await refused('after=creator42')).toEqual(['after']);
    expect(await refused(`after=${someone}&q=luna`)).toEqual(['after']);
    expect(await refused(`after=${someone}&offset=12`)).toEqual(['offset']);
  });
});

describe('top, random and presence', () => {
  it('lists the most followed creators and a random handful, all listed', async () => {
    const top = (await app.inject('/api/performers/top?limit=3')).json();
    expect(top.length).toBeLessThanOrEqual(3);
    const random = (await app.inject('/api/performers/search/random?limit=5')).json() as Array<{ verifiedDocument: boolean }>;
    expect(random.length).toBeGreaterThan(0);
    expect(random.every((performer) => performer.verifiedDocument)).toBe(true);
    expect((await app.inject('/api/performers/top?limit=500')).statusCode).toBe(400);
  });

  it('lists a verified creator only once their page has an avatar, a price and a first post, and counts what each has on its card (decision 051)', async () => {
    const name = `Fresh ${Date.now().toString(36)}`;
    const fresh = await verifiedPerformer(app);
    await app.deps.db.update(users).set({ name }).where(eq(users.id, fresh.user.id));
    const ids = (cards: Array<{ _id: string }>) => cards.map((card) => card._id);
    const listed = async () => ({
      top: ids((await app.inject('/api/performers/top?limit=50')).json()).includes(fresh.user.id),
      search: ids((await search(`q=${encodeURIComponent(name)}`)).data).includes(fresh.user.id),
      newest: ids((await search('sortBy=newest&limit=100')).data).includes(fresh.user.id),
    });
    const nowhere = { top: false, search: false, newest: false };
    const missing = async () => (await app.inject({ url: '/api/performers/me', headers: fresh.headers })).json().discoveryMissing;

    expect(await listed()).toEqual(nowhere);
    expect(await missing()).toEqual(['avatar', 'price', 'post']);
    await app.deps.db
      .update(users)
      .set({ avatarKey: `avatars/${fresh.user.id}.webp` })
      .where(eq(users.id, fresh.user.id));
    const priced = await app.inject({ method: 'PUT', url: '/api/performers/me', headers: fresh.headers, payload: { monthlyPrice: 9.99 } });
    expect(priced.statusCode, priced.body).toBe(200);
    // Verified, with an avatar and a price, but no post yet: still off the shelves.
    expect(await missing()).toEqual(['post']);
    expect(await listed()).toEqual(nowhere);
    // Their own page and a direct link work all along.
    expect((await app.inject(`/api/performers/${fresh.user.id}`)).statusCode).toBe(200);
    expect((await app.inject(`/api/performers/${fresh.user.username}`)).statusCode).toBe(200);
    // A post scheduled for tomorrow is not a first post yet.
    const scheduled = await app.inject({
      method: 'POST',
      url: '/api/performer/feeds',
      headers: fresh.headers,
      payload: { type: 'text', text: 'Tomorrow', scheduleAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(await listed()).toEqual(nowhere);

    for (const text of ['Hello', 'Second post']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/performer/feeds',
        headers: fresh.headers,
        payload: { type: 'text', text },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await missing()).toEqual([]);
    expect(await listed()).toEqual({ top: true, search: true, newest: true });
    const counts = { posts: 2, photos: 0, videos: 0, likes: 0 };
    const inTop = ((await app.inject('/api/performers/top?limit=50')).json() as Array<{ _id: string; content: unknown }>).find(
      (card) => card._id === fresh.user.id,
    );
    expect(inTop?.content).toEqual(counts);
    // The same counts on the search results' cards, and in the creator's page header: one definition.
    const found = await search(`q=${encodeURIComponent(name)}`);
    expect(found.data).toEqual([expect.objectContaining({ _id: fresh.user.id, content: counts })]);
    expect((await app.inject(`/api/performers/${fresh.user.id}`)).json().counts).toEqual(counts);

    // Without the avatar again, off the shelves again.
    await app.deps.db.update(users).set({ avatarKey: null }).where(eq(users.id, fresh.user.id));
    expect(await listed()).toEqual(nowhere);
  });

  it('reads the shelves through the creator indexes, from performer_profiles alone (EXPLAIN)', async () => {
    // The statements the top shelf and a filtered page run, planned with scans, bitmaps and sorts
    // made dearer than an index read in order (this test database is too small for the planner to
    // prefer one on its own): an index that serves the list's order and predicate is then chosen.
    const plan = (query: { sql: string; params: unknown[] }) =>
      app.deps.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        await tx.execute(sql`set local enable_sort = off`);
        const inlined = query.sql.replace(/\$(\d+)/g, (_, n: string) => {
          const value = query.params[Number(n) - 1];
          return typeof value === 'number' ? String(value) : `'${String(value)}'`;
        });
        const { rows } = (await tx.execute(sql.raw(`explain ${inlined}`))) as unknown as { rows: Array<Record<string, string>> };
        return rows.map((row) => Object.values(row)[0]).join('\n');
      });
    const top = await plan(mostFollowedOnShelves(app.deps.db, 24).toSQL());
    expect(top).toMatch(/Index Scan Backward using performer_profiles_shelf_popular_idx/);
    expect(top).not.toMatch(/Seq Scan|Sort Key/);
    // Who is on the shelves is read from the profile: posts are read only for the cards' counts.
    expect(top.split('SubPlan')[0]).not.toMatch(/feeds/);
    const countryPage = await plan(shelfPageIds(app.deps.db, { country: ['FR'], sortBy: 'newest', offset: 24, limit: 12 }).toSQL());
    expect(countryPage).toMatch(/performer_profiles_shelf_country_newest_idx/);
  });

  it('marks a creator online while a socket is connected', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const performer = await creator(`Live ${Date.now().toString(36)}`);
    const socket = connect(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, {
      ...socketClientOptions,
      reconnection: false,
      query: { token: performer.token },
      forceNew: true,
    });
    const profile = () => app.inject(`/api/performers/${performer.user.id}`).then((response) => response.json());
    await expect.poll(async () => (await profile()).isOnline, { timeout: 5000 }).toBe(true);
    socket.disconnect();
    await expect.poll(async () => (await profile()).isOnline, { timeout: 5000 }).toBe(false);
    expect((await profile()).onlineAt).not.toBeNull();
  });
});

describe('the count of a list', () => {
  it('counts on the first page; a later page answers the count its first page found, and counts itself when none was kept', async () => {
    const tag = `kc${Date.now().toString(36)}`;
    for (let i = 0; i < 3; i += 1) await creator(`Kept ${tag} ${i}`);
    expect(await search(`q=${tag}&limit=2`)).toMatchObject({ total: 3, totalCapped: false });
    await creator(`Kept ${tag} 3`);
    // The next page reads the list as it is now, and says the count of its first page (kept a minute).
    const next = await search(`q=${tag}&limit=2&offset=2&sortBy=newest`);
    expect(next.data).toHaveLength(2);
    expect(next.total).toBe(3);
    // The first page counts again; a list whose first page was not read counts on any page, even an empty one.
    expect((await search(`q=${tag}&limit=2`)).total).toBe(4);
    expect(await search(`q=${tag}&isOnline=false&limit=2&offset=2`)).toMatchObject({
      data: [expect.anything(), expect.anything()],
      total: 4,
    });
    expect(await search(`q=${tag}&isFreeSubscription=false&offset=10`)).toMatchObject({ data: [], total: 4 });
  });

  it('counts up to 1,000 and says more match, ranking the exact handle first among them', async () => {
    await app.deps.db.execute(sql`
      insert into users (role, name, username, email, password_hash, avatar_key)
      select 'performer', 'Capword ' || g, 'capword' || g, 'capword' || g || '@bench.test', '-', 'public/avatars/capword.jpg'
      from generate_series(1, 1001) g`);
    await app.deps.db.execute(sql`
      insert into performer_profiles (user_id, verified_document, monthly_price_cents, country)
      select id, true, 500, 'NZ' from users where username like 'capword%'`);
    await app.deps.db.execute(
      sql`insert into feeds (performer_id, type, text) select id, 'text', 'Hello' from users where username like 'capword%'`,
    );
    const many = await search('q=capword');
    expect(many).toMatchObject({ total: 1000, totalCapped: true });
    expect(many.data).toHaveLength(12);
    expect(await search('country=NZ&sortBy=newest&offset=990')).toMatchObject({ total: 1000, totalCapped: true });
    const few = await search('q=capword100');
    expect(few).toMatchObject({ total: 3, totalCapped: false });
    expect(few.data[0]?.name).toBe('Capword 100');
  });
});
