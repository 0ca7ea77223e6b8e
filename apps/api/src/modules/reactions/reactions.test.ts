import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { refusedFields, registerPerformer, signedIn, verifiedPerformer } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const bookmark = (objectId: string) => ({ objectType: 'performer', objectId, action: 'bookmark' });

describe('bookmarking creators', () => {
  it('bookmarks a creator once and lists it for that user only', async () => {
    const creator = await verifiedPerformer(app);
    const fan = await signedIn(app, 'user');
    const other = await signedIn(app, 'user');
    for (let i = 0; i < 2; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/reactions',
        headers: fan.headers,
        payload: bookmark(creator.user.id),
      });
      expect(response.statusCode).toBe(200);
    }
    const mine = (await app.inject({ method: 'GET', url: '/api/reactions/performers/bookmark', headers: fan.headers })).json();
    expect(mine.total).toBe(1);
    expect(mine.data[0]).toMatchObject({ objectId: creator.user.id, performer: { _id: creator.user.id, isBookmarked: true } });
    const theirs = (await app.inject({ method: 'GET', url: '/api/reactions/performers/bookmark', headers: other.headers })).json();
    expect(theirs.total).toBe(0);
    expect((await app.inject({ method: 'GET', url: `/api/performers/${creator.user.id}`, headers: fan.headers })).json().isBookmarked).toBe(
      true,
    );
  });

  it('removes a bookmark', async () => {
    const creator = await verifiedPerformer(app);
    const fan = await signedIn(app, 'user');
    await app.inject({ method: 'POST', url: '/api/reactions', headers: fan.headers, payload: bookmark(creator.user.id) });
    const removed = await app.inject({ method: 'DELETE', url: '/api/reactions', headers: fan.headers, payload: bookmark(creator.user.id) });
    expect(removed.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/reactions/performers/bookmark', headers: fan.headers })).json().total).toBe(0);
  });

  it('refuses unknown types and actions, and creators fans may not see', async () => {
    const fan = await signedIn(app, 'user');
    const unverified = await registerPerformer(app);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/reactions',
      headers: fan.headers,
      payload: { objectType: 'planet', objectId: 'x', action: 'hug' },
    });
    expect(bad.statusCode).toBe(400);
    expect(refusedFields(bad)).toEqual(['action', 'objectId', 'objectType']);
    expect(
      (await app.inject({ method: 'POST', url: '/api/reactions', headers: fan.headers, payload: bookmark(unverified._id) })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/reactions', payload: bookmark(unverified._id) })).statusCode).toBe(401);
  });
});
