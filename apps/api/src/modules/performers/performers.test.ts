import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { login, registerFan, registerPerformer, signedIn, subscribe, verifiedPerformer } from '../../../test/factories';
import { feedFiles, feeds, files, galleries, videos } from '../../db/schema';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const profile = (id: string, headers = {}) => app.inject({ method: 'GET', url: `/api/performers/${id}`, headers });
const verify = async (id: string) => {
  const admin = await signedIn(app, 'admin');
  await app.inject({
    method: 'PUT',
    url: `/api/admin/performers/${id}/verify-documents`,
    headers: admin.headers,
    payload: { verified: true },
  });
};

describe('GET /performers/{id}', () => {
  it('shows a verified creator by username (any case) or id, with the cover fallback', async () => {
    const performer = await registerPerformer(app);
    await verify(performer._id);
    for (const id of [performer.username.toUpperCase(), performer._id]) {
      const response = await profile(id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        _id: performer._id,
        username: performer.username,
        cover: '/leaf.jpg',
        gender: 'female',
        verifiedDocument: true,
      });
      expect(response.json()).not.toHaveProperty('email');
    }
  });

  it('hides an unverified creator from others but not from the creator or an admin', async () => {
    const performer = await registerPerformer(app);
    expect((await profile(performer.username)).statusCode).toBe(404);
    const fan = await registerFan(app);
    expect((await profile(performer.username, { authorization: `Bearer ${await login(app, fan.username)}` })).statusCode).toBe(404);
    expect((await profile(performer.username, { authorization: `Bearer ${await login(app, performer.username)}` })).statusCode).toBe(200);
    expect((await profile(performer.username, (await signedIn(app, 'admin')).headers)).statusCode).toBe(200);
  });

  it('does not show fans as creators', async () => {
    const fan = await registerFan(app);
    expect((await profile(fan.username)).statusCode).toBe(404);
  });
});

describe('a creator page header’s counts', () => {
  it('counts published posts, their photos and videos with the galleries’ and library’s, and all their likes', async () => {
    const creator = await verifiedPerformer(app);
    const fan = await signedIn(app, 'user');
    await subscribe(app, fan.user.id, creator.user.id);
    expect((await profile(creator.user.id)).json().counts).toEqual({ posts: 0, photos: 0, videos: 0, likes: 0 });

    const post = async (payload: object) =>
      (await app.inject({ method: 'POST', url: '/api/performer/feeds', headers: creator.headers, payload })).json() as { _id: string };
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#42b1e8' } })
      .jpeg()
      .toBuffer();
    const photoIds: string[] = [];
    for (let i = 0; i < 2; i++) {
      const form = new FormData();
      form.append('file', new Blob([photo]), 'photo.jpg');
      const uploaded = await app.inject({
        method: 'POST',
        url: '/api/performer/feeds/photo/upload',
        headers: creator.headers,
        payload: form,
      });
      photoIds.push(uploaded.json()._id);
    }
    const photoPost = await post({ type: 'photo', text: 'Two shots', fileIds: photoIds });
    await post({ type: 'text', text: 'Hello' });
    await post({ type: 'text', text: 'Tomorrow', scheduleAt: new Date(Date.now() + 86_400_000).toISOString() });
    await app.inject({
      method: 'POST',
      url: '/api/reactions',
      headers: fan.headers,
      payload: { objectType: 'feed', objectId: photoPost._id, action: 'like' },
    });

    // A video post, a library video, a draft video and a gallery, written directly: no media processing needed.
    const { db } = app.deps;
    const [clip] = await db
      .insert(files)
      .values({ ownerId: creator.user.id, type: 'feed-video', storageKey: 'x/clip.mp4', mimeType: 'video/mp4', size: 1 })
      .returning();
    const [videoPost] = await db.insert(feeds).values({ performerId: creator.user.id, type: 'video', likeCount: 1 }).returning();
    await db.insert(feedFiles).values({ feedId: videoPost!.id, fileId: clip!.id, position: 0 });
    await db.insert(videos).values([
      { performerId: creator.user.id, title: 'Shown', likeCount: 4 },
      { performerId: creator.user.id, title: 'Draft', status: 'draft', likeCount: 9 },
    ]);
    await db.insert(galleries).values({ performerId: creator.user.id, title: 'Set', photoCount: 3, likeCount: 2 });
    // Sold, then deleted (decision 034): their buyers' alone, counted nowhere; a deleted item is never active.
    const kept = { performerId: creator.user.id, status: 'inactive' as const, deletedAt: new Date(), likeCount: 16 };
    await db.insert(feeds).values({ ...kept, type: 'text' });
    await db.insert(videos).values({ ...kept, title: 'Kept' });
    await db.insert(galleries).values({ ...kept, title: 'Kept', photoCount: 16 });
    await expect(db.insert(videos).values({ ...kept, title: 'Kept', status: 'active' })).rejects.toThrow();

    const response = await profile(creator.user.username!, fan.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().counts).toEqual({ posts: 3, photos: 5, videos: 2, likes: 8 });
  });
});
