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
  app.inject({ url: `/api/comments?objectType=feed&objectId=${feedId}&sort=asc`, headers });
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
