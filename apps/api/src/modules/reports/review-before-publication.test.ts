import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { setSetting, signedIn, subscribe, verifiedPerformer } from '../../../test/factories';
import { generateVideo } from '../../../test/media';
import { auditEvents, moderationHolds, notifications, performerProfiles } from '../../db/schema';
import { isReviewedBeforePublication, reviewedBeforePublication } from '../moderation';

type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
let admin: Account;
let picture: Buffer;
let clip: Buffer;
const DAY = 86_400_000;

const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, as?: Account, payload?: object | FormData) =>
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
const queueIds = async (status = 'open') => {
  const response = await inject('GET', `/api/admin/reports/groups?reason=prePublication&status=${status}`, admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((row: { targetId: string }) => row.targetId) as string[];
};

const multipart = (fields: Record<string, string>, files: Record<string, Buffer> = {}) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [key, value] of Object.entries(files)) form.append(key, new Blob([value]), `${key}.bin`);
  return form;
};
const uploadPhoto = (creator: Account, galleryId: string) =>
  inject(
    'POST',
    '/api/performer/performer-assets/photos/upload',
    creator,
    multipart({ galleryId, title: 'Backstage' }, { photo: picture }),
  );
/** Whether the account is served a media link (a signed file URL): 404 once moderation holds its file. */
const served = async (url: string, as: Account) => {
  const response = await inject('GET', url, as);
  expect([200, 206, 404], `${url}: ${response.body.slice(0, 200)}`).toContain(response.statusCode);
  return response.statusCode !== 404;
};
const holdsOf = (ids: string[]) => app.deps.db.select().from(moderationHolds).where(inArray(moderationHolds.targetId, ids));
const refuse = (targetType: string, targetId: string) =>
  inject('POST', '/api/admin/moderation/actions', admin, { targetType, targetId, action: 'hide', reason: 'Advertises another site' });

