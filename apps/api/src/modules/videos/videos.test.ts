import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { expectSoundLedger, fundWallet, purchase, refusedFields, signedIn, subscribe, verifiedPerformer } from '../../../test/factories';
import { generateVideo } from '../../../test/media';
import { files } from '../../db/schema';

type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
let creator: Account;
let clip: Buffer;
let cover: Buffer;
beforeAll(async () => {
  app = await createTestApp({ jobsConcurrency: 0 });
  creator = await verifiedPerformer(app);
  clip = await generateVideo(2);
  cover = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#333' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => app.close());

const form = (fields: Record<string, string>, files: Record<string, Buffer> = {}) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  for (const [key, value] of Object.entries(files)) body.append(key, new Blob([value]), `${key}.bin`);
  return body;
};
const upload = (fields: Record<string, string>, files: Record<string, Buffer>, headers = creator.headers) =>
  app.inject({ method: 'POST', url: '/api/performer/performer-assets/videos/upload', headers, payload: form(fields, files) });
const view = (id: string, headers: Record<string, string> = {}) => app.inject({ url: `/api/performer-assets/videos/${id}`, headers });

describe('video library', () => {
  let paid: { _id: string };
  let forSubscribers: { _id: string };

  beforeAll(async () => {
    const first = await upload(
      { title: 'Studio session', price: '9.99', isSale: 'true', tags: 'Music,live' },
      { video: clip, teaser: clip, thumbnail: cover },
    );
    expect(first.statusCode, first.body).toBe(200);
    paid = first.json();
    forSubscribers = (await upload({ title: 'Subscribers only' }, { video: clip })).json();
    await app.deps.jobs.drain();
  });

  it('processes the video, teaser and thumbnail; the owner sees everything', async () => {
    const own = (await app.inject({ url: `/api/performer/performer-assets/videos/${paid._id}/view`, headers: creator.headers })).json();
    expect(own).toMatchObject({ title: 'Studio session', isSale: true, price: 9.99, tags: ['music', 'live'], canView: true });
    expect(own.video).toMatchObject({ status: 'finished', width: 640 });
    expect(own.video.url).toMatch(/^\/api\/media\/protected\/videos\/.+\?expires=/);
    expect(own.teaser.url).toMatch(/^\/api\/media\/public\/videos\//);
    expect(own.thumbnail.url).toMatch(/^\/api\/media\/public\/thumbnails\//);
    const status = await app.inject(`/api/performer-assets/videos/${paid._id}/file/${own.video._id}/status`);
    expect(status.json()).toMatchObject({ status: 'finished', url: null });
  });

  it('plays the full video only for a buyer (paid) or a subscriber (not for sale)', async () => {
    const fan = await signedIn(app, 'user');
    const buyer = await signedIn(app, 'user');
    await purchase(app, buyer.user.id, 'video', paid._id);
    const subscriber = await signedIn(app, 'user');
    await subscribe(app, subscriber.user.id, creator.user.id);
    const cases: Array<[Account | undefined, string, boolean]> = [
      [undefined, paid._id, false],
      [fan, paid._id, false],
      [buyer, paid._id, true],
      [subscriber, paid._id, false],
      [subscriber, forSubscribers._id, true],
      [buyer, forSubscribers._id, false],
    ];
    for (const [viewer, id, canView] of cases) {
      const response = await view(id, viewer?.headers);
      expect(response.json().canView).toBe(canView);
      if (canView) expect((await app.inject(response.json().video.url)).statusCode).toBe(200);
      else expect(response.body).not.toContain('/protected/');
    }
  });

  it('lists, filters, counts views, and takes likes, comments and bookmarks', async () => {
    const list = await app.inject(`/api/performer-assets/videos/search?performerId=${creator.user.id}&tags=music`);
    expect(list.json()).toMatchObject({ total: 1, data: [{ _id: paid._id }] });
    expect((await app.inject('/api/performer-assets/videos/search?q=subscri')).json().total).toBe(1);
    const addView = (headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: `/api/performer-assets/videos/${paid._id}/view`, headers });
    expect((await addView()).json()).toEqual({ views: 1 });
    // The creator watching their own video is not a view.
    expect((await addView(creator.headers)).json()).toEqual({ views: 1 });

    const fan = await signedIn(app, 'user');
    await subscribe(app, fan.user.id, creator.user.id);
    const react = (action: string) =>
      app.inject({
        method: 'POST',
        url: '/api/reactions',
        headers: fan.headers,
        payload: { objectType: 'video', objectId: forSubscribers._id, action },
      });
    await react('like');
    await react('bookmark');
    const comment = await app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: fan.headers,
      payload: { objectType: 'video', objectId: forSubscribers._id, content: 'Great one' },
    });
    expect(comment.statusCode, comment.body).toBe(200);
    expect((await view(forSubscribers._id, fan.headers)).json()).toMatchObject({
      stats: { likes: 1, comments: 1 },
      isLiked: true,
      isBookmarked: true,
    });
    const bookmarks = await app.inject({ url: '/api/reactions/videos/bookmark', headers: fan.headers });
    expect(bookmarks.json()).toMatchObject({ total: 1, data: [{ objectId: forSubscribers._id }] });
  });

  it('edits, removes the teaser, and deletes only for its creator', async () => {
    const other = await verifiedPerformer(app);
    const editUrl = `/api/performer/performer-assets/videos/edit/${paid._id}`;
    const edit = (headers: Record<string, string>, fields: Record<string, string>) =>
      app.inject({ method: 'PUT', url: editUrl, headers, payload: form(fields) });
    expect((await edit(other.headers, { title: 'Mine' })).statusCode).toBe(404);
    // The form sends every field: an empty tags field clears the tags.
    const edited = await edit(creator.headers, { title: 'Studio session (remastered)', status: 'draft', tags: '' });
    expect(edited.json()).toMatchObject({ title: 'Studio session (remastered)', status: 'draft', isSale: false, tags: [] });
    expect((await view(paid._id)).statusCode).toBe(404);

    const teaserUrl = edited.json().teaser.url;
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/performer/performer-assets/videos/remove-file/${paid._id}?type=teaser`,
      headers: creator.headers,
    });
    expect(removed.json().teaser).toBeNull();
    expect((await app.inject(teaserUrl)).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/performer/performer-assets/videos/${paid._id}`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/performer/performer-assets/videos/${paid._id}`, headers: creator.headers }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a missing video, a text file named .mp4, bad fields and fans', async () => {
    expect(refusedFields(await upload({ title: 'No file' }, {}))).toEqual(['video']);
    expect((await upload({ title: 'Text' }, { video: Buffer.from('not a video at all, just text') })).statusCode).toBe(415);
    expect(refusedFields(await upload({ title: '', price: 'cheap', status: 'live' }, { video: clip }))).toEqual([
      'price',
      'status',
      'title',
    ]);
    const fan = await signedIn(app, 'user');
    expect((await upload({ title: 'Fan video' }, { video: clip }, fan.headers)).statusCode).toBe(403);
  });
});

describe('a sold video its creator deletes (decision 034)', () => {
  afterEach(() => expectSoundLedger(app));

  it('stays its buyer’s: they play it and read its comments; it is off sale and out of every list; an unsold one goes', async () => {
    const author = await verifiedPerformer(app);
    const sold = (await upload({ title: 'Sold, then deleted', price: '5', isSale: 'true' }, { video: clip }, author.headers)).json();
    const unsold = (await upload({ title: 'Never sold', price: '5', isSale: 'true' }, { video: clip }, author.headers)).json();
    await app.deps.jobs.drain();
    const [buyer, late] = [await signedIn(app, 'user'), await signedIn(app, 'user')];
    for (const fan of [buyer, late]) await fundWallet(app, fan.user.id, 20);
    const buy = (fan: Account) =>
      app.inject({ method: 'POST', url: `/api/wallet/charges/video/${sold._id}`, headers: fan.headers, payload: {} });
    expect((await buy(buyer)).statusCode).toBe(200);
    const remove = (id: string) =>
      app.inject({ method: 'DELETE', url: `/api/performer/performer-assets/videos/${id}`, headers: author.headers });
    expect((await remove(sold._id)).statusCode).toBe(200);
    expect((await remove(unsold._id)).statusCode).toBe(200);

    // The buyer: its page with a fresh signed link that plays, the file's status, a view, and its comments (closed to new ones).
    const kept = (await view(sold._id, buyer.headers)).json();
    expect(kept).toMatchObject({ title: 'Sold, then deleted', isBought: true, canView: true });
    expect((await app.inject(kept.video.url)).statusCode).toBe(200);
    const status = (fan: Account) =>
      app.inject({ url: `/api/performer-assets/videos/${sold._id}/file/${kept.video._id}/status`, headers: fan.headers });
    expect((await status(buyer)).json().url).toMatch(/expires=/);
    const addView = (fan: Account) =>
      app.inject({ method: 'POST', url: `/api/performer-assets/videos/${sold._id}/view`, headers: fan.headers });
    expect((await addView(buyer)).json()).toEqual({ views: 1 });
    const comments = (fan: Account) => app.inject({ url: `/api/comments?objectType=video&objectId=${sold._id}`, headers: fan.headers });
    expect((await comments(buyer)).statusCode).toBe(200);
    const comment = { objectType: 'video', objectId: sold._id, content: 'Still here?' };
    expect((await app.inject({ method: 'POST', url: '/api/comments', headers: buyer.headers, payload: comment })).statusCode).toBe(409);

    // Out of every list, the buyer's included: the creator's videos, a search, their own list and the counts.
    for (const fan of [buyer, late]) {
      const listed = await app.inject({ url: `/api/performer-assets/videos/search?performerId=${author.user.id}`, headers: fan.headers });
      expect(listed.json().total).toBe(0);
      expect((await app.inject({ url: '/api/performer-assets/videos/search?q=then%20deleted', headers: fan.headers })).json().total).toBe(
        0,
      );
    }
    expect((await app.inject({ url: '/api/performer/performer-assets/videos/search', headers: author.headers })).json().total).toBe(0);
    expect((await app.inject(`/api/performers/${author.user.id}`)).json().counts).toMatchObject({ videos: 0 });

    // Anyone else: it does not exist, cannot be bought or liked; its creator can neither open nor edit it.
    expect((await view(sold._id, late.headers)).statusCode).toBe(404);
    expect((await view(sold._id)).statusCode).toBe(404);
    expect((await status(late)).statusCode).toBe(404);
    expect((await addView(late)).statusCode).toBe(404);
    expect((await comments(late)).statusCode).toBe(404);
    expect((await buy(late)).statusCode).toBe(404);
    const like = { objectType: 'video', objectId: sold._id, action: 'like' };
    expect((await app.inject({ method: 'POST', url: '/api/reactions', headers: buyer.headers, payload: like })).statusCode).toBe(404);
    expect((await view(sold._id, author.headers)).statusCode).toBe(404);
    const own = (path: string, method: 'GET' | 'PUT' | 'DELETE' = 'GET') =>
      app.inject({
        method,
        url: `/api/performer/performer-assets/videos/${path}`,
        headers: author.headers,
        payload: form({ title: 'Edited' }),
      });
    expect((await own(`${sold._id}/view`)).statusCode).toBe(404);
    expect((await own(`edit/${sold._id}`, 'PUT')).statusCode).toBe(404);
    expect((await own(`remove-file/${sold._id}?type=thumbnail`, 'DELETE')).statusCode).toBe(404);
    expect((await remove(sold._id)).statusCode).toBe(404);

    // The unsold video went with its file.
    expect((await view(unsold._id, author.headers)).statusCode).toBe(404);
    expect(await app.deps.db.select().from(files).where(eq(files.ownerId, author.user.id))).toMatchObject([{ id: kept.video._id }]);
  });
});
