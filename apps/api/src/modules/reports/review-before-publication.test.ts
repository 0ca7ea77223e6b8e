import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { setSetting, signedIn, subscribe, verifiedPerformer } from '../../../test/factories';
import { auditEvents, moderationHolds, notifications, performerProfiles } from '../../db/schema';
import { isReviewedBeforePublication, reviewedBeforePublication } from '../access';

type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
let admin: Account;
let picture: Buffer;
const DAY = 86_400_000;

const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, as?: Account, payload?: object | FormData) =>
  app.inject({ method, url, headers: as?.headers, payload: payload as never });
const approve = (targetType: string, targetId: string) =>
  inject('POST', '/api/admin/moderation/approvals', admin, { targetType, targetId });
/** A creator verified `daysAgo` days ago, with a subscriber. */
async function creatorWithFan(daysAgo: number, flagged = false) {
  const creator = await verifiedPerformer(app);
  await app.deps.db
    .update(performerProfiles)
    .set({ verifiedAt: new Date(Date.now() - daysAgo * DAY) })
    .where(eq(performerProfiles.userId, creator.user.id));
  if (flagged) {
    const response = await inject('PATCH', `/api/admin/accounts/${creator.user.id}`, admin, { reviewBeforePublication: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().reviewBeforePublication).toBe(true);
  }
  const fan = await signedIn(app, 'user');
  await subscribe(app, fan.user.id, creator.user.id);
  return { creator, fan };
}
const newPosts = async (fan: Account, postId: string) => {
  await app.deps.jobs.drain();
  return app.deps.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, fan.user.id), eq(notifications.kind, 'new_post'), eq(notifications.link, `/post/${postId}`)));
};
const queueIds = async () => {
  const response = await inject('GET', '/api/admin/reports/groups?reason=prePublication', admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((row: { targetId: string }) => row.targetId) as string[];
};

beforeAll(async () => {
  app = await createTestApp();
  admin = await signedIn(app, 'admin');
  await setSetting(app, 'enableProduct', true);
  picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => app.close());

describe('who is reviewed before publication', () => {
  it('decides each mode for a new, an established and a flagged creator', async () => {
    const established = { verifiedAt: new Date(Date.now() - 60 * DAY), reviewBeforePublication: false };
    const fresh = { verifiedAt: new Date(Date.now() - 3 * DAY), reviewBeforePublication: false };
    const unverified = { verifiedAt: null, reviewBeforePublication: false };
    const flagged = { ...established, reviewBeforePublication: true };
    const decide = (mode: 'off' | 'all' | 'new' | 'flagged') =>
      [established, fresh, unverified, flagged].map((facts) => reviewedBeforePublication(mode, facts));
    expect(decide('off')).toEqual([false, false, false, false]);
    expect(decide('all')).toEqual([true, true, true, true]);
    expect(decide('new')).toEqual([false, true, true, true]);
    expect(decide('flagged')).toEqual([false, false, false, true]);
    // The same answer from the database, for a creator by id; a fan is never reviewed.
    const { creator } = await creatorWithFan(3);
    const { creator: old } = await creatorWithFan(60);
    const fan = await signedIn(app, 'user');
    const db = app.deps.db;
    expect(await isReviewedBeforePublication(db, 'new', creator.user.id)).toBe(true);
    expect(await isReviewedBeforePublication(db, 'new', old.user.id)).toBe(false);
    expect(await isReviewedBeforePublication(db, 'all', fan.user.id)).toBe(false);
    expect(await isReviewedBeforePublication(db, 'off', creator.user.id)).toBe(false);
  });

  it('lets only an admin flag a creator, recorded, and refuses the flag on a fan', async () => {
    const { creator, fan } = await creatorWithFan(60, true);
    const [entry] = await app.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, creator.user.id), eq(auditEvents.action, 'account.update')));
    expect(entry?.details).toMatchObject({ reviewBeforePublication: { from: false, to: true } });
    const onFan = await inject('PATCH', `/api/admin/accounts/${fan.user.id}`, admin, { reviewBeforePublication: true });
    expect(onFan.statusCode).toBe(400);
    const bySelf = await inject('PATCH', `/api/admin/accounts/${creator.user.id}`, creator, { reviewBeforePublication: false });
    expect(bySelf.statusCode).toBe(403);
  });
});

