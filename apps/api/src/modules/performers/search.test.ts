import type { AddressInfo } from 'node:net';
import { socketClientOptions } from '@limelight/contracts';
import { eq, sql } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { creatorOnShelves, refusedFields, registerPerformer, signedIn, verifiedPerformer } from '../../../test/factories';
import { performerProfiles, users } from '../../db/schema';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const search = async (query: string, headers: Record<string, string> = {}) => {
  const response = await app.inject({ method: 'GET', url: `/api/performers/user/search?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: Array<{ _id: string; name: string; isFollowed: boolean }>; total: number };
};

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

  it('refuses unknown option values and sorts, naming the field', async () => {
    const response = await app.inject('/api/performers/user/search?hair=purple&sortBy=cheapest&country=France');
    expect(response.statusCode).toBe(400);
    expect(refusedFields(response)).toEqual(['country.0', 'hair.0', 'sortBy']);
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

  it('reads the shelves through the creator indexes (EXPLAIN)', async () => {
    // The statement the top shelf runs, planned with scans made dearer than any index (this test
    // database is too small for the planner to prefer an index on its own).
    const plan = await app.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const { rows } = (await tx.execute(sql`explain select pp.user_id from performer_profiles pp join users on users.id = pp.user_id
        where pp.listed and users.avatar_key is not null and pp.monthly_price_cents is not null
          and exists (select 1 from feeds where feeds.performer_id = pp.user_id and feeds.status = 'active' and feeds.published_at <= now())
        order by pp.followers_count desc limit 24`)) as unknown as { rows: Array<Record<string, string>> };
      return rows.map((row) => Object.values(row)[0]).join('\n');
    });
    // Every table through an index: the creators by theirs, a first post by the per-creator range
    // of the feeds' indexes, never a scan of all posts.
    expect(plan).toMatch(/feeds_performer_(pinned_)?published_asc_idx/);
    expect(plan).not.toMatch(/Seq Scan/);
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
