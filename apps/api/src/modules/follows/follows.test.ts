import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { registerPerformer, signedIn, verifiedPerformer } from '../../../test/factories';
import { users } from '../../db/schema';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string> = {}) => app.inject({ method, url, headers });

describe('follows', () => {
  it('lets a fan follow a creator once, and both sides see it', async () => {
    const creator = await verifiedPerformer(app);
    const fan = await signedIn(app, 'user');
    for (let i = 0; i < 2; i++) {
      const response = await call('POST', `/api/follows/${creator.user.id}`, fan.headers);
      expect(response.json()).toEqual({ followed: true });
    }
    const following = (await call('GET', '/api/follows/following', fan.headers)).json();
    expect(following.total).toBe(1);
    expect(following.data[0].performer).toMatchObject({ _id: creator.user.id, isFollowed: true });

    const followers = (await call('GET', '/api/follows/followers', creator.headers)).json();
    expect(followers.total).toBe(1);
    expect(followers.data[0].follower).toEqual({
      _id: fan.user.id,
      name: fan.user.name,
      username: fan.user.username,
      avatar: '/no-avatar.png',
      isPerformer: false,
    });
    expect(followers.data[0].follower).not.toHaveProperty('email');

    const page = (await call('GET', `/api/performers/${creator.user.id}`, fan.headers)).json();
    expect(page.isFollowed).toBe(true);
    expect((await call('GET', `/api/performers/${creator.user.id}`)).json().isFollowed).toBe(false);
  });

  it('unfollows, and unfollowing again changes nothing', async () => {
    const creator = await verifiedPerformer(app);
    const fan = await signedIn(app, 'user');
    await call('POST', `/api/follows/${creator.user.id}`, fan.headers);
    for (let i = 0; i < 2; i++)
      expect((await call('DELETE', `/api/follows/${creator.user.id}`, fan.headers)).json()).toEqual({ followed: false });
    expect((await call('GET', '/api/follows/following', fan.headers)).json().total).toBe(0);
  });

  it('refuses to follow an unverified creator, a fan, or oneself', async () => {
    const fan = await signedIn(app, 'user');
    const unverified = await registerPerformer(app);
    const otherFan = await signedIn(app, 'user');
    expect((await call('POST', `/api/follows/${unverified._id}`, fan.headers)).statusCode).toBe(404);
    expect((await call('POST', `/api/follows/${otherFan.user.id}`, fan.headers)).statusCode).toBe(404);
    const creator = await verifiedPerformer(app);
    const self = await call('POST', `/api/follows/${creator.user.id}`, creator.headers);
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe('You cannot follow yourself');
    expect((await call('POST', '/api/follows/not-an-id', fan.headers)).json().details[0].field).toBe('id');
  });

  it('drops a creator from the following list once they are deactivated', async () => {
    const creator = await verifiedPerformer(app);
    const fan = await signedIn(app, 'user');
    await call('POST', `/api/follows/${creator.user.id}`, fan.headers);
    await app.deps.db.update(users).set({ status: 'inactive' }).where(eq(users.id, creator.user.id));
    expect((await call('GET', '/api/follows/following', fan.headers)).json().total).toBe(0);
  });

  it('pages the lists newest first', async () => {
    const fan = await signedIn(app, 'user');
    const creators = [];
    for (let i = 0; i < 3; i++) {
      creators.push(await verifiedPerformer(app));
      await call('POST', `/api/follows/${creators[i]!.user.id}`, fan.headers);
    }
    const page = (await call('GET', '/api/follows/following?limit=2&offset=0', fan.headers)).json();
    expect(page.total).toBe(3);
    expect(page.data.map((row: { performer: { _id: string } }) => row.performer._id)).toEqual([creators[2]!.user.id, creators[1]!.user.id]);
  });

  it('shows followers only to creators, and both lists only to the signed-in', async () => {
    const fan = await signedIn(app, 'user');
    expect((await call('GET', '/api/follows/followers', fan.headers)).statusCode).toBe(403);
    expect((await call('GET', '/api/follows/following')).statusCode).toBe(401);
    expect((await call('POST', `/api/follows/${fan.user.id}`)).statusCode).toBe(401);
  });
});
