import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { PNG, refusedFields, signedIn, subscribe, verifiedPerformer } from '../../../test/factories';

type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
let creator: Account;
let subscriber: Account;
let follower: Account;
let feedId: string;
beforeAll(async () => {
  app = await createTestApp();
  creator = await verifiedPerformer(app);
  subscriber = await signedIn(app, 'user');
  follower = await signedIn(app, 'user');
  await subscribe(app, subscriber.user.id, creator.user.id);
  const feed = await app.inject({
    method: 'POST',
    url: '/api/performer/feeds',
    headers: creator.headers,
    payload: { type: 'text', text: 'Talk to me' },
  });
  feedId = feed.json()._id;
});
afterAll(() => app.close());

const comment = (headers: Record<string, string>, content = 'Lovely!', objectId = feedId) =>
  app.inject({ method: 'POST', url: '/api/comments', headers, payload: { objectType: 'feed', objectId, content } });
const list = (headers: Record<string, string> = {}) =>
  app.inject({ url: `/api/comments?objectType=feed&objectId=${feedId}&sort=asc&limit=100`, headers });
const commentCount = async () => (await app.inject({ url: `/api/user/feeds/${feedId}`, headers: creator.headers })).json().commentCount;

describe('comments', () => {
  it('lets those who may see a post comment, counted on the post', async () => {
    const created = await comment(subscriber.headers);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ content: 'Lovely!', creator: { _id: subscriber.user.id }, canDelete: true });
    expect(await commentCount()).toBe(1);
    const refused = await comment(follower.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Subscribe or unlock this post to comment on it');
    expect((await comment({})).statusCode).toBe(401);
    expect(refusedFields(await comment(subscriber.headers, '   '))).toEqual(['content']);
  });

  it('lists comments for visitors, saying who may delete each', async () => {
    await comment(creator.headers, 'Thanks!');
    const anonymous = (await list()).json();
    expect(anonymous.data.map((row: { content: string }) => row.content)).toEqual(['Lovely!', 'Thanks!']);
    expect(anonymous.data.every((row: { canDelete: boolean }) => !row.canDelete)).toBe(true);
    const asCreator = (await list(creator.headers)).json();
    expect(asCreator.data.every((row: { canDelete: boolean }) => row.canDelete)).toBe(true);
  });

  it('lets the author edit with a photo; others cannot edit', async () => {
    const { _id } = (await comment(subscriber.headers, 'First draft')).json();
    const edit = (headers: Record<string, string>, withImage = true) => {
      const form = new FormData();
      form.append('content', 'Second draft');
      if (withImage) form.append('file', new Blob([PNG]), 'pic.png');
      return app.inject({ method: 'PUT', url: `/api/comments/${_id}`, headers, payload: form });
    };
    const edited = await edit(subscriber.headers);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ content: 'Second draft' });
    expect((await app.inject(edited.json().imageUrl)).headers['content-type']).toBe('image/webp');
    expect((await edit(creator.headers, false)).statusCode).toBe(404);
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('not an image')]), 'pic.png');
    expect((await app.inject({ method: 'PUT', url: `/api/comments/${_id}`, headers: subscriber.headers, payload: form })).statusCode).toBe(
      415,
    );
  });

  it('may be deleted by its author, the creator of the post or an admin, not by others', async () => {
    const before = await commentCount();
    const first = (await comment(subscriber.headers, 'Delete me')).json();
    const second = (await comment(subscriber.headers, 'The creator removes me')).json();
    const remove = (id: string, headers: Record<string, string>) => app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers });
    expect((await remove(first._id, follower.headers)).statusCode).toBe(404);
    expect((await remove(first._id, subscriber.headers)).statusCode).toBe(200);
    expect((await remove(second._id, creator.headers)).statusCode).toBe(200);
    expect(await commentCount()).toBe(before);
  });
});