describe('a post of a reviewed creator', () => {
  it('is invisible and unannounced until approved, editable meanwhile, then published and announced once', async () => {
    await setSetting(app, 'reviewBeforePublication', 'flagged');
    const { creator, fan } = await creatorWithFan(60, true);
    const created = await inject('POST', '/api/performer/feeds', creator, { type: 'text', text: 'Fresh from the studio' });
    expect(created.statusCode, created.body).toBe(200);
    const postId = created.json()._id as string;
    expect(created.json().moderation).toMatchObject({ state: 'review', prePublication: true });

    expect((await inject('GET', `/api/user/feeds/${postId}`, fan)).statusCode).toBe(404);
    const page = await inject('GET', `/api/user/feeds/search/${creator.user.username}`, fan);
    expect(page.json().data.map((post: { _id: string }) => post._id)).not.toContain(postId);
    const found = await inject('GET', `/api/user/feeds/search/${creator.user.username}?q=studio`, fan);
    expect(found.json().data).toEqual([]);
    const timeline = await inject('GET', '/api/user/feeds', fan);
    expect(timeline.json().data.map((post: { _id: string }) => post._id)).not.toContain(postId);
    expect(await newPosts(fan, postId)).toHaveLength(0);
    expect(await queueIds()).toContain(postId);

    // The creator still edits it while it waits, and sees it marked in their own list.
    const edited = await inject('PUT', `/api/performer/feeds/${postId}`, creator, { type: 'text', text: 'Fresh from the studio, edited' });
    expect(edited.statusCode, edited.body).toBe(200);
    const own = await inject('GET', '/api/performer/feeds', creator);
    const mine = own.json().data.find((post: { _id: string }) => post._id === postId);
    expect(mine.moderation).toMatchObject({ state: 'review', prePublication: true });
    expect(await newPosts(fan, postId)).toHaveLength(0);

    const approved = await approve('feed', postId);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await inject('GET', `/api/user/feeds/${postId}`, fan)).statusCode).toBe(200);
    expect(await newPosts(fan, postId)).toHaveLength(1);
    // An edit after approval does not announce it again.
    await inject('PUT', `/api/performer/feeds/${postId}`, creator, { type: 'text', text: 'Fresh, edited again' });
    expect(await newPosts(fan, postId)).toHaveLength(1);
    expect(await queueIds()).not.toContain(postId);
    const told = await app.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, creator.user.id), eq(notifications.kind, 'moderation')));
    expect(told.map((row) => row.text)).toEqual([expect.stringContaining('approved and is published')]);
    const audit = await app.deps.db.select().from(auditEvents).where(eq(auditEvents.targetId, postId));
    expect(audit.map((row) => row.action)).toContain('content.approve');
    // Approving twice answers 404: nothing waits any more.
    expect((await approve('feed', postId)).statusCode).toBe(404);
  });

  it('is not held under "off", nor under "flagged" for a creator nobody flagged', async () => {
    for (const mode of ['off', 'flagged']) {
      await setSetting(app, 'reviewBeforePublication', mode);
      const { creator, fan } = await creatorWithFan(3);
      const created = await inject('POST', '/api/performer/feeds', creator, { type: 'text', text: `Out at once (${mode})` });
      expect(created.json().moderation).toBeNull();
      expect((await inject('GET', `/api/user/feeds/${created.json()._id}`, fan)).statusCode).toBe(200);
      expect(await newPosts(fan, created.json()._id)).toHaveLength(1);
    }
  });

  it('stays hidden when the admin refuses it, the creator is told and may no longer edit it', async () => {
    await setSetting(app, 'reviewBeforePublication', 'new');
    const { creator, fan } = await creatorWithFan(3);
    const created = await inject('POST', '/api/performer/feeds', creator, { type: 'text', text: 'Not allowed here' });
    const postId = created.json()._id as string;
    const refused = await inject('POST', '/api/admin/moderation/actions', admin, {
      targetType: 'feed',
      targetId: postId,
      action: 'hide',
      reason: 'Advertises another site',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect((await inject('GET', `/api/user/feeds/${postId}`, fan)).statusCode).toBe(404);
    expect(await newPosts(fan, postId)).toHaveLength(0);
    const [hold] = await app.deps.db.select().from(moderationHolds).where(eq(moderationHolds.targetId, postId));
    expect(hold).toMatchObject({ state: 'hidden', prePublication: false });
    const told = await app.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, creator.user.id), eq(notifications.kind, 'moderation')));
    expect(told.map((row) => row.text)).toEqual([expect.stringContaining('Advertises another site')]);
    const edit = await inject('PUT', `/api/performer/feeds/${postId}`, creator, { type: 'text', text: 'Sneaky' });
    expect(edit.statusCode).toBe(409);
    expect((await approve('feed', postId)).statusCode).toBe(404);
  });
});

