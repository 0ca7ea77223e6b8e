import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  expectSoundLedger,
  fundWallet,
  HOME_ADDRESS,
  saveBankDetails,
  setSetting,
  signedIn,
  verifiedPerformer,
} from '../../../test/factories';
import { earnings, follows, performerProfiles } from '../../db/schema';

type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
let admin: Account;
beforeAll(async () => {
  app = await createTestApp();
  admin = await signedIn(app, 'admin');
});
afterEach(() => expectSoundLedger(app));
afterAll(() => app.close());

const call = (as: Account | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: as?.headers ?? {}, ...(payload ? { payload } : {}) });
async function ok(as: Account, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await call(as, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json();
}
const dashboard = (as: Account) => ok(as, 'GET', '/performer/dashboard');

/** A listed creator with a 10-token monthly plan and bank details. */
async function creatorWithPlan() {
  const creator = await verifiedPerformer(app);
  await app.deps.db.update(performerProfiles).set({ monthlyPriceCents: 1000 }).where(eq(performerProfiles.userId, creator.user.id));
  await saveBankDetails(app, creator);
  return creator;
}
async function fan(tokens: number) {
  const account = await signedIn(app, 'user');
  await fundWallet(app, account.user.id, tokens);
  return account;
}

describe('the creator dashboard', () => {
  it('sums what the creator earned, who arrived, their top posts and what waits, from real actions', async () => {
    await setSetting(app, 'enableProduct', true);
    const creator = await creatorWithPlan();
    const empty = await dashboard(creator);
    expect(empty).toEqual({
      earnings: { today: 0, thisMonth: 0 },
      subscribers: { today: 0, last30Days: 0, total: 0 },
      followers: { today: 0, last30Days: 0, total: 0 },
      topPosts: [],
      pendingPayouts: { count: 0, amount: 0 },
      pendingOrders: { count: 0 },
      liveSessionId: null,
    });

    const [first, second] = [await fan(200), await fan(200)];
    const posts = [];
    for (const text of ['Hello', 'Behind the scenes', 'A quiet one']) {
      posts.push((await ok(creator, 'POST', '/performer/feeds', { type: 'text', text })) as { _id: string });
    }
    // Subscribing (10 tokens), a tip (100), a physical product (25, still to ship).
    await ok(first, 'POST', '/payment/subscribe/performers', { performerId: creator.user.id, type: 'monthly' });
    await ok(first, 'POST', `/wallet/charges/tip/${creator.user.id}`, { price: 100 });
    const product = new FormData();
    for (const [key, value] of Object.entries({ name: 'Signed T-shirt', type: 'physical', price: '25', stock: '5' }))
      product.append(key, value);
    const shirt = (
      await app.inject({ method: 'POST', url: '/api/performer/performer-assets/products', headers: creator.headers, payload: product })
    ).json();
    const address = await ok(second, 'POST', '/addresses/create', HOME_ADDRESS);
    await ok(second, 'POST', `/wallet/charges/product/${shirt._id}`, { quantity: 1, addressId: address._id });
    // Both fans follow; the second post gets a like and a comment (from the subscriber), the third a like.
    await ok(first, 'POST', `/follows/${creator.user.id}`);
    await ok(second, 'POST', `/follows/${creator.user.id}`);
    const react = (as: Account, objectId: string) => ok(as, 'POST', '/reactions', { objectType: 'feed', objectId, action: 'like' });
    await react(second, posts[1]!._id);
    await react(first, posts[2]!._id);
    await ok(first, 'POST', '/comments', { objectType: 'feed', objectId: posts[1]!._id, content: 'Love it' });
    // The subscription's first follower arrived 40 days ago: a follower, not a new one.
    await app.deps.db
      .update(follows)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(follows.followerId, first.user.id));

    // Net of the platform's 10 %: 9 + 90 + 22.5 tokens.
    const earnedToday = 121.5;
    await ok(creator, 'POST', '/payout-requests', { amount: 50, requestNote: 'Monthly' });

    const figures = await dashboard(creator);
    expect(figures).toMatchObject({
      earnings: { today: earnedToday, thisMonth: earnedToday },
      subscribers: { today: 1, last30Days: 1, total: 1 },
      followers: { today: 1, last30Days: 1, total: 2 },
      pendingPayouts: { count: 1, amount: 50 },
      pendingOrders: { count: 1 },
      liveSessionId: null,
    });
    expect(
      figures.topPosts.map((post: { _id: string; likeCount: number; commentCount: number }) => [
        post._id,
        post.likeCount,
        post.commentCount,
      ]),
    ).toEqual([
      [posts[1]!._id, 1, 1],
      [posts[2]!._id, 1, 0],
      [posts[0]!._id, 0, 0],
    ]);
    expect(figures.topPosts[0]).toMatchObject({ type: 'text', text: 'Behind the scenes' });

    // An earning from before this month counts in neither figure; one from the month's first
    // instant counts in the month (and today only on the 1st).
    const [tip] = await app.deps.db.select().from(earnings).where(eq(earnings.performerId, creator.user.id));
    const monthStart = new Date();
    monthStart.setUTCDate(1);
    monthStart.setUTCHours(0, 0, 0, 0);
    await app.deps.db.update(earnings).set({ createdAt: monthStart }).where(eq(earnings.id, tip!.id));
    const firstOfMonth = new Date().getUTCDate() === 1;
    expect((await dashboard(creator)).earnings).toEqual({
      today: firstOfMonth ? earnedToday : earnedToday - tip!.netCents / 100,
      thisMonth: earnedToday,
    });
    await app.deps.db
      .update(earnings)
      .set({ createdAt: new Date(monthStart.getTime() - 1000) })
      .where(eq(earnings.id, tip!.id));
    expect((await dashboard(creator)).earnings.thisMonth).toBe(earnedToday - tip!.netCents / 100);

    // With the shop closed the orders figure is left out.
    await setSetting(app, 'enableProduct', false);
    expect((await dashboard(creator)).pendingOrders).toBeNull();
    await setSetting(app, 'enableProduct', true);
  });

  it('shows each creator only their own figures, and no one else the dashboard', async () => {
    const creator = await creatorWithPlan();
    const other = await creatorWithPlan();
    const fanAccount = await fan(100);
    await ok(fanAccount, 'POST', `/wallet/charges/tip/${creator.user.id}`, { price: 100 });
    await ok(fanAccount, 'POST', `/follows/${creator.user.id}`);
    await ok(creator, 'POST', '/performer/feeds', { type: 'text', text: 'Mine' });
    expect((await dashboard(creator)).earnings.today).toBeGreaterThan(0);
    expect(await dashboard(other)).toMatchObject({
      earnings: { today: 0, thisMonth: 0 },
      followers: { total: 0 },
      topPosts: [],
    });
    // A creator whose profile is not made yet sees zeros, not an error.
    expect((await dashboard(await signedIn(app, 'performer'))).followers).toEqual({ today: 0, last30Days: 0, total: 0 });
    expect((await call(fanAccount, 'GET', '/performer/dashboard')).statusCode).toBe(403);
    expect((await call(admin, 'GET', '/performer/dashboard')).statusCode).toBe(403);
    expect((await call(undefined, 'GET', '/performer/dashboard')).statusCode).toBe(401);
  });

  it('names the live session while the creator is live', async () => {
    const creator = await verifiedPerformer(app);
    const live = await ok(creator, 'POST', '/streaming/live', { title: 'Now' });
    expect((await dashboard(creator)).liveSessionId).toBe(live._id);
  });
});
