import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { setSetting, signedIn, subscribe, verifiedPerformer } from '../../../test/factories';
import { comments, moderationHolds } from '../../db/schema';

/**
 * Decision 046: every image stored is hashed, whatever route it came by. A removed photo,
 * re-encoded, is sent again through each image upload path, and each time it is held for review.
 */
type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
let creator: Account;
let fan: Account;
let admin: Account;
let picture: Buffer;
let again: Buffer;
const ids: Record<string, string> = {};

const upload = (account: Account, method: 'POST' | 'PUT', url: string, field: string, fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(field, new Blob([again]), 'again.webp');
  return app.inject({ method, url, headers: account.headers, payload: form });
};

/** Each image upload path: who sends, and how. */
const paths: Array<{ path: string; send: () => ReturnType<typeof upload>; by: () => Account }> = [
  { path: 'avatar', by: () => fan, send: () => upload(fan, 'POST', '/api/users/avatar/upload', 'avatar') },
  { path: 'cover', by: () => creator, send: () => upload(creator, 'POST', '/api/performers/cover/upload', 'cover') },
  { path: 'feed photo', by: () => creator, send: () => upload(creator, 'POST', '/api/performer/feeds/photo/upload', 'file') },
  { path: 'feed thumbnail', by: () => creator, send: () => upload(creator, 'POST', '/api/performer/feeds/thumbnail/upload', 'file') },
  {
    path: 'gallery photo',
    by: () => creator,
    send: () => upload(creator, 'POST', '/api/performer/performer-assets/photos/upload', 'photo', { galleryId: ids.gallery!, title: 'x' }),
  },
  {
    path: 'product image',
    by: () => creator,
    send: () =>
      upload(creator, 'POST', '/api/performer/performer-assets/products', 'images', {
        name: 'Poster',
        type: 'physical',
        price: '5',
        stock: '2',
      }),
  },
  { path: 'story photo', by: () => creator, send: () => upload(creator, 'POST', '/api/stories/files/photo/upload', 'file') },
  { path: 'message photo', by: () => fan, send: () => upload(fan, 'POST', '/api/messages/public/file/photo', 'file') },
  { path: 'comment photo', by: () => fan, send: () => upload(fan, 'PUT', `/api/comments/${ids.comment}`, 'file', { content: 'Again' }) },
];

const reviewHolds = async (account: Account) =>
  (
    await app.deps.db
      .select()
      .from(moderationHolds)
      .where(and(eq(moderationHolds.ownerId, account.user.id), eq(moderationHolds.state, 'review')))
  ).length;

beforeAll(async () => {
  app = await createTestApp();
  creator = await verifiedPerformer(app);
  fan = await signedIn(app, 'user');
  admin = await signedIn(app, 'admin');
  await subscribe(app, fan.user.id, creator.user.id);
  await setSetting(app, 'enableProduct', true);
  picture = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#c02040' } })
    .composite([
      {
        input: await sharp({ create: { width: 250, height: 400, channels: 3, background: '#20f0e0' } })
          .png()
          .toBuffer(),
        left: 500,
        top: 100,
      },
    ])
    .jpeg()
    .toBuffer();
  again = await sharp(picture).resize(700).webp({ quality: 75 }).toBuffer();
  const gallery = await app.inject({
    method: 'POST',
    url: '/api/performer/performer-assets/galleries',
    headers: creator.headers,
    payload: { title: 'Album' },
  });
  ids.gallery = gallery.json()._id;
  const form = new FormData();
  form.append('galleryId', ids.gallery!);
  form.append('title', 'Original');
  form.append('photo', new Blob([picture]), 'original.jpg');
  const photo = await app.inject({
    method: 'POST',
    url: '/api/performer/performer-assets/photos/upload',
    headers: creator.headers,
    payload: form,
  });
  const removed = await app.inject({
    method: 'POST',
    url: '/api/admin/moderation/actions',
    headers: admin.headers,
    payload: { targetType: 'photo', targetId: photo.json()._id, action: 'remove', reason: 'Illegal material', illegal: true },
  });
  expect(removed.statusCode, removed.body).toBe(200);
  const feed = await app.inject({
    method: 'POST',
    url: '/api/performer/feeds',
    headers: creator.headers,
    payload: { type: 'text', text: 'Hi' },
  });
  const [comment] = await app.deps.db
    .insert(comments)
    .values({ objectType: 'feed', objectId: feed.json()._id, userId: fan.user.id, content: 'First' })
    .returning();
  ids.comment = comment!.id;
});
afterAll(async () => {
  await app.close();
});

describe('re-upload of removed material', () => {
  it.each(paths)('through the $path upload is held for review', async ({ send, by }) => {
    const before = await reviewHolds(by());
    const answer = await send();
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await reviewHolds(by())).toBe(before + 1);
  });
});
