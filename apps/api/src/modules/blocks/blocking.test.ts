import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { fundWallet, refusedFields, signedIn, subscribe, verifiedPerformer } from '../../../test/factories';
import { feedFiles, feeds, files, galleries, performerProfiles, photos, stories, subscriptions, users, videos } from '../../db/schema';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Account = Awaited<ReturnType<typeof signedIn>>;
const GB = '81.2.69.142';
const US = '8.8.8.8';

/** A creator with one of everything fans can reach, free to see so only a block can refuse it. */
async function creatorWithContent() {
  const creator = await verifiedPerformer(app);
  const performerId = creator.user.id;
  const db = app.deps.db;
  const [file] = await db
    .insert(files)
    .values({ ownerId: performerId, type: 'feed-photo', storageKey: 'protected/test.webp', mimeType: 'image/webp', size: 1 })
    .returning();
  const [feed] = await db
    .insert(feeds)
    .values({ performerId, type: 'photo', text: 'hello', publishedAt: new Date(Date.now() - 60_000) })
    .returning();
  await db.insert(feedFiles).values({ feedId: feed!.id, fileId: file!.id, position: 0 });
  // With an avatar and a price besides the post, discovery lists them (decision 051).
  await db
    .update(users)
    .set({ avatarKey: `avatars/${performerId}.webp` })
    .where(eq(users.id, performerId));
  await db.update(performerProfiles).set({ monthlyPriceCents: 999 }).where(eq(performerProfiles.userId, performerId));
  const [saleFeed] = await db
    .insert(feeds)
    .values({ performerId, type: 'text', text: 'for sale', isSale: true, priceCents: 1000, publishedAt: new Date(Date.now() - 60_000) })
    .returning();
  const [video] = await db.insert(videos).values({ performerId, title: 'clip', isSale: true, priceCents: 1000 }).returning();
  const [gallery] = await db.insert(galleries).values({ performerId, title: 'set', isSale: true, priceCents: 1000 }).returning();
  const [photoFile] = await db
    .insert(files)
    .values({ ownerId: performerId, type: 'photo', storageKey: 'protected/photo.webp', mimeType: 'image/webp', size: 1 })
    .returning();
  await db.insert(photos).values({ performerId, galleryId: gallery!.id, fileId: photoFile!.id });
  await db.insert(stories).values({ performerId, type: 'text', text: 'story', expiresAt: new Date(Date.now() + 3_600_000) });
  return { creator, feed: feed!, saleFeed: saleFeed!, video: video!, gallery: gallery!, fileId: file!.id };
}
type Content = Awaited<ReturnType<typeof creatorWithContent>>;

