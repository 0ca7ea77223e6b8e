import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expectSoundLedger, login, signedIn } from '../../test/factories';
import {
  feeds,
  files,
  follows,
  galleries,
  photos,
  products,
  purchasedItems,
  reactions,
  stories,
  subscriptions,
  users,
  videos,
  walletCharges,
} from '../db/schema';
import { demoPosts, moreCreators } from './catalogue';
import { type SeededDemo, seedDemoContent } from './content';
import { DEMO_PASSWORD, seedDemoData } from './seed';

describe('demo data', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('seeds an admin, two fans and three verified creators once', async () => {
    const logins = await seedDemoData(app.deps.db, false);
    expect(logins.map((login) => login.role)).toEqual(['admin', 'user', 'user', 'performer', 'performer', 'performer']);
    expect(await seedDemoData(app.deps.db, false)).toEqual([]);
    const creators = await app.inject('/api/performers/avastone');
    expect(creators.json()).toMatchObject({ verifiedDocument: true, bio: expect.stringMatching(/.+/), gender: 'female', country: 'US' });
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'fiona', password: DEMO_PASSWORD } });
    expect(login.statusCode).toBe(200);
  });
});

describe('HASH_PW_CLIENT', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ hashPwClient: true });
  });
  afterAll(() => app.close());

  it('tells the client to hash, and stores seeded passwords in the hashed form the client sends', async () => {
    expect((await app.inject('/api/settings/public')).json().hashPwClient).toBe(true);
    await seedDemoData(app.deps.db, true);
    const hashed = createHash('sha256').update(DEMO_PASSWORD).digest('hex');
    const asClient = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'fiona', password: hashed } });
    expect(asClient.statusCode).toBe(200);
    const plain = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'fiona', password: DEMO_PASSWORD } });
    expect(plain.statusCode).toBe(401);
  });
});