beforeAll(async () => {
  app = await createTestApp();
  admin = await signedIn(app, 'admin');
  await setSetting(app, 'enableProduct', true);
  picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
  clip = await generateVideo(1);
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
    // Its case cannot be dismissed: that would leave the post waiting with no case.
    const dismissed = await inject('PUT', `/api/admin/reports/targets/feed/${postId}`, admin, { reason: 'Fine' });
    expect(dismissed.statusCode, dismissed.body).toBe(409);

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

describe('a video of a reviewed creator', () => {
  it('cannot be seen, listed, opened or streamed by a fan until approved; its owner edits it meanwhile', async () => {
    await setSetting(app, 'reviewBeforePublication', 'flagged');
    const { creator, fan } = await creatorWithFan(60, true);
    const created = await inject(
      'POST',
      '/api/performer/performer-assets/videos/upload',
      creator,
      multipart({ title: 'Studio cut' }, { video: clip, thumbnail: picture }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const videoId = created.json()._id as string;
    expect(created.json().moderation).toMatchObject({ state: 'review', prePublication: true });
    await app.deps.jobs.drain();
    const own = async () => (await inject('GET', `/api/performer/performer-assets/videos/${videoId}/view`, creator)).json();
    const stream = (await own()).video.url as string;
    expect(stream).toMatch(/\/protected\//);
    expect(await served(stream, creator)).toBe(true);

    const page = () => inject('GET', `/api/performer-assets/videos/${videoId}`, fan);
    const listed = async () =>
      (await inject('GET', `/api/performer-assets/videos/search?performerId=${creator.user.id}`, fan))
        .json()
        .data.map((video: { _id: string }) => video._id);
    expect((await page()).statusCode).toBe(404);
    expect(await listed()).not.toContain(videoId);
    expect((await inject('POST', `/api/performer-assets/videos/${videoId}/view`, fan)).statusCode).toBe(404);
    expect(await served(stream, fan)).toBe(false);
    expect(await queueIds()).toContain(videoId);

    // The owner may still change it: a teaser added while it waits is held with it.
    const edited = await inject(
      'PUT',
      `/api/performer/performer-assets/videos/edit/${videoId}`,
      creator,
      multipart({ title: 'Studio cut, final' }, { teaser: clip }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const teaserId = edited.json().teaser._id as string;
    expect(await holdsOf([teaserId])).toEqual([expect.objectContaining({ state: 'review', prePublication: true })]);
    const mine = await inject('GET', '/api/performer/performer-assets/videos/search', creator);
    expect(mine.json().data[0].moderation).toMatchObject({ state: 'review', prePublication: true });

    expect((await approve('video', videoId)).statusCode).toBe(200);
    await app.deps.jobs.drain();
    const opened = await page();
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ title: 'Studio cut, final', canView: true });
    expect(await listed()).toContain(videoId);
    expect(await served(opened.json().video.url, fan)).toBe(true);
    expect(await holdsOf([videoId, teaserId, (await own()).video._id])).toEqual([]);
    expect(await queueIds()).not.toContain(videoId);
    const told = await app.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, creator.user.id), eq(notifications.kind, 'moderation')));
    expect(told).toEqual([expect.objectContaining({ link: `/video/${videoId}`, text: expect.stringContaining('approved') })]);
  });

  it('stays hidden with its reason when refused, and may no longer be edited', async () => {
    await setSetting(app, 'reviewBeforePublication', 'new');
    const { creator, fan } = await creatorWithFan(3);
    const created = await inject(
      'POST',
      '/api/performer/performer-assets/videos/upload',
      creator,
      multipart({ title: 'Elsewhere' }, { video: clip }),
    );
    const videoId = created.json()._id as string;
    expect((await refuse('video', videoId)).statusCode).toBe(200);
    expect((await inject('GET', `/api/performer-assets/videos/${videoId}`, fan)).statusCode).toBe(404);
    const mine = await inject('GET', '/api/performer/performer-assets/videos/search', creator);
    expect(mine.json().data[0].moderation).toEqual({ state: 'hidden', reason: 'Advertises another site', prePublication: false });
    const edit = await inject('PUT', `/api/performer/performer-assets/videos/edit/${videoId}`, creator, multipart({ title: 'Sneaky' }));
    expect(edit.statusCode).toBe(409);
    expect((await approve('video', videoId)).statusCode).toBe(404);
  });
});

describe('a gallery of a reviewed creator', () => {
  it('hides the gallery and the photos added while it waits from fans until approved', async () => {
    await setSetting(app, 'reviewBeforePublication', 'all');
    const { creator, fan } = await creatorWithFan(400);
    const created = await inject('POST', '/api/performer/performer-assets/galleries', creator, { title: 'Tour diary' });
    expect(created.statusCode, created.body).toBe(200);
    const galleryId = created.json()._id as string;
    expect(created.json().moderation).toMatchObject({ state: 'review', prePublication: true });
    const photo = await uploadPhoto(creator, galleryId);
    expect(photo.statusCode, photo.body).toBe(200);
    const photoLink = photo.json().file.url as string;
    expect(await holdsOf([photo.json().file._id])).toEqual([expect.objectContaining({ state: 'review', prePublication: true })]);
    expect(await served(photoLink, creator)).toBe(true);

    const page = () => inject('GET', `/api/performer-assets/galleries/${galleryId}`, fan);
    const listed = async () =>
      (await inject('GET', `/api/performer-assets/galleries/search?performerId=${creator.user.id}`, fan))
        .json()
        .data.map((gallery: { _id: string }) => gallery._id);
    const creatorPhotos = async () =>
      (await inject('GET', `/api/performer-assets/photos/${creator.user.id}`, fan)).json().data.map((row: { _id: string }) => row._id);
    expect((await page()).statusCode).toBe(404);
    expect(await listed()).not.toContain(galleryId);
    expect((await inject('GET', `/api/performer-assets/photos?galleryId=${galleryId}`, fan)).statusCode).toBe(404);
    expect(await creatorPhotos()).not.toContain(photo.json()._id);
    expect(await served(photoLink, fan)).toBe(false);
    expect(await queueIds()).toContain(galleryId);
    // The case shows the admin the photos in place.
    const inCase = await inject('GET', `/api/admin/reports/targets/gallery/${galleryId}`, admin);
    expect(inCase.statusCode, inCase.body).toBe(200);
    expect(inCase.json()).toMatchObject({ hold: { prePublication: true }, media: [{ kind: 'image' }] });
    const renamed = await inject('PUT', `/api/performer/performer-assets/galleries/${galleryId}`, creator, { title: 'Tour diary, day 1' });
    expect(renamed.statusCode, renamed.body).toBe(200);

    expect((await approve('gallery', galleryId)).statusCode).toBe(200);
    const opened = await page();
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ title: 'Tour diary, day 1', canView: true, cover: { _id: photo.json().file._id } });
    expect(await listed()).toContain(galleryId);
    expect(await creatorPhotos()).toContain(photo.json()._id);
    expect(await served(photoLink, fan)).toBe(true);
    expect(await holdsOf([galleryId, photo.json().file._id])).toEqual([]);
    // A photo added after approval is out at once.
    const later = await uploadPhoto(creator, galleryId);
    expect(await holdsOf([later.json().file._id])).toEqual([]);
  });

  it('stays hidden with its reason when refused; its owner can neither edit it nor add photos', async () => {
    await setSetting(app, 'reviewBeforePublication', 'new');
    const { creator, fan } = await creatorWithFan(3);
    const galleryId = (await inject('POST', '/api/performer/performer-assets/galleries', creator, { title: 'Elsewhere' })).json()._id;
    expect((await refuse('gallery', galleryId)).statusCode).toBe(200);
    expect((await inject('GET', `/api/performer-assets/galleries/${galleryId}`, fan)).statusCode).toBe(404);
    const mine = await inject('GET', '/api/performer/performer-assets/galleries/search', creator);
    expect(mine.json().data[0].moderation).toEqual({ state: 'hidden', reason: 'Advertises another site', prePublication: false });
    expect((await inject('PUT', `/api/performer/performer-assets/galleries/${galleryId}`, creator, { title: 'Sneaky' })).statusCode).toBe(
      409,
    );
    expect((await uploadPhoto(creator, galleryId)).statusCode).toBe(409);
    expect((await approve('gallery', galleryId)).statusCode).toBe(404);
  });
});