/** Every route that shows or pays a creator, each as one request. */
const routes: Array<{ name: string; request: (c: Content) => { method?: 'GET' | 'POST'; url: string; payload?: unknown } }> = [
  { name: 'profile', request: (c) => ({ url: `/api/performers/${c.creator.user.username}` }) },
  { name: 'feeds list', request: (c) => ({ url: `/api/user/feeds/search/${c.creator.user.username}` }) },
  { name: 'one feed', request: (c) => ({ url: `/api/user/feeds/${c.feed.id}` }) },
  { name: 'feed media link', request: (c) => ({ url: `/api/user/feeds/${c.feed.id}/file/${c.fileId}/status` }) },
  { name: 'videos list', request: (c) => ({ url: `/api/performer-assets/videos/search?performerId=${c.creator.user.id}` }) },
  { name: 'one video', request: (c) => ({ url: `/api/performer-assets/videos/${c.video.id}` }) },
  { name: 'galleries list', request: (c) => ({ url: `/api/performer-assets/galleries/search?performerId=${c.creator.user.id}` }) },
  { name: 'one gallery', request: (c) => ({ url: `/api/performer-assets/galleries/${c.gallery.id}` }) },
  { name: 'gallery photos', request: (c) => ({ url: `/api/performer-assets/photos?galleryId=${c.gallery.id}` }) },
  { name: 'creator photos', request: (c) => ({ url: `/api/performer-assets/photos/${c.creator.user.id}` }) },
  { name: 'comments list', request: (c) => ({ url: `/api/comments?objectType=feed&objectId=${c.feed.id}` }) },
];
/** Routes that need an account; a visitor without one gets 401 before any block is looked at. */
const signedInRoutes: typeof routes = [
  { name: 'stories', request: (c) => ({ url: `/api/stories/users/${c.creator.user.id}` }) },
  {
    name: 'comment create',
    request: (c) => ({ method: 'POST', url: '/api/comments', payload: { objectType: 'feed', objectId: c.feed.id, content: 'hi' } }),
  },
  { name: 'follow', request: (c) => ({ method: 'POST', url: `/api/follows/${c.creator.user.id}` }) },
  {
    name: 'bookmark',
    request: (c) => ({
      method: 'POST',
      url: '/api/reactions',
      payload: { objectType: 'performer', objectId: c.creator.user.id, action: 'bookmark' },
    }),
  },
  {
    name: 'subscribe',
    request: (c) => ({
      method: 'POST',
      url: '/api/payment/subscribe/performers',
      payload: { performerId: c.creator.user.id, type: 'monthly' },
    }),
  },
  { name: 'tip', request: (c) => ({ method: 'POST', url: `/api/wallet/charges/tip/${c.creator.user.id}`, payload: { price: 20 } }) },
  { name: 'buy a post', request: (c) => ({ method: 'POST', url: `/api/wallet/charges/feed/${c.saleFeed.id}`, payload: {} }) },
  { name: 'buy a video', request: (c) => ({ method: 'POST', url: `/api/wallet/charges/video/${c.video.id}`, payload: {} }) },
  { name: 'buy a gallery', request: (c) => ({ method: 'POST', url: `/api/wallet/charges/gallery/${c.gallery.id}`, payload: {} }) },
];

const send = (c: Content, route: (typeof routes)[number], viewer: Account | undefined, remoteAddress: string) => {
  const { method = 'GET', url, payload } = route.request(c);
  const headers: Record<string, string> = {
    ...(viewer?.headers ?? {}),
    ...(method === 'POST' ? { 'idempotency-key': crypto.randomUUID() } : {}),
  };
  return app.inject({ method, url, payload: payload as object, headers, remoteAddress });
};

const blockUser = (by: Account, targetId: string, reason?: string) =>
  app.inject({ method: 'POST', url: '/api/block/users', headers: by.headers, payload: { targetId, reason } });
const blockCountries = (by: Account, countryCodes: unknown) =>
  app.inject({ method: 'POST', url: '/api/block/countries', headers: by.headers, payload: { countryCodes } });