describe('the living demo (first start)', () => {
  let app: TestApp;
  let seeded: SeededDemo | null;
  const total = async (table: PgTable) => (await app.deps.db.select({ total: count() }).from(table))[0]!.total;
  const as = async (username: string) => ({ authorization: `Bearer ${await login(app, username, DEMO_PASSWORD)}` });

  beforeAll(async () => {
    app = await createTestApp();
    await seedDemoData(app.deps.db, false);
    seeded = await seedDemoContent(app);
    expect(await seeded?.mediaReady()).toEqual({ files: expect.any(Number), failed: 0 });
  }, 120_000);
  afterAll(() => app.close());

  it('gives every creator a picture, a cover and posts of every kind, all media processed', async () => {
    expect(seeded?.logins.map((entry) => entry.login)).toEqual([...moreCreators.map((creator) => creator.username), 'grace', 'hugo']);
    const creators = await app.deps.db.select().from(users).where(eq(users.role, 'performer'));
    expect(creators).toHaveLength(8);
    for (const creator of creators) expect([creator.avatarKey, creator.coverKey]).toEqual([expect.any(String), expect.any(String)]);
    const posts = await app.deps.db.select().from(feeds);
    expect(posts).toHaveLength(demoPosts.length);
    expect(new Set(posts.map((post) => post.type))).toEqual(new Set(['text', 'photo', 'video', 'audio']));
    expect(posts.some((post) => post.pollId)).toBe(true);
    expect(posts.some((post) => post.teaserFileId)).toBe(true);
    const access = new Set(posts.map((post) => (!post.isSale ? 'subscribers' : post.priceCents > 0 ? 'paid' : 'free')));
    expect(access).toEqual(new Set(['subscribers', 'paid', 'free']));
    // The media went through the upload pipeline: processed, with thumbnails and blurred previews.
    const stored = await app.deps.db.select().from(files);
    expect(stored.filter((file) => file.status !== 'finished')).toEqual([]);
    const types = new Set(stored.map((file) => file.type));
    for (const type of ['feed-photo', 'feed-video', 'feed-audio', 'feed-teaser', 'story-photo', 'story-video', 'video-thumbnail']) {
      expect(types).toContain(type);
    }
    const video = stored.find((file) => file.type === 'feed-video')!;
    expect(video).toMatchObject({ mimeType: 'video/mp4', thumbnailKey: expect.any(String), previewKey: expect.any(String) });
    expect(stored.find((file) => file.type === 'feed-audio')).toMatchObject({ mimeType: 'audio/mpeg' });
    expect(await total(galleries)).toBe(3);
    expect(await total(photos)).toBeGreaterThanOrEqual(9);
    expect(await total(videos)).toBe(3);
    expect(await total(stories)).toBe(5);
    expect(await total(products)).toBe(2);
  });

  it("shows a fan's home every kind of post, locked ones without their media, and serves what she may see", async () => {
    const fiona = await as('fiona');
    const page = (await app.inject({ url: '/api/user/feeds?limit=10', headers: fiona })).json();
    const kinds = new Set(page.data.map((post: { type: string; poll: unknown }) => (post.poll ? 'poll' : post.type)));
    expect(kinds).toEqual(new Set(['photo', 'video', 'audio', 'poll', 'text']));
    const locked = page.data.filter((post: { canView: boolean }) => !post.canView);
    expect(locked.length).toBeGreaterThanOrEqual(2);
    for (const post of locked) for (const file of post.files) expect(file.url).toBeNull();
    const gallery = page.data.find((post: { canView: boolean; files: unknown[] }) => post.canView && post.files.length > 1);
    const photo = await app.inject(gallery.files[0].thumbnailUrl);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    const bought = page.data.find(
      (post: { isSale: boolean; price: number; canView: boolean }) => post.isSale && post.price > 0 && post.canView,
    );
    expect(bought).toBeDefined();
    expect((await app.inject({ url: '/api/stories/users', headers: fiona })).json().length).toBeGreaterThanOrEqual(4);
    // Her messages hold conversations with creators she subscribes to, with their answers.
    const conversations = (await app.inject({ url: '/api/conversations', headers: fiona })).json();
    expect(conversations.total).toBe(2);
    const lines = (await app.inject({ url: `/api/messages/conversations/${conversations.data[0]._id}`, headers: fiona })).json();
    expect(lines.total).toBeGreaterThanOrEqual(2);
  });

  it('made its money history through payments only: the ledger balances and the fans hold what is left', async () => {
    await expectSoundLedger(app);
    const balance = async (username: string) => (await app.inject({ url: '/api/users/me', headers: await as(username) })).json().balance;
    // Fiona: 60 topped up; Leo's month 12, a tip of 10 to Ava and Rio's photos 3.99.
    expect(await balance('fiona')).toBe(34.01);
    // Felix: 100 topped up; Rio's month 7.50, Rio's video 7.99, Nora's gallery 9.99 and a tip of 12 to Kai.
    expect(await balance('felix')).toBe(62.52);
    expect(await total(subscriptions)).toBe(5);
    expect(await total(walletCharges)).toBeGreaterThanOrEqual(7);
    expect(await total(purchasedItems)).toBe(3);
    expect(await total(follows)).toBeGreaterThanOrEqual(20);
    expect(await total(reactions)).toBeGreaterThanOrEqual(30);
  });

  it('runs once: again, it adds nothing', async () => {
    const before = [await total(users), await total(feeds), await total(files), await total(walletCharges)];
    expect(await seedDemoData(app.deps.db, false)).toEqual([]);
    expect(await seedDemoContent(app)).toBeNull();
    expect([await total(users), await total(feeds), await total(files), await total(walletCharges)]).toEqual(before);
  });
});

describe('the living demo on a database in use', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('seeds nothing where other people have accounts, before or beside the demo accounts', async () => {
    await signedIn(app, 'user');
    expect(await seedDemoData(app.deps.db, false)).toEqual([]);
    expect(await seedDemoContent(app)).toBeNull();
    const [{ total }] = await app.deps.db.select({ total: count() }).from(feeds);
    expect(total).toBe(0);
  });
});
