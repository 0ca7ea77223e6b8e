import { desc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { expectSoundLedger, fundWallet, purchase, refusedFields, signedIn, subscribe, verifiedPerformer } from '../../../test/factories';
import { generateVideo } from '../../../test/media';
import { feeds, files } from '../../db/schema';

type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
let creator: Account;
let photo: Buffer;
beforeAll(async () => {
  app = await createTestApp({ jobsConcurrency: 0 });
  creator = await verifiedPerformer(app);
  photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#e84' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SpyCam' } })
    .toBuffer();
});
afterAll(() => app.close());

const upload = (kind: string, data: Buffer, headers = creator.headers, name = 'file.jpg') => {
  const form = new FormData();
  form.append('file', new Blob([data]), name);
  return app.inject({ method: 'POST', url: `/api/performer/feeds/${kind}/upload`, headers, payload: form });
};
const uploaded = async (kind: string, data: Buffer, headers = creator.headers) => {
  const response = await upload(kind, data, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { _id: string; status: string; url: string | null; thumbnailUrl: string | null; previewUrl: string | null };
};
const post = async (body: object, headers = creator.headers) => {
  const response = await app.inject({ method: 'POST', url: '/api/performer/feeds', headers, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const view = (id: string, headers: Record<string, string> = {}) => app.inject({ url: `/api/user/feeds/${id}`, headers });

describe('feed uploads', () => {
  it('keeps a photo protected: signed links for its owner, a public blurred preview, EXIF gone', async () => {
    const file = await uploaded('photo', photo);
    expect(file.status).toBe('finished');
    expect(file.url).toMatch(/^\/api\/media\/protected\/photos\/.+\.webp\?expires=\d+&signature=/);
    expect(file.thumbnailUrl).toMatch(/^\/api\/media\/protected\/thumbnails\//);
    expect(file.previewUrl).toMatch(/^\/api\/media\/public\/previews\//);
    const original = await app.inject(file.url!);
    const metadata = await sharp(original.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1600, height: 1200 });
    expect(metadata.exif).toBeUndefined();
    expect((await sharp((await app.inject(file.previewUrl!)).rawPayload).metadata()).width).toBeLessThanOrEqual(32);
  });

  it('refuses a text file named .jpg, a fan, and a video sent as a photo', async () => {
    expect((await upload('photo', Buffer.from('hello, I am text'))).statusCode).toBe(415);
    const fan = await signedIn(app, 'user');
    expect((await upload('photo', photo, fan.headers)).statusCode).toBe(403);
    expect((await upload('video', photo)).statusCode).toBe(415);
  });

  it('processes a real 3-second video to finished with a poster and its duration', async () => {
    const video = await uploaded('video', await generateVideo(3));
    expect(video).toMatchObject({ status: 'processing', url: null });
    const feed = await post({ type: 'video', text: 'New clip', fileIds: [video._id] });
    const status = () => app.inject({ url: `/api/user/feeds/${feed._id}/file/${video._id}/status`, headers: creator.headers });
    expect((await status()).json().status).toBe('processing');
    await app.deps.jobs.drain();
    const finished = (await status()).json();
    expect(finished).toMatchObject({ status: 'finished', width: 640, height: 360 });
    expect(finished.duration).toBeCloseTo(3, 0);
    expect(finished.url).toMatch(/^\/api\/media\/protected\/videos\/.+\.mp4\?/);
    expect(finished.thumbnailUrl).toMatch(/^\/api\/media\/protected\/thumbnails\//);
    expect((await app.inject(finished.url)).headers['content-type']).toBe('video/mp4');
  });
});

describe('who sees what', () => {
  let forSubscribers: { _id: string };
  let paid: { _id: string };
  let freeSale: { _id: string };
  const viewers: Record<string, Account | undefined> = {};

  beforeAll(async () => {
    forSubscribers = await post({ type: 'photo', text: 'For my subscribers', fileIds: [(await uploaded('photo', photo))._id] });
    paid = await post({ type: 'photo', text: 'Pay to see', isSale: true, price: 4.99, fileIds: [(await uploaded('photo', photo))._id] });
    freeSale = await post({ type: 'photo', text: 'A gift', isSale: true, price: 0, fileIds: [(await uploaded('photo', photo))._id] });
    viewers.owner = creator;
    viewers.admin = await signedIn(app, 'admin');
    viewers.subscriber = await signedIn(app, 'user');
    await subscribe(app, viewers.subscriber.user.id, creator.user.id);
    viewers.follower = await signedIn(app, 'user');
    await app.inject({ method: 'POST', url: `/api/follows/${creator.user.id}`, headers: viewers.follower.headers });
    viewers.buyer = await signedIn(app, 'user');
    await purchase(app, viewers.buyer.user.id, 'feed', paid._id);
    viewers.lapsed = await signedIn(app, 'user');
    await subscribe(app, viewers.lapsed.user.id, creator.user.id, new Date(Date.now() - 1000));
    viewers.anonymous = undefined;
  });

  // canView for [subscriber-only post, paid post, for sale at 0]
  const matrix: Array<[string, [boolean, boolean, boolean]]> = [
    ['owner', [true, true, true]],
    ['admin', [true, true, true]],
    ['subscriber', [true, false, true]],
    ['follower', [false, false, true]],
    ['buyer', [false, true, true]],
    ['lapsed', [false, false, true]],
    ['anonymous', [false, false, true]],
  ];

  it.each(matrix)('%s', async (name, expected) => {
    const headers = viewers[name]?.headers ?? {};
    for (const [index, feed] of [forSubscribers, paid, freeSale].entries()) {
      const response = await view(feed._id, headers);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.canView, `${name} on post ${index}`).toBe(expected[index]);
      expect(body.files[0].previewUrl).toMatch(/^\/api\/media\/public\/previews\//);
      if (expected[index]) {
        expect((await app.inject(body.files[0].url)).statusCode).toBe(200);
      } else {
        // No usable link to the full media anywhere in the answer.
        expect(body.files[0].url).toBeNull();
        expect(body.files[0].thumbnailUrl).toBeNull();
        expect(response.body).not.toContain('/protected/');
      }
    }
    if (name === 'subscriber') expect((await view(forSubscribers._id, headers)).json().isSubscribed).toBe(true);
    if (name === 'buyer') expect((await view(paid._id, headers)).json()).toMatchObject({ isBought: true, price: 4.99, isSale: true });
  });

  it('offers the least a month of the creator’s plans with a post, and nothing without plans', async () => {
    expect((await view(forSubscribers._id)).json().subscribeFrom).toBeNull();
    // $10 a month, $27 for three (9.00), $96 for twelve (8.00): the year is the cheapest month.
    const plans = { monthlyPrice: 10, threeMonthPrice: 27, yearlyPrice: 96 };
    const saved = await app.inject({ method: 'PUT', url: '/api/performers/me', headers: creator.headers, payload: plans });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await view(forSubscribers._id)).json().subscribeFrom).toBe(8);
    const page = await app.inject({ url: `/api/user/feeds/search/${creator.user.username}?limit=1` });
    expect(page.json().data[0].subscribeFrom).toBe(8);
  });

  it.each(matrix)('%s, on the creator’s page and their timeline', async (name, expected) => {
    const headers = viewers[name]?.headers ?? {};
    const pages = [app.inject({ url: `/api/user/feeds/search/${creator.user.username}?limit=50`, headers })];
    // Those whom the creator reaches see the same posts in their timeline.
    if (name === 'subscriber' || name === 'follower') pages.push(app.inject({ url: '/api/user/feeds?limit=50', headers }));
    for (const response of await Promise.all(pages)) {
      expect(response.statusCode, response.body).toBe(200);
      const shown = (response.json() as { data: Array<{ _id: string; canView: boolean; files: Array<{ url: string | null }> }> }).data;
      for (const [index, feed] of [forSubscribers, paid, freeSale].entries()) {
        const item = shown.find((candidate) => candidate._id === feed._id)!;
        expect(item.canView, `${name} on post ${index}`).toBe(expected[index]);
        if (!expected[index]) expect(JSON.stringify(item)).not.toContain('/protected/');
        else expect(item.files[0]!.url).toMatch(/^\/api\/media\/protected\//);
      }
    }
  });
});

describe('timeline and creator pages', () => {
  it('shows followed creators’ posts newest first, in keyset pages without gaps or repeats', async () => {
    const other = await verifiedPerformer(app);
    const fan = await signedIn(app, 'user');
    await app.inject({ method: 'POST', url: `/api/follows/${other.user.id}`, headers: fan.headers });
    const texts = [];
    for (let i = 0; i < 5; i++) texts.push((await post({ type: 'text', text: `Update ${i}` }, other.headers)).text);
    const stranger = await verifiedPerformer(app);
    await post({ type: 'text', text: 'Not followed' }, stranger.headers);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const response = await app.inject({ url: `/api/user/feeds${query}`, headers: fan.headers });
      expect(response.statusCode, response.body).toBe(200);
      const pageBody = response.json() as { data: Array<{ text: string }>; nextCursor: string | null };
      seen.push(...pageBody.data.map((feed) => feed.text));
      cursor = pageBody.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...texts].reverse());
    expect((await app.inject({ url: '/api/user/feeds?cursor=garbage', headers: fan.headers })).json().details).toEqual([
      { field: 'cursor', message: 'is not valid' },
    ]);
  });

  it('pages a timeline of several creators exactly, posts microseconds apart and at one instant included', async () => {
    const fan = await signedIn(app, 'user');
    const posted: string[] = [];
    for (let author = 0; author < 3; author++) {
      const other = await verifiedPerformer(app);
      await app.inject({ method: 'POST', url: `/api/follows/${other.user.id}`, headers: fan.headers });
      for (let n = 0; n < 4; n++) posted.push((await post({ type: 'text', text: `Author ${author} post ${n}` }, other.headers))._id);
    }
    // Twelve posts within 0.6 ms, two at each instant: a cursor cut to milliseconds would skip some.
    for (const [index, id] of posted.entries()) {
      await app.deps.db
        .update(feeds)
        .set({ publishedAt: sql`'2026-01-01T00:00:00Z'::timestamptz + make_interval(secs => ${(index % 6) / 10_000})` })
        .where(eq(feeds.id, id));
    }
    const expected = (
      await app.deps.db
        .select({ text: feeds.text })
        .from(feeds)
        .where(inArray(feeds.id, posted))
        .orderBy(desc(feeds.publishedAt), desc(feeds.id))
    ).map((row) => row.text);
    for (const limit of [1, 2, 5]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `?limit=${limit}&cursor=${cursor}` : `?limit=${limit}`;
        const pageBody = (await app.inject({ url: `/api/user/feeds${query}`, headers: fan.headers })).json() as {
          data: Array<{ text: string }>;
          nextCursor: string | null;
        };
        seen.push(...pageBody.data.map((feed) => feed.text));
        cursor = pageBody.nextCursor;
      } while (cursor);
      expect(seen, `pages of ${limit}`).toEqual(expected);
    }
  });

  it('publishes a scheduled post exactly at its time', async () => {
    const author = await verifiedPerformer(app);
    const fan = await signedIn(app, 'user');
    await subscribe(app, fan.user.id, author.user.id);
    const scheduled = await post(
      { type: 'text', text: 'Tomorrow', scheduleAt: new Date(Date.now() + 86_400_000).toISOString() },
      author.headers,
    );
    const timelineTexts = async () =>
      (await app.inject({ url: '/api/user/feeds', headers: fan.headers })).json().data.map((feed: { text: string }) => feed.text);
    expect(await timelineTexts()).not.toContain('Tomorrow');
    expect((await view(scheduled._id, fan.headers)).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/performer/feeds/${scheduled._id}`, headers: author.headers })).statusCode).toBe(200);
    await app.deps.db
      .update(feeds)
      .set({ publishedAt: new Date(Date.now() - 1000) })
      .where(eq(feeds.id, scheduled._id));
    expect(await timelineTexts()).toContain('Tomorrow');
  });

  it('lists a creator’s posts pinned first, for visitors too', async () => {
    const author = await verifiedPerformer(app);
    await post({ type: 'text', text: 'Pinned hello', isPinned: true }, author.headers);
    await post({ type: 'text', text: 'Newer news' }, author.headers);
    const response = await app.inject(`/api/user/feeds/search/${author.user.username}`);
    expect(response.json().data.map((feed: { text: string }) => feed.text)).toEqual(['Pinned hello', 'Newer news']);
    expect((await app.inject('/api/user/feeds/search/nobody-here')).statusCode).toBe(404);
  });
});

describe('polls', () => {
  it('takes one vote per user before the end, counted', async () => {
    const poll = await app.inject({
      method: 'POST',
      url: '/api/performer/feeds/polls',
      headers: creator.headers,
      payload: { description: 'Next video?', options: ['Beach', 'City'], expiredAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(poll.statusCode, poll.body).toBe(200);
    const feed = await post({ type: 'text', text: 'Vote!', pollId: poll.json()._id });
    const [beach] = feed.poll.options;
    const fan = await signedIn(app, 'user');
    const vote = (optionId: string) =>
      app.inject({ method: 'POST', url: `/api/user/feeds/vote/${feed._id}`, headers: fan.headers, payload: { optionId } });
    const voted = await vote(beach._id);
    expect(voted.statusCode, voted.body).toBe(200);
    expect(voted.json().poll).toMatchObject({ totalVotes: 1, votedOptionId: beach._id });
    expect((await vote(beach._id)).statusCode).toBe(409);
    expect(refusedFields(await vote('00000000-0000-4000-8000-000000000000'))).toEqual(['optionId']);
  });

  it('refuses a poll that ends in the past or has one option', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/performer/feeds/polls',
      headers: creator.headers,
      payload: { options: ['Only'], expiredAt: '2020-01-01T00:00:00Z' },
    });
    expect(refusedFields(response)).toEqual(['expiredAt', 'options']);
  });
});

describe('the creator’s own posts', () => {
  it('refuses media of another creator, the wrong kind, and reused files', async () => {
    const other = await verifiedPerformer(app);
    const theirs = await uploaded('photo', photo, other.headers);
    const save = (body: object) => app.inject({ method: 'POST', url: '/api/performer/feeds', headers: creator.headers, payload: body });
    expect(refusedFields(await save({ type: 'photo', fileIds: [theirs._id] }))).toEqual(['fileIds']);
    const mine = await uploaded('photo', photo);
    expect(refusedFields(await save({ type: 'video', fileIds: [mine._id] }))).toEqual(['fileIds']);
    await post({ type: 'photo', fileIds: [mine._id] });
    expect((await save({ type: 'photo', fileIds: [mine._id] })).json().details).toEqual([
      { field: 'fileIds', message: 'belongs to another post' },
    ]);
    expect(refusedFields(await save({ type: 'text', text: '' }))).toEqual(['text']);
  });

  it('edits and deletes only its own posts, removing dropped media from storage', async () => {
    const first = await uploaded('photo', photo);
    const feed = await post({ type: 'photo', text: 'Two versions', fileIds: [first._id] });
    const second = await uploaded('photo', photo);
    const other = await verifiedPerformer(app);
    const url = `/api/performer/feeds/${feed._id}`;
    expect((await app.inject({ method: 'PUT', url, headers: other.headers, payload: { type: 'text', text: 'mine now' } })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'DELETE', url, headers: other.headers })).statusCode).toBe(404);
    const fan = await signedIn(app, 'user');
    expect((await app.inject({ method: 'DELETE', url, headers: fan.headers })).statusCode).toBe(403);

    const updated = await app.inject({
      method: 'PUT',
      url,
      headers: creator.headers,
      payload: { type: 'photo', text: 'Better', fileIds: [second._id] },
    });
    expect(updated.json().files.map((file: { _id: string }) => file._id)).toEqual([second._id]);
    expect((await app.inject(first.url!)).statusCode).toBe(404);
    const own = await app.inject({ url: '/api/performer/feeds?type=photo&q=better', headers: creator.headers });
    expect(own.json().total).toBe(1);
    expect((await app.inject({ method: 'DELETE', url, headers: creator.headers })).statusCode).toBe(200);
    expect((await app.inject(second.url!)).statusCode).toBe(404);
    expect((await view(feed._id)).statusCode).toBe(404);
  });
});

describe('a sold post its creator deletes (decision 034)', () => {
  afterEach(() => expectSoundLedger(app));

  it('stays its buyer’s: they open it, its media and comments; it is off sale and out of every list; an unsold one goes', async () => {
    const author = await verifiedPerformer(app);
    const media = await uploaded('photo', photo, author.headers);
    const sold = await post({ type: 'photo', text: 'Sold, then deleted', isSale: true, price: 5, fileIds: [media._id] }, author.headers);
    const unsoldMedia = await uploaded('photo', photo, author.headers);
    const unsold = await post({ type: 'photo', text: 'Never sold', isSale: true, price: 5, fileIds: [unsoldMedia._id] }, author.headers);
    const [buyer, late] = [await signedIn(app, 'user'), await signedIn(app, 'user')];
    for (const fan of [buyer, late]) {
      await fundWallet(app, fan.user.id, 20);
      await app.inject({ method: 'POST', url: `/api/follows/${author.user.id}`, headers: fan.headers });
    }
    const buy = (fan: Account) =>
      app.inject({ method: 'POST', url: `/api/wallet/charges/feed/${sold._id}`, headers: fan.headers, payload: {} });
    expect((await buy(buyer)).statusCode).toBe(200);
    const remove = (id: string) => app.inject({ method: 'DELETE', url: `/api/performer/feeds/${id}`, headers: author.headers });
    expect((await remove(sold._id)).statusCode).toBe(200);
    expect((await remove(unsold._id)).statusCode).toBe(200);

    // The buyer: its page, a fresh signed link to its photo, the file's status and its comments (closed to new ones).
    const kept = (await view(sold._id, buyer.headers)).json();
    expect(kept).toMatchObject({ text: 'Sold, then deleted', isBought: true, canView: true });
    expect((await app.inject(kept.files[0].url)).statusCode).toBe(200);
    const status = (fan?: Account) => app.inject({ url: `/api/user/feeds/${sold._id}/file/${media._id}/status`, headers: fan?.headers });
    expect((await status(buyer)).json().url).toMatch(/expires=/);
    const comments = (fan: Account) => app.inject({ url: `/api/comments?objectType=feed&objectId=${sold._id}`, headers: fan.headers });
    expect((await comments(buyer)).statusCode).toBe(200);
    const comment = { objectType: 'feed', objectId: sold._id, content: 'Still here?' };
    expect((await app.inject({ method: 'POST', url: '/api/comments', headers: buyer.headers, payload: comment })).statusCode).toBe(409);

    // Out of every list, the buyer's included: the timeline, the creator's page, their own list and the counts.
    for (const fan of [buyer, late]) {
      expect((await app.inject({ url: '/api/user/feeds', headers: fan.headers })).json().data).toEqual([]);
      expect((await app.inject({ url: `/api/user/feeds/search/${author.user.username}`, headers: fan.headers })).json().data).toEqual([]);
    }
    expect((await app.inject({ url: '/api/performer/feeds', headers: author.headers })).json().total).toBe(0);
    expect((await app.inject(`/api/performers/${author.user.id}`)).json().counts).toMatchObject({ posts: 0, photos: 0 });

    // Anyone else: it does not exist, cannot be bought or liked; its creator can neither open nor edit it.
    expect((await view(sold._id, late.headers)).statusCode).toBe(404);
    expect((await view(sold._id)).statusCode).toBe(404);
    expect((await status(late)).statusCode).toBe(404);
    expect((await comments(late)).statusCode).toBe(404);
    expect((await buy(late)).statusCode).toBe(404);
    const like = { objectType: 'feed', objectId: sold._id, action: 'like' };
    expect((await app.inject({ method: 'POST', url: '/api/reactions', headers: buyer.headers, payload: like })).statusCode).toBe(404);
    expect((await view(sold._id, author.headers)).statusCode).toBe(404);
    const own = `/api/performer/feeds/${sold._id}`;
    expect((await app.inject({ url: own, headers: author.headers })).statusCode).toBe(404);
    const edit = { type: 'text', text: 'Edited after all' };
    expect((await app.inject({ method: 'PUT', url: own, headers: author.headers, payload: edit })).statusCode).toBe(404);
    expect((await remove(sold._id)).statusCode).toBe(404);

    // The unsold post went with its media.
    expect((await view(unsold._id, author.headers)).statusCode).toBe(404);
    expect(
      await app.deps.db
        .select()
        .from(files)
        .where(inArray(files.id, [unsoldMedia._id, media._id])),
    ).toMatchObject([{ id: media._id }]);
  });
});

describe('likes and bookmarks on posts', () => {
  it('counts likes once per fan and lists bookmarked posts; hidden posts cannot be reacted to', async () => {
    const feed = await post({ type: 'text', text: 'Like me' });
    const fan = await signedIn(app, 'user');
    const react = (method: 'POST' | 'DELETE', action: string, objectId = feed._id) =>
      app.inject({ method, url: '/api/reactions', headers: fan.headers, payload: { objectType: 'feed', objectId, action } });
    expect((await react('POST', 'like')).statusCode).toBe(200);
    expect((await react('POST', 'like')).statusCode).toBe(200);
    expect((await view(feed._id, fan.headers)).json()).toMatchObject({ likeCount: 1, isLiked: true });
    await react('DELETE', 'like');
    await react('DELETE', 'like');
    expect((await view(feed._id, fan.headers)).json()).toMatchObject({ likeCount: 0, isLiked: false });

    await react('POST', 'bookmark');
    const bookmarks = await app.inject({ url: '/api/reactions/feeds/bookmark', headers: fan.headers });
    expect(bookmarks.json()).toMatchObject({ total: 1, data: [{ objectId: feed._id, feed: { text: 'Like me', isBookmarked: true } }] });

    const hidden = await post({ type: 'text', text: 'Draft', status: 'inactive' });
    expect((await react('POST', 'like', hidden._id)).statusCode).toBe(404);
  });
});

describe('alt text (decision 030)', () => {
  const setAlt = (fileId: string, altText: unknown, headers: Record<string, string> = creator.headers) =>
    app.inject({ method: 'PUT', url: `/api/media/files/${fileId}/alt-text`, headers, payload: { altText } });

  it('is written by the owner and reaches the viewers who see the photo, never the others', async () => {
    const [first, second] = [await uploaded('photo', photo), await uploaded('photo', photo)];
    const written = await setAlt(first._id, '  A red bicycle against a yellow wall  ');
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json()).toMatchObject({ _id: first._id, altText: 'A red bicycle against a yellow wall' });
    const feed = await post({ type: 'photo', text: 'Two photos', fileIds: [first._id, second._id] });
    expect(feed.files.map((file: { altText: string | null }) => file.altText)).toEqual(['A red bicycle against a yellow wall', null]);

    const subscriber = await signedIn(app, 'user');
    await subscribe(app, subscriber.user.id, creator.user.id);
    expect((await view(feed._id, subscriber.headers)).json().files[0].altText).toBe('A red bicycle against a yellow wall');
    const timeline = await app.inject({ url: `/api/user/feeds/search/${creator.user.username}?limit=50`, headers: subscriber.headers });
    const shown = timeline.json().data.find((item: { _id: string }) => item._id === feed._id);
    expect(shown.files[0].altText).toBe('A red bicycle against a yellow wall');
    // What a locked photo shows is described by the page, not by the creator's words for it.
    const stranger = await signedIn(app, 'user');
    const locked = await view(feed._id, stranger.headers);
    expect(locked.json().canView).toBe(false);
    expect(locked.body).not.toContain('bicycle');

    expect((await setAlt(first._id, '')).json().altText).toBeNull();
    expect((await view(feed._id, subscriber.headers)).json().files[0].altText).toBeNull();
  });

  it('refuses over 300 characters naming the field and the limit, another account’s file, and audio', async () => {
    const file = await uploaded('photo', photo);
    const long = await setAlt(file._id, 'x'.repeat(301));
    expect(long.statusCode).toBe(400);
    expect(long.json().details).toEqual([{ field: 'altText', message: 'must be at most 300 characters' }]);
    expect((await setAlt(file._id, 'x'.repeat(300))).statusCode).toBe(200);
    expect(refusedFields(await setAlt(file._id, 42))).toEqual(['altText']);

    const otherCreator = await verifiedPerformer(app);
    const fan = await signedIn(app, 'user');
    for (const headers of [otherCreator.headers, fan.headers]) expect((await setAlt(file._id, 'Mine now', headers)).statusCode).toBe(404);
    expect((await setAlt(file._id, 'Mine now', {})).statusCode).toBe(401);
    expect((await setAlt(file._id, 'x'.repeat(300))).json().altText).toBe('x'.repeat(300));

    const audio = await uploaded('audio', await generateVideo(1, 'mp4'));
    const refused = await setAlt(audio._id, 'A song');
    expect(refused.statusCode).toBe(400);
    expect(refusedFields(refused)).toEqual(['altText']);
  });
});