describe('a creator blocking a fan', () => {
  let content: Content;
  let fan: Account;
  let bystander: Account;
  beforeAll(async () => {
    content = await creatorWithContent();
    [fan, bystander] = await Promise.all([signedIn(app, 'user'), signedIn(app, 'user')]);
    await Promise.all([fundWallet(app, fan.user.id, 100), fundWallet(app, bystander.user.id, 100)]);
    expect((await blockUser(content.creator, fan.user.id, 'rude')).statusCode).toBe(200);
  });

  it.each([...routes, ...signedInRoutes])('refuses the blocked fan on $name with a clear 403', async (route) => {
    const response = await send(content, route, fan, GB);
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({ code: 'BLOCKED', message: 'This creator has blocked you' });
  });

  it.each(routes)('still serves $name to another fan', async (route) => {
    expect((await send(content, route, bystander, GB)).statusCode).toBeLessThan(400);
  });

  it('hides the creator from the blocked fan in search and listings, and not from others', async () => {
    const found = async (viewer: Account, url: string) => {
      const body = (await app.inject({ url, headers: viewer.headers, remoteAddress: GB })).json();
      const list: Array<{ _id?: string; performer?: { _id: string }; performerId?: string }> = body.data ?? body;
      return list.some(
        (item) => (item._id ?? item.performer?._id) === content.creator.user.id || item.performer?._id === content.creator.user.id,
      );
    };
    const q = encodeURIComponent(content.creator.user.name);
    for (const url of [
      `/api/performers/user/search?q=${q}`,
      '/api/performers/top?limit=50',
      '/api/performer-assets/videos/search?limit=100',
    ]) {
      expect(await found(fan, url), url).toBe(false);
    }
    expect(await found(bystander, `/api/performers/user/search?q=${q}`)).toBe(true);
  });

  it('drops the creator from the blocked fan’s timeline and story bar', async () => {
    const other = await creatorWithContent();
    const viewer = await signedIn(app, 'user');
    await subscribe(app, viewer.user.id, other.creator.user.id);
    const timeline = async () => (await app.inject({ url: '/api/user/feeds', headers: viewer.headers })).json().data.length;
    const bar = async () => (await app.inject({ url: '/api/stories/users', headers: viewer.headers })).json().length;
    expect([await timeline(), await bar()]).toEqual([2, 1]);
    await blockUser(other.creator, viewer.user.id);
    expect([await timeline(), await bar()]).toEqual([0, 0]);
  });

  it('stops a subscription giving access and renewing, without a refund; unblocking gives the paid period back', async () => {
    const other = await creatorWithContent();
    const viewer = await signedIn(app, 'user');
    await subscribe(app, viewer.user.id, other.creator.user.id);
    await app.deps.db
      .update(subscriptions)
      .set({ nextRenewalAt: new Date(Date.now() + 86_400_000) })
      .where(eq(subscriptions.userId, viewer.user.id));
    await blockUser(other.creator, viewer.user.id);
    const [row] = await app.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, viewer.user.id));
    expect(row).toMatchObject({ status: 'cancelled', nextRenewalAt: null });
    expect((await app.inject({ url: `/api/user/feeds/${other.feed.id}`, headers: viewer.headers })).statusCode).toBe(403);
    const unblocked = await app.inject({ method: 'DELETE', url: `/api/block/users/${viewer.user.id}`, headers: other.creator.headers });
    expect(unblocked.statusCode).toBe(204);
    const feed = (await app.inject({ url: `/api/user/feeds/${other.feed.id}`, headers: viewer.headers })).json();
    expect(feed).toMatchObject({ canView: true, isSubscribed: true });
  });

  it('never blocks an admin, and the creator still sees their own page', async () => {
    const admin = await signedIn(app, 'admin');
    expect((await blockUser(content.creator, admin.user.id)).json().details).toEqual([
      { field: 'targetId', message: 'an admin cannot be blocked' },
    ]);
    for (const viewer of [admin, content.creator]) {
      expect((await app.inject({ url: `/api/performers/${content.creator.user.id}`, headers: viewer.headers })).statusCode).toBe(200);
    }
  });
});

describe('a creator blocking countries', () => {
  let content: Content;
  let fan: Account;
  beforeAll(async () => {
    content = await creatorWithContent();
    fan = await signedIn(app, 'user');
    await fundWallet(app, fan.user.id, 100);
    const saved = await blockCountries(content.creator, ['GB', 'FR', 'GB']);
    expect(saved.json()).toEqual({ countryCodes: ['FR', 'GB'] });
  });

  it.each(routes)('refuses a visitor without an account from a blocked country on $name', async (route) => {
    const response = await send(content, route, undefined, GB);
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({ code: 'BLOCKED', message: "This creator's page is not available in your country" });
  });

  it.each([...routes, ...signedInRoutes])('refuses a signed-in fan from a blocked country on $name', async (route) => {
    expect((await send(content, route, fan, GB)).statusCode).toBe(403);
  });

  it.each(routes)('serves $name to a visitor from elsewhere', async (route) => {
    expect((await send(content, route, undefined, US)).statusCode).toBeLessThan(400);
  });

  it('drops the creator from search for visitors from a blocked country', async () => {
    const url = `/api/performers/user/search?q=${encodeURIComponent(content.creator.user.name)}`;
    expect((await app.inject({ url, remoteAddress: GB })).json().total).toBe(0);
    expect((await app.inject({ url, remoteAddress: US })).json().total).toBe(1);
  });

  it('shows the creator their list, and replaces it whole', async () => {
    expect((await app.inject({ url: '/api/block/countries', headers: content.creator.headers })).json()).toEqual({
      countryCodes: ['FR', 'GB'],
    });
    expect((await blockCountries(content.creator, [])).json()).toEqual({ countryCodes: [] });
    expect((await app.inject({ url: `/api/performers/${content.creator.user.id}`, remoteAddress: GB })).statusCode).toBe(200);
    await blockCountries(content.creator, ['GB', 'FR']);
  });

  it('names the field of a wrong country code', async () => {
    expect(refusedFields(await blockCountries(content.creator, ['XX', 'GB']))).toEqual(['countryCodes.0']);
    expect(refusedFields(await blockCountries(content.creator, ['gb']))).toEqual(['countryCodes.0']);
    expect(refusedFields(await blockCountries(content.creator, 'GB'))).toEqual(['countryCodes']);
    const admin = await signedIn(app, 'admin');
    expect((await blockCountries(admin, ['GB'])).statusCode).toBe(403);
  });
});

