import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { refusedFields, signedIn, subscribe, verifiedPerformer } from '../../../test/factories';
import { stories } from '../../db/schema';

type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
let creator: Account;
let follower: Account;
let subscriber: Account;
let stranger: Account;
let photo: Buffer;
beforeAll(async () => {
  app = await createTestApp({ jobsConcurrency: 0 });
  creator = await verifiedPerformer(app);
  follower = await signedIn(app, 'user');
  subscriber = await signedIn(app, 'user');
  stranger = await signedIn(app, 'user');
  await app.inject({ method: 'POST', url: `/api/follows/${creator.user.id}`, headers: follower.headers });
  await subscribe(app, subscriber.user.id, creator.user.id);
  photo = await sharp({ create: { width: 800, height: 1200, channels: 3, background: '#4ec52a' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => app.close());

const uploadPhoto = async (headers = creator.headers) => {
  const form = new FormData();
  form.append('file', new Blob([photo]), 'story.jpg');
  const response = await app.inject({ method: 'POST', url: '/api/stories/files/photo/upload', headers, payload: form });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { _id: string };
};
const createStory = (payload: object, headers = creator.headers) =>
  app.inject({ method: 'POST', url: '/api/stories/performers', headers, payload });

describe('stories', () => {
  it('reach followers and subscribers for 24 hours, with working media links', async () => {
    const file = await uploadPhoto();
    const created = await createStory({ type: 'photo', fileId: file._id, text: 'Backstage' });
    expect(created.statusCode, created.body).toBe(200);
    const expiresIn = new Date(created.json().expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(23.9 * 3_600_000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3_600_000);
    await createStory({ type: 'text', text: 'Live at 9!', backgroundColor: '#222222' });

    for (const fan of [follower, subscriber]) {
      const bar = await app.inject({ url: '/api/stories/users', headers: fan.headers });
      expect(bar.json()).toEqual([
        expect.objectContaining({ performer: expect.objectContaining({ _id: creator.user.id }), storyCount: 2 }),
      ]);
      const list = await app.inject({ url: `/api/stories/users/${creator.user.id}`, headers: fan.headers });
      expect(list.json().map((story: { text: string }) => story.text)).toEqual(['Backstage', 'Live at 9!']);
      expect((await app.inject(list.json()[0].file.url)).statusCode).toBe(200);
    }
    expect((await app.inject({ url: '/api/stories/users', headers: stranger.headers })).json()).toEqual([]);
    expect((await app.inject({ url: `/api/stories/users/${creator.user.id}`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await app.inject(`/api/stories/users/${creator.user.id}`)).statusCode).toBe(401);
  });

  it('disappear for fans when they expire but stay in the creator’s own list', async () => {
    const other = await verifiedPerformer(app);
    await app.inject({ method: 'POST', url: `/api/follows/${other.user.id}`, headers: follower.headers });
    const story = (await createStory({ type: 'text', text: 'Old news' }, other.headers)).json();
    await app.deps.db
      .update(stories)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(stories.id, story._id));
    expect((await app.inject({ url: `/api/stories/users/${other.user.id}`, headers: follower.headers })).json()).toEqual([]);
    const own = await app.inject({ url: '/api/stories/performers', headers: other.headers });
    expect(own.json()).toMatchObject({ total: 1, data: [{ text: 'Old news' }] });
  });

  it('are edited and deleted by their creator only; media must be their own unused upload', async () => {
    const story = (await createStory({ type: 'text', text: 'Draft' })).json();
    const url = `/api/stories/performers/${story._id}`;
    const other = await verifiedPerformer(app);
    expect((await app.inject({ method: 'PUT', url, headers: other.headers, payload: { text: 'Mine' } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'PUT', url, headers: creator.headers, payload: { text: 'Final' } })).json().text).toBe('Final');
    expect((await app.inject({ method: 'DELETE', url, headers: follower.headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'DELETE', url, headers: creator.headers })).statusCode).toBe(200);
    expect((await app.inject({ url, headers: creator.headers })).statusCode).toBe(404);

    const theirs = await uploadPhoto(other.headers);
    expect(refusedFields(await createStory({ type: 'photo', fileId: theirs._id }))).toEqual(['fileId']);
    expect(refusedFields(await createStory({ type: 'video' }))).toEqual(['fileId']);
    expect(refusedFields(await createStory({ type: 'text', backgroundColor: 'red' }))).toEqual(['backgroundColor', 'text']);
  });
});

describe('story alt text (decision 030)', () => {
  it('reaches the story’s viewers; only the creator may write it', async () => {
    const file = await uploadPhoto();
    const setAlt = (headers: Record<string, string>) =>
      app.inject({ method: 'PUT', url: `/api/media/files/${file._id}/alt-text`, headers, payload: { altText: 'Stage lights, blue' } });
    expect((await setAlt(stranger.headers)).statusCode).toBe(404);
    expect((await setAlt(creator.headers)).statusCode).toBe(200);
    const story = (await createStory({ type: 'photo', fileId: file._id })).json();
    expect(story.file.altText).toBe('Stage lights, blue');
    const seen = await app.inject({ url: `/api/stories/users/${creator.user.id}`, headers: follower.headers });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().find((item: { _id: string }) => item._id === story._id).file.altText).toBe('Stage lights, blue');
  });
});

describe('story likes', () => {
  const like = (headers: Record<string, string>, objectId: string, method: 'POST' | 'DELETE' = 'POST') =>
    app.inject({ method, url: '/api/reactions', headers, payload: { objectType: 'story', objectId, action: 'like' } });
  const seenBy = async (account: Account, id: string) =>
    (await app.inject({ url: `/api/stories/users/${creator.user.id}`, headers: account.headers }))
      .json()
      .find((story: { _id: string }) => story._id === id) as { likeCount: number; isLiked: boolean };

  it('count each fan once, show each their own like, and the creator the count', async () => {
    const story = (await createStory({ type: 'text', text: 'Like this one' })).json();
    expect(story).toMatchObject({ likeCount: 0, isLiked: false });
    for (const fan of [follower, follower, subscriber]) expect((await like(fan.headers, story._id)).statusCode).toBe(200);
    expect(await seenBy(follower, story._id)).toEqual(expect.objectContaining({ likeCount: 2, isLiked: true }));
    expect((await like(subscriber.headers, story._id, 'DELETE')).statusCode).toBe(200);
    expect(await seenBy(subscriber, story._id)).toEqual(expect.objectContaining({ likeCount: 1, isLiked: false }));
    const own = (await app.inject({ url: '/api/stories/performers', headers: creator.headers })).json();
    expect(own.data.find((item: { _id: string }) => item._id === story._id).likeCount).toBe(1);
    const told = (await app.inject({ url: '/api/notifications', headers: creator.headers })).json().data;
    expect(told.some((row: { kind: string; text: string }) => row.kind === 'like' && row.text.endsWith('liked your story'))).toBe(true);
  });

  it('refuses strangers, a blocked fan, expired stories and bookmarks', async () => {
    const story = (await createStory({ type: 'text', text: 'Not for strangers' })).json();
    expect((await like(stranger.headers, story._id)).statusCode).toBe(404);
    const blocked = await signedIn(app, 'user');
    await subscribe(app, blocked.user.id, creator.user.id);
    await app.inject({ method: 'POST', url: '/api/block/users', headers: creator.headers, payload: { targetId: blocked.user.id } });
    expect((await like(blocked.headers, story._id)).statusCode).toBe(403);
    await app.deps.db
      .update(stories)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(stories.id, story._id));
    expect((await like(follower.headers, story._id)).statusCode).toBe(404);
    const bookmark = await app.inject({
      method: 'POST',
      url: '/api/reactions',
      headers: follower.headers,
      payload: { objectType: 'story', objectId: story._id, action: 'bookmark' },
    });
    expect(refusedFields(bookmark)).toEqual(['action']);
  });
});