describe('comment rate limit', () => {
  it('counts per account: 30 a minute, and another account behind the same address goes on', async () => {
    const busy = await signedIn(app, 'user');
    const other = await signedIn(app, 'user');
    await subscribe(app, busy.user.id, creator.user.id);
    await subscribe(app, other.user.id, creator.user.id);
    for (let i = 0; i < 30; i++) expect((await comment(busy.headers, `Comment ${i}`)).statusCode).toBe(200);
    const refused = await comment(busy.headers, 'One too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect((await comment(other.headers, 'Still fine')).statusCode).toBe(200);
  });
});

describe('reports', () => {
  it('takes one report per user and target, which the admin reviews', async () => {
    const report = (headers: Record<string, string>, payload: object) =>
      app.inject({ method: 'POST', url: '/api/reports', headers, payload });
    const payload = { targetType: 'feed', targetId: feedId, reason: 'spam', description: 'Selling elsewhere' };
    expect((await report(follower.headers, payload)).statusCode).toBe(200);
    expect((await report(follower.headers, payload)).statusCode).toBe(409);
    expect((await report(follower.headers, { ...payload, targetId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect(refusedFields(await report(follower.headers, { targetType: 'planet', reason: 'boredom' }))).toEqual([
      'reason',
      'targetId',
      'targetType',
    ]);

    const admin = await signedIn(app, 'admin');
    const queue = await app.inject({ url: '/api/admin/reports?status=open', headers: admin.headers });
    expect(queue.json()).toMatchObject({ total: 1, data: [{ targetId: feedId, reason: 'spam', reporter: { _id: follower.user.id } }] });
    const id = queue.json().data[0]._id;
    expect(
      (await app.inject({ method: 'PUT', url: `/api/admin/reports/${id}`, headers: admin.headers, payload: { status: 'resolved' } }))
        .statusCode,
    ).toBe(200);
    expect((await app.inject({ url: '/api/admin/reports?status=open', headers: admin.headers })).json().total).toBe(0);
    expect((await app.inject({ url: '/api/admin/reports', headers: creator.headers })).statusCode).toBe(403);
  });
});

describe('replies', () => {
  const reply = (headers: Record<string, string>, parentId: string, content = 'Agreed!') =>
    app.inject({ method: 'POST', url: '/api/comments', headers, payload: { objectType: 'feed', objectId: feedId, content, parentId } });
  const replies = (parentId: string, headers: Record<string, string> = {}, query = '') =>
    app.inject({ url: `/api/comments?objectType=feed&objectId=${feedId}&parentId=${parentId}&sort=asc${query}`, headers });
  const notificationsOf = async (account: Account) =>
    (await app.inject({ url: '/api/notifications', headers: account.headers })).json().data as Array<{ kind: string; text: string }>;

  it('go one level under a top-level comment, counted on it, paged, and tell its author', async () => {
    const other = await signedIn(app, 'user');
    await subscribe(app, other.user.id, creator.user.id);
    const top = (await comment(subscriber.headers, 'Who else is here?')).json();
    expect(top).toMatchObject({ parentId: null, replyCount: 0, likeCount: 0, isLiked: false, isDeleted: false });
    const posts = await commentCount();
    for (const words of ['Me!', 'And me', 'Me too']) expect((await reply(other.headers, top._id, words)).statusCode).toBe(200);
    expect(await commentCount()).toBe(posts + 3);

    const topLevel = (await list()).json().data as Array<{ _id: string; replyCount: number }>;
    expect(topLevel.find((row) => row._id === top._id)?.replyCount).toBe(3);
    expect(topLevel.every((row) => row._id !== undefined && !('parentId' in row && row.parentId))).toBe(true);
    const firstPage = (await replies(top._id, {}, '&limit=2')).json();
    expect(firstPage.total).toBe(3);
    expect(firstPage.data.map((row: { content: string }) => row.content)).toEqual(['Me!', 'And me']);
    expect((await replies(top._id, {}, '&limit=2&offset=2')).json().data.map((row: { content: string }) => row.content)).toEqual([
      'Me too',
    ]);
    expect((await notificationsOf(subscriber)).filter((row) => row.kind === 'reply')).toHaveLength(3);
    expect((await notificationsOf(subscriber))[0]!.text).toContain('replied to your comment: Me too');
  });

  it('refuses a reply to a reply, to another post’s comment, from a fan who may not comment, and across a block', async () => {
    const top = (await comment(subscriber.headers, 'Thread')).json();
    const answer = (await reply(creator.headers, top._id)).json();
    const nested = await reply(subscriber.headers, answer._id);
    expect(nested.statusCode).toBe(400);
    expect(refusedFields(nested)).toEqual(['parentId']);
    const otherPost = (
      await app.inject({ method: 'POST', url: '/api/performer/feeds', headers: creator.headers, payload: { type: 'text', text: 'Other' } })
    ).json();
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: subscriber.headers,
      payload: { objectType: 'feed', objectId: otherPost._id, content: 'Lost', parentId: top._id },
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await reply(follower.headers, top._id)).statusCode).toBe(403);

    // A fan the creator blocked is refused replies, likes and comments alike.
    const blocked = await signedIn(app, 'user');
    await subscribe(app, blocked.user.id, creator.user.id);
    expect((await reply(blocked.headers, top._id)).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/api/block/users', headers: creator.headers, payload: { targetId: blocked.user.id } });
    expect((await reply(blocked.headers, top._id)).statusCode).toBe(403);
    const like = { objectType: 'comment', objectId: top._id, action: 'like' };
    expect((await app.inject({ method: 'POST', url: '/api/reactions', headers: blocked.headers, payload: like })).statusCode).toBe(403);

    // Nor may anyone answer the comment of an account that blocked them (another creator, here).
    const otherCreator = await verifiedPerformer(app);
    await subscribe(app, otherCreator.user.id, creator.user.id);
    const theirs = (await comment(otherCreator.headers, 'Hello from a colleague')).json();
    await app.inject({ method: 'POST', url: '/api/block/users', headers: otherCreator.headers, payload: { targetId: subscriber.user.id } });
    const refused = await reply(subscriber.headers, theirs._id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This account has blocked you: you cannot reply to or like their comments');
    expect(
      (await app.inject({ method: 'POST', url: '/api/reactions', headers: subscriber.headers, payload: { ...like, objectId: theirs._id } }))
        .statusCode,
    ).toBe(403);
  });

  it('keep a deleted comment with replies as a placeholder, gone with its last reply', async () => {
    const top = (await comment(subscriber.headers, 'Soon gone')).json();
    const answer = (await reply(creator.headers, top._id, 'Answer')).json();
    const remove = (id: string, headers: Record<string, string>) => app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers });
    const before = await commentCount();
    expect((await remove(top._id, subscriber.headers)).statusCode).toBe(200);
    const placeholder = (await list()).json().data.find((row: { _id: string }) => row._id === top._id);
    expect(placeholder).toMatchObject({ isDeleted: true, content: '', creator: null, canDelete: false, replyCount: 1 });
    expect(await commentCount()).toBe(before - 1);
    expect((await remove(top._id, subscriber.headers)).statusCode).toBe(404);
    expect((await reply(subscriber.headers, top._id)).statusCode).toBe(404);
    expect((await replies(top._id)).json().data.map((row: { content: string }) => row.content)).toEqual(['Answer']);

    expect((await remove(answer._id, creator.headers)).statusCode).toBe(200);
    expect((await list()).json().data.some((row: { _id: string }) => row._id === top._id)).toBe(false);
    expect(await commentCount()).toBe(before - 2);
  });
});

describe('comment likes', () => {
  const like = (headers: Record<string, string>, objectId: string, method: 'POST' | 'DELETE' = 'POST') =>
    app.inject({ method, url: '/api/reactions', headers, payload: { objectType: 'comment', objectId, action: 'like' } });

  it('count once per fan, toggle off, and show each viewer their own like in the list', async () => {
    const top = (await comment(subscriber.headers, 'Like me')).json();
    const likedBy = async (headers: Record<string, string>) =>
      (await list(headers)).json().data.find((row: { _id: string }) => row._id === top._id) as { likeCount: number; isLiked: boolean };
    expect((await like(subscriber.headers, top._id)).statusCode).toBe(200);
    expect((await like(subscriber.headers, top._id)).statusCode).toBe(200);
    expect((await like(creator.headers, top._id)).statusCode).toBe(200);
    expect(await likedBy(subscriber.headers)).toMatchObject({ likeCount: 2, isLiked: true });
    expect(await likedBy({})).toMatchObject({ likeCount: 2, isLiked: false });
    expect((await like(subscriber.headers, top._id, 'DELETE')).statusCode).toBe(200);
    expect((await like(subscriber.headers, top._id, 'DELETE')).statusCode).toBe(200);
    expect(await likedBy(subscriber.headers)).toMatchObject({ likeCount: 1, isLiked: false });
    expect(await likedBy(creator.headers)).toMatchObject({ likeCount: 1, isLiked: true });
  });

  it('refuses a fan who may not comment, a bookmark, an unknown comment and visitors', async () => {
    const top = (await comment(subscriber.headers, 'Not for followers')).json();
    const refused = await like(follower.headers, top._id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Subscribe or unlock this post to like its comments');
    const bookmark = await app.inject({
      method: 'POST',
      url: '/api/reactions',
      headers: subscriber.headers,
      payload: { objectType: 'comment', objectId: top._id, action: 'bookmark' },
    });
    expect(refusedFields(bookmark)).toEqual(['action']);
    expect((await like(subscriber.headers, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await like({}, top._id)).statusCode).toBe(401);
  });
});