describe('the block routes', () => {
  it('lists, checks and removes only the caller’s own blocks', async () => {
    const [creator, other, fan] = await Promise.all([verifiedPerformer(app), verifiedPerformer(app), signedIn(app, 'user')]);
    await blockUser(creator, fan.user.id, 'spam');
    const list = (await app.inject({ url: '/api/block/users', headers: creator.headers })).json();
    expect(list).toMatchObject({ total: 1, data: [{ target: { _id: fan.user.id }, reason: 'spam' }] });
    expect((await app.inject({ url: '/api/block/users', headers: other.headers })).json().total).toBe(0);
    expect((await app.inject({ url: `/api/block/users/${fan.user.id}`, headers: creator.headers })).json()).toEqual({ blocked: true });
    expect((await app.inject({ url: `/api/block/users/${fan.user.id}`, headers: other.headers })).json()).toEqual({ blocked: false });
    // Neither another creator nor the blocked fan can lift the block.
    for (const caller of [other, fan]) {
      expect((await app.inject({ method: 'DELETE', url: `/api/block/users/${fan.user.id}`, headers: caller.headers })).statusCode).toBe(
        404,
      );
    }
    expect((await app.inject({ method: 'DELETE', url: `/api/block/users/${creator.user.id}`, headers: fan.headers })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/performers/${creator.user.id}`, headers: fan.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/block/users' })).statusCode).toBe(401);
  });

  it('names the field of a wrong target', async () => {
    const [creator, fan, otherFan, admin] = await Promise.all([
      verifiedPerformer(app),
      signedIn(app, 'user'),
      signedIn(app, 'user'),
      signedIn(app, 'admin'),
    ]);
    const refusal = async (by: Account, targetId: unknown) => (await blockUser(by, targetId as string)).json().details;
    expect(await refusal(creator, creator.user.id)).toEqual([{ field: 'targetId', message: 'you cannot block yourself' }]);
    expect(await refusal(creator, crypto.randomUUID())).toEqual([{ field: 'targetId', message: 'must name an existing account' }]);
    expect(await refusal(fan, otherFan.user.id)).toEqual([{ field: 'targetId', message: 'fans may block creators only' }]);
    expect(refusedFields(await blockUser(creator, 'nope'))).toEqual(['targetId']);
    expect((await blockUser(admin, fan.user.id)).statusCode).toBe(403);
  });

  it('lets a fan hide a creator from their listings without being refused', async () => {
    const [content, fan] = await Promise.all([creatorWithContent(), signedIn(app, 'user')]);
    expect((await blockUser(fan, content.creator.user.id)).statusCode).toBe(200);
    const url = `/api/performers/user/search?q=${encodeURIComponent(content.creator.user.name)}`;
    expect((await app.inject({ url, headers: fan.headers })).json().total).toBe(0);
    expect((await app.inject({ url: `/api/performers/${content.creator.user.id}`, headers: fan.headers })).statusCode).toBe(200);
  });

  it('ends following both ways when either side blocks', async () => {
    const [creator, other, fan] = await Promise.all([verifiedPerformer(app), verifiedPerformer(app), signedIn(app, 'user')]);
    const follow = (by: Account, performerId: string) =>
      app.inject({ method: 'POST', url: `/api/follows/${performerId}`, headers: by.headers });
    const followersOf = async (performer: Account) =>
      (await app.inject({ url: `/api/performers/${performer.user.id}`, headers: performer.headers })).json().followersCount;
    const isFollowing = async (viewer: Account, performer: Account) =>
      (await app.inject({ url: `/api/performers/${performer.user.id}`, headers: viewer.headers })).json().isFollowed;
    // A fan who blocks a creator they follow stops following them.
    expect((await follow(fan, creator.user.id)).statusCode).toBeLessThan(300);
    expect([await isFollowing(fan, creator), await followersOf(creator)]).toEqual([true, 1]);
    await blockUser(fan, creator.user.id);
    expect([await isFollowing(fan, creator), await followersOf(creator)]).toEqual([false, 0]);
    // Two creators following each other: one block ends both follows.
    await follow(creator, other.user.id);
    await follow(other, creator.user.id);
    expect([await isFollowing(creator, other), await isFollowing(other, creator)]).toEqual([true, true]);
    await blockUser(creator, other.user.id);
    const followingOther = await app.inject({ url: `/api/performers/${other.user.id}`, headers: creator.headers });
    expect(followingOther.json().isFollowed).toBe(false);
    expect([await followersOf(creator), await followersOf(other)]).toEqual([0, 0]);
    // And the blocked one cannot follow again.
    expect((await follow(other, creator.user.id)).statusCode).toBe(403);
  });
});

describe('a fan blocking countries (decision 038)', () => {
  it('hides creators from those countries from the fan’s search, top list and timeline, and not from others', async () => {
    const [content, fan, otherFan] = await Promise.all([creatorWithContent(), signedIn(app, 'user'), signedIn(app, 'user')]);
    await app.deps.db.update(performerProfiles).set({ country: 'FR' }).where(eq(performerProfiles.userId, content.creator.user.id));
    await subscribe(app, fan.user.id, content.creator.user.id);
    const q = encodeURIComponent(content.creator.user.name);
    const search = `/api/performers/user/search?q=${q}`;
    const finds = async (viewer: Account, url: string) => {
      const body = (await app.inject({ url, headers: viewer.headers, remoteAddress: US })).json();
      const list: Array<{ _id?: string; performer?: { _id: string } }> = body.data ?? body;
      return list.some((item) => item._id === content.creator.user.id || item.performer?._id === content.creator.user.id);
    };
    const lists = [search, '/api/performers/top?limit=50', '/api/user/feeds', '/api/performer-assets/videos/search?limit=100'];
    for (const url of lists) expect(await finds(fan, url), url).toBe(true);
    const saved = await blockCountries(fan, ['FR', 'DE', 'FR']);
    expect(saved.json()).toEqual({ countryCodes: ['DE', 'FR'] });
    expect((await app.inject({ url: '/api/block/countries', headers: fan.headers })).json()).toEqual({ countryCodes: ['DE', 'FR'] });
    for (const url of lists) expect(await finds(fan, url), url).toBe(false);
    expect(await finds(otherFan, search)).toBe(true);
    // Only hidden, as a blocked creator is: the page itself still opens when the fan goes there.
    expect((await app.inject({ url: `/api/performers/${content.creator.user.id}`, headers: fan.headers })).statusCode).toBe(200);
    expect((await blockCountries(fan, [])).json()).toEqual({ countryCodes: [] });
    expect(await finds(fan, search)).toBe(true);
  });

  it('names the field of a wrong country code and keeps each fan’s list their own', async () => {
    const [fan, otherFan] = await Promise.all([signedIn(app, 'user'), signedIn(app, 'user')]);
    expect(refusedFields(await blockCountries(fan, ['ZZ']))).toEqual(['countryCodes.0']);
    await blockCountries(fan, ['IT']);
    expect((await app.inject({ url: '/api/block/countries', headers: otherFan.headers })).json()).toEqual({ countryCodes: [] });
    expect((await app.inject({ url: '/api/block/countries' })).statusCode).toBe(401);
  });
});
