import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { expectSoundLedger, fundWallet, purchase, refusedFields, signedIn, subscribe, verifiedPerformer } from '../../../test/factories';

type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
let creator: Account;
let picture: Buffer;
beforeAll(async () => {
  app = await createTestApp();
  creator = await verifiedPerformer(app);
  picture = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#e0245e' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => app.close());

const createGallery = async (body: object, headers = creator.headers) => {
  const response = await app.inject({ method: 'POST', url: '/api/performer/performer-assets/galleries', headers, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { _id: string };
};
const uploadPhoto = (galleryId: string, headers = creator.headers, data = picture) => {
  const form = new FormData();
  form.append('galleryId', galleryId);
  form.append('title', 'Sunset');
  form.append('photo', new Blob([data]), 'sunset.jpg');
  return app.inject({ method: 'POST', url: '/api/performer/performer-assets/photos/upload', headers, payload: form });
};
const photosOf = (galleryId: string, headers: Record<string, string> = {}) =>
  app.inject({ url: `/api/performer-assets/photos?galleryId=${galleryId}&sort=asc`, headers });

describe('galleries and photos', () => {
  it('collects photos with a cover; photos follow the gallery’s access rule', async () => {
    const gallery = await createGallery({ title: 'Paris trip', isSale: true, price: 12.5 });
    const first = await uploadPhoto(gallery._id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ title: 'Sunset', isCover: true });
    const second = (await uploadPhoto(gallery._id)).json();
    expect(second.isCover).toBe(false);

    const fan = await signedIn(app, 'user');
    const subscriber = await signedIn(app, 'user');
    await subscribe(app, subscriber.user.id, creator.user.id);
    const buyer = await signedIn(app, 'user');
    await purchase(app, buyer.user.id, 'gallery', gallery._id);
    for (const [viewer, canView] of [
      [undefined, false],
      [fan, false],
      [subscriber, false],
      [buyer, true],
      [creator, true],
    ] as Array<[Account | undefined, boolean]>) {
      const shown = await app.inject({ url: `/api/performer-assets/galleries/${gallery._id}`, headers: viewer?.headers ?? {} });
      expect(shown.json()).toMatchObject({ canView, price: 12.5, stats: { photos: 2 } });
      const list = await photosOf(gallery._id, viewer?.headers);
      expect(list.json().total).toBe(2);
      const across = await app.inject({ url: `/api/performer-assets/photos/${creator.user.id}`, headers: viewer?.headers ?? {} });
      expect(across.json().data.filter((photo: { galleryId: string }) => photo.galleryId === gallery._id)).toHaveLength(2);
      if (canView) expect((await app.inject(list.json().data[0].file.url)).statusCode).toBe(200);
      else {
        expect(list.body).not.toContain('/protected/');
        expect(across.body).not.toContain('/protected/');
        expect(list.json().data[0].file.previewUrl).toMatch(/^\/api\/media\/public\/previews\//);
      }
    }
  });

  it('moves the cover, deletes photos and galleries with their files, for the owner only', async () => {
    const gallery = await createGallery({ title: 'Studio' });
    const first = (await uploadPhoto(gallery._id)).json();
    const second = (await uploadPhoto(gallery._id)).json();
    const other = await verifiedPerformer(app);
    expect(
      (await app.inject({ method: 'POST', url: `/api/performer/performer-assets/photos/set-cover/${second._id}`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
    const covered = await app.inject({
      method: 'POST',
      url: `/api/performer/performer-assets/photos/set-cover/${second._id}`,
      headers: creator.headers,
    });
    expect(covered.json().cover._id).toBe(second.file._id);

    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/performer/performer-assets/photos/${first._id}`,
      headers: creator.headers,
      payload: { title: 'Morning' },
    });
    expect(renamed.json().title).toBe('Morning');
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/performer/performer-assets/photos/${second._id}`, headers: creator.headers }))
        .statusCode,
    ).toBe(200);
    const after = (
      await app.inject({ url: `/api/performer/performer-assets/galleries/${gallery._id}/view`, headers: creator.headers })
    ).json();
    expect(after).toMatchObject({ stats: { photos: 1 }, cover: { _id: first.file._id } });
    expect((await app.inject(second.file.url)).statusCode).toBe(404);

    expect(
      (await app.inject({ method: 'DELETE', url: `/api/performer/performer-assets/galleries/${gallery._id}`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/performer/performer-assets/galleries/${gallery._id}`, headers: creator.headers }))
        .statusCode,
    ).toBe(200);
    expect((await app.inject(first.file.url)).statusCode).toBe(404);
    expect((await photosOf(gallery._id)).statusCode).toBe(404);
  });

  it('lists, counts views, takes likes, comments and bookmarks from subscribers', async () => {
    const gallery = await createGallery({ title: 'For subscribers' });
    await createGallery({ title: 'Hidden draft', status: 'draft' });
    const search = await app.inject(`/api/performer-assets/galleries/search?performerId=${creator.user.id}&q=subscri`);
    expect(search.json()).toMatchObject({ total: 1, data: [{ _id: gallery._id }] });
    expect((await app.inject(`/api/performer-assets/galleries/search?performerId=${creator.user.id}&q=draft`)).json().total).toBe(0);
    expect(
      (await app.inject({ url: '/api/performer/performer-assets/galleries/search?status=draft', headers: creator.headers })).json().total,
    ).toBe(1);
    expect((await app.inject({ method: 'POST', url: `/api/performer-assets/galleries/${gallery._id}/view` })).json()).toEqual({ views: 1 });

    const fan = await signedIn(app, 'user');
    await subscribe(app, fan.user.id, creator.user.id);
    for (const action of ['like', 'bookmark']) {
      await app.inject({
        method: 'POST',
        url: '/api/reactions',
        headers: fan.headers,
        payload: { objectType: 'gallery', objectId: gallery._id, action },
      });
    }
    const comment = await app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: fan.headers,
      payload: { objectType: 'gallery', objectId: gallery._id, content: 'Wow' },
    });
    expect(comment.statusCode, comment.body).toBe(200);
    expect((await app.inject({ url: `/api/performer-assets/galleries/${gallery._id}`, headers: fan.headers })).json()).toMatchObject({
      stats: { likes: 1, comments: 1 },
      isLiked: true,
      isBookmarked: true,
      canView: true,
    });
    expect((await app.inject({ url: '/api/reactions/galleries/bookmark', headers: fan.headers })).json()).toMatchObject({ total: 1 });
  });

  it('refuses photos for another creator’s gallery, non-images, and bad fields', async () => {
    const other = await verifiedPerformer(app);
    const theirs = await createGallery({ title: 'Theirs' }, other.headers);
    expect((await uploadPhoto(theirs._id)).statusCode).toBe(404);
    const mine = await createGallery({ title: 'Mine' });
    expect((await uploadPhoto(mine._id, creator.headers, Buffer.from('plain text, not a photo'))).statusCode).toBe(415);
    const form = new FormData();
    form.append('galleryId', 'nope');
    expect(
      refusedFields(
        await app.inject({ method: 'POST', url: '/api/performer/performer-assets/photos/upload', headers: creator.headers, payload: form }),
      ),
    ).toEqual(['galleryId']);
    expect(
      refusedFields(
        await app.inject({
          method: 'POST',
          url: '/api/performer/performer-assets/galleries',
          headers: creator.headers,
          payload: { title: '', price: -2 },
        }),
      ),
    ).toEqual(['price', 'title']);
  });
});

describe('alt text (decision 030)', () => {
  it('goes with a gallery photo to those who may see it; a locked cover carries none', async () => {
    const gallery = await createGallery({ title: 'Harbour', isSale: true, price: 3 });
    const photo = (await uploadPhoto(gallery._id)).json() as { file: { _id: string } };
    const written = await app.inject({
      method: 'PUT',
      url: `/api/media/files/${photo.file._id}/alt-text`,
      headers: creator.headers,
      payload: { altText: 'Fishing boats at dawn' },
    });
    expect(written.statusCode, written.body).toBe(200);
    const buyer = await signedIn(app, 'user');
    await purchase(app, buyer.user.id, 'gallery', gallery._id);
    expect((await photosOf(gallery._id, buyer.headers)).json().data[0].file.altText).toBe('Fishing boats at dawn');
    const shown = await app.inject({ url: `/api/performer-assets/galleries/${gallery._id}`, headers: buyer.headers });
    expect(shown.json().cover.altText).toBe('Fishing boats at dawn');

    const fan = await signedIn(app, 'user');
    const locked = await app.inject({ url: `/api/performer-assets/galleries/${gallery._id}`, headers: fan.headers });
    expect(locked.json().canView).toBe(false);
    expect(locked.body).not.toContain('Fishing boats');
    expect((await photosOf(gallery._id, fan.headers)).body).not.toContain('Fishing boats');
  });
});

describe('a sold gallery its creator deletes (decision 034)', () => {
  afterEach(() => expectSoundLedger(app));

  it('stays its buyer’s: they open it, its photos and comments; it is off sale and out of every list; an unsold one goes', async () => {
    const author = await verifiedPerformer(app);
    const sold = await createGallery({ title: 'Sold, then deleted', isSale: true, price: 5 }, author.headers);
    const photo = (await uploadPhoto(sold._id, author.headers)).json();
    const unsold = await createGallery({ title: 'Never sold', isSale: true, price: 5 }, author.headers);
    const unsoldPhoto = (await uploadPhoto(unsold._id, author.headers)).json();
    const [buyer, late] = [await signedIn(app, 'user'), await signedIn(app, 'user')];
    for (const fan of [buyer, late]) await fundWallet(app, fan.user.id, 20);
    const buy = (fan: Account) =>
      app.inject({ method: 'POST', url: `/api/wallet/charges/gallery/${sold._id}`, headers: fan.headers, payload: {} });
    expect((await buy(buyer)).statusCode).toBe(200);
    const remove = (id: string) =>
      app.inject({ method: 'DELETE', url: `/api/performer/performer-assets/galleries/${id}`, headers: author.headers });
    expect((await remove(sold._id)).statusCode).toBe(200);
    expect((await remove(unsold._id)).statusCode).toBe(200);

    // The buyer: its page, its photos by fresh signed links, a view, and its comments (closed to new ones).
    const gallery = (fan?: Account) => app.inject({ url: `/api/performer-assets/galleries/${sold._id}`, headers: fan?.headers });
    expect((await gallery(buyer)).json()).toMatchObject({ title: 'Sold, then deleted', isBought: true, canView: true });
    const photos = (await photosOf(sold._id, buyer.headers)).json();
    expect(photos).toMatchObject({ total: 1, data: [{ _id: photo._id }] });
    expect((await app.inject(photos.data[0].file.url)).statusCode).toBe(200);
    const addView = (fan: Account) =>
      app.inject({ method: 'POST', url: `/api/performer-assets/galleries/${sold._id}/view`, headers: fan.headers });
    expect((await addView(buyer)).json()).toEqual({ views: 1 });
    const comments = (fan: Account) => app.inject({ url: `/api/comments?objectType=gallery&objectId=${sold._id}`, headers: fan.headers });
    expect((await comments(buyer)).statusCode).toBe(200);
    const comment = { objectType: 'gallery', objectId: sold._id, content: 'Still here?' };
    expect((await app.inject({ method: 'POST', url: '/api/comments', headers: buyer.headers, payload: comment })).statusCode).toBe(409);

    // Out of every list, the buyer's included: the creator's galleries and photos, a search, their own list and the counts.
    for (const fan of [buyer, late]) {
      const listed = await app.inject({
        url: `/api/performer-assets/galleries/search?performerId=${author.user.id}`,
        headers: fan.headers,
      });
      expect(listed.json().total).toBe(0);
      expect(
        (await app.inject({ url: '/api/performer-assets/galleries/search?q=then%20deleted', headers: fan.headers })).json().total,
      ).toBe(0);
      expect((await app.inject({ url: `/api/performer-assets/photos/${author.user.id}`, headers: fan.headers })).json().total).toBe(0);
    }
    expect((await app.inject({ url: '/api/performer/performer-assets/galleries/search', headers: author.headers })).json().total).toBe(0);
    expect((await app.inject(`/api/performers/${author.user.id}`)).json().counts).toMatchObject({ photos: 0 });

    // Anyone else: it does not exist, cannot be bought or liked; its creator can neither open nor edit it or its photos.
    expect((await gallery(late)).statusCode).toBe(404);
    expect((await gallery()).statusCode).toBe(404);
    expect((await photosOf(sold._id, late.headers)).statusCode).toBe(404);
    expect((await addView(late)).statusCode).toBe(404);
    expect((await comments(late)).statusCode).toBe(404);
    expect((await buy(late)).statusCode).toBe(404);
    const like = { objectType: 'gallery', objectId: sold._id, action: 'like' };
    expect((await app.inject({ method: 'POST', url: '/api/reactions', headers: buyer.headers, payload: like })).statusCode).toBe(404);
    expect((await gallery(author)).statusCode).toBe(404);
    const own = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, payload?: object) =>
      app.inject({ method, url: `/api/performer/performer-assets/${path}`, headers: author.headers, payload });
    expect((await own('GET', `galleries/${sold._id}/view`)).statusCode).toBe(404);
    expect((await own('GET', `photos/search?galleryId=${sold._id}`)).statusCode).toBe(404);
    expect((await own('PUT', `galleries/${sold._id}`, { title: 'Edited' })).statusCode).toBe(404);
    expect((await own('PUT', `photos/${photo._id}`, { title: 'Edited' })).statusCode).toBe(404);
    expect((await own('POST', `photos/set-cover/${photo._id}`)).statusCode).toBe(404);
    expect((await own('DELETE', `photos/${photo._id}`)).statusCode).toBe(404);
    expect((await uploadPhoto(sold._id, author.headers)).statusCode).toBe(404);
    expect((await remove(sold._id)).statusCode).toBe(404);
    expect((await app.inject(photos.data[0].file.url)).statusCode).toBe(200);

    // The unsold gallery went with its photo's file.
    expect((await photosOf(unsold._id, author.headers)).statusCode).toBe(404);
    expect((await app.inject(unsoldPhoto.file.url)).statusCode).toBe(404);
  });
});