describe('an item its creator deletes while it waits for review', () => {
  it('closes its case as dismissed, lifts its holds and records who withdrew it', async () => {
    await setSetting(app, 'reviewBeforePublication', 'all');
    const { creator } = await creatorWithFan(400);
    const post = (await inject('POST', '/api/performer/feeds', creator, { type: 'text', text: 'Second thoughts' })).json()._id as string;
    const gallery = (await inject('POST', '/api/performer/performer-assets/galleries', creator, { title: 'Changed my mind' })).json()
      ._id as string;
    const photo = (await uploadPhoto(creator, gallery)).json();
    const story = (await inject('POST', '/api/stories/performers', creator, { type: 'text', text: 'Gone soon' })).json()._id as string;
    const deletions = [
      ['feed', post, `/api/performer/feeds/${post}`],
      ['gallery', gallery, `/api/performer/performer-assets/galleries/${gallery}`],
      ['story', story, `/api/stories/performers/${story}`],
    ] as const;
    expect(await queueIds()).toEqual(expect.arrayContaining([post, gallery, story]));
    for (const [, , url] of deletions) {
      const deleted = await inject('DELETE', url, creator);
      expect(deleted.statusCode, `${url}: ${deleted.body}`).toBe(200);
    }
    const open = await queueIds();
    const dismissed = await queueIds('dismissed');
    for (const [type, id] of deletions) {
      expect(open, type).not.toContain(id);
      expect(dismissed, type).toContain(id);
      const [entry] = await app.deps.db.select().from(auditEvents).where(eq(auditEvents.targetId, id));
      expect(entry, type).toMatchObject({ action: 'review.withdraw', actorId: creator.user.id, targetType: type });
      expect((await approve(type, id)).statusCode, type).toBe(404);
    }
    expect(await holdsOf([post, gallery, story, photo.file._id])).toEqual([]);
  });
});