describe('a story and a product of a reviewed creator', () => {
  it('are invisible to fans until approved', async () => {
    await setSetting(app, 'reviewBeforePublication', 'all');
    const { creator, fan } = await creatorWithFan(400);
    const story = await inject('POST', '/api/stories/performers', creator, { type: 'text', text: 'Behind the scenes' });
    expect(story.statusCode, story.body).toBe(200);
    expect(story.json().moderation).toMatchObject({ state: 'review', prePublication: true });
    const storyId = story.json()._id as string;
    const ring = async () => (await inject('GET', '/api/stories/users', fan)).json() as Array<{ performer: { _id: string } }>;
    const stories = async () => (await inject('GET', `/api/stories/users/${creator.user.id}`, fan)).json();
    expect((await ring()).map((item) => item.performer._id)).not.toContain(creator.user.id);
    expect(await stories()).toEqual([]);
    const editedStory = await inject('PUT', `/api/stories/performers/${storyId}`, creator, { text: 'Behind the scenes, take 2' });
    expect(editedStory.statusCode, editedStory.body).toBe(200);

    const form = new FormData();
    for (const [key, value] of Object.entries({ name: 'Signed poster', description: 'A3', type: 'physical', price: '20', stock: '4' }))
      form.append(key, value);
    form.append('images', new Blob([picture]), 'poster.jpg');
    const product = await inject('POST', '/api/performer/performer-assets/products', creator, form);
    expect(product.statusCode, product.body).toBe(200);
    const productId = product.json()._id as string;
    expect(product.json().moderation).toMatchObject({ state: 'review', prePublication: true });
    const imageUrl = product.json().images[0].url as string;
    expect((await inject('GET', `/api/performer-assets/products/${productId}`, fan)).statusCode).toBe(404);
    const shop = await inject('GET', `/api/performer-assets/products/search?performerId=${creator.user.id}`, fan);
    expect(shop.json().data).toEqual([]);
    const own = await inject('GET', '/api/performer/performer-assets/products/search', creator);
    expect(own.json().data[0].moderation).toMatchObject({ state: 'review', prePublication: true });
    expect(await queueIds()).toEqual(expect.arrayContaining([storyId, productId]));
    // Its image is held with it: the queue shows it to the admin only.
    const [imageHold] = await app.deps.db
      .select()
      .from(moderationHolds)
      .where(and(eq(moderationHolds.ownerId, creator.user.id), eq(moderationHolds.targetType, 'file')));
    expect(imageHold).toMatchObject({ state: 'review', prePublication: true });
    expect(imageUrl).toBeTruthy();

    expect((await approve('story', storyId)).statusCode).toBe(200);
    expect((await approve('product', productId)).statusCode).toBe(200);
    expect((await ring()).map((item) => item.performer._id)).toContain(creator.user.id);
    expect((await stories()).map((item: { _id: string; text: string }) => item.text)).toEqual(['Behind the scenes, take 2']);
    expect((await inject('GET', `/api/performer-assets/products/${productId}`, fan)).statusCode).toBe(200);
    const holds = await app.deps.db.select().from(moderationHolds).where(eq(moderationHolds.ownerId, creator.user.id));
    expect(holds).toEqual([]);
  });
});
