import type { AddressInfo } from 'node:net';
import { type ClientToServerEvents, type ServerToClientEvents, socketClientOptions } from '@limelight/contracts';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { fundWallet, signedIn, subscribe, verifiedPerformer } from '../../../test/factories';
import { readOutbox } from '../../../test/mail';
import { performerProfiles } from '../../db/schema';
import { mailDigests } from './service';

type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

const list = async (as: Account, query = '') => {
  await app.deps.jobs.drain();
  return (await app.inject({ url: `/api/notifications${query}`, headers: as.headers })).json();
};
const tip = (fan: Account, creator: Account) =>
  app.inject({ method: 'POST', url: `/api/wallet/charges/tip/${creator.user.id}`, headers: fan.headers, payload: { price: 10 } });

describe('notifications', () => {
  it('tells a creator of a new follower at once on their socket, and keeps it until read', async () => {
    const creator = await verifiedPerformer(app);
    const fan = await signedIn(app, 'user');
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(
      `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      {
        ...socketClientOptions,
        reconnection: false,
        forceNew: true,
        query: { token: creator.token },
      },
    );
    await new Promise((resolve) => socket.once('auth/success', resolve));
    const pushed = new Promise<Parameters<ServerToClientEvents['notification_created']>[0]>((resolve) =>
      socket.once('notification_created', resolve),
    );
    await app.inject({ method: 'POST', url: `/api/follows/${creator.user.id}`, headers: fan.headers });
    const event = await pushed;
    socket.disconnect();
    expect(event).toMatchObject({
      unread: 1,
      notification: { kind: 'new_follower', text: `${fan.user.name} started following you`, isRead: false },
    });
    expect(event.notification.actor).toMatchObject({ _id: fan.user.id });

    const page = await list(creator);
    expect(page).toMatchObject({ total: 1, unread: 1 });
    const read = await app.inject({ method: 'POST', url: `/api/notifications/${page.data[0]._id}/read`, headers: creator.headers });
    expect(read.json()).toMatchObject({ isRead: true });
    expect((await list(creator, '?unread=true')).total).toBe(0);
    // Nobody else reads it.
    const other = await signedIn(app, 'user');
    expect(
      (await app.inject({ method: 'POST', url: `/api/notifications/${page.data[0]._id}/read`, headers: other.headers })).statusCode,
    ).toBe(404);
    expect((await list(other)).total).toBe(0);
  });

  it('tells the people a comment mentions, once each, but not across a block', async () => {
    const creator = await verifiedPerformer(app);
    const [author, friend] = [await signedIn(app, 'user'), await signedIn(app, 'user')];
    // Fans block creators only; here another creator has blocked the author.
    const blocker = await verifiedPerformer(app);
    await subscribe(app, author.user.id, creator.user.id);
    const post = await app.inject({
      method: 'POST',
      url: '/api/performer/feeds',
      headers: creator.headers,
      payload: { type: 'text', text: 'Hi' },
    });
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/block/users',
      headers: blocker.headers,
      payload: { targetId: author.user.id },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const content = `@${friend.user.username!.toUpperCase()} and @${friend.user.username}, look! (cc @${blocker.user.username}, @${creator.user.username}, mail@${author.user.username})`;
    const commented = await app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: author.headers,
      payload: { objectType: 'feed', objectId: post.json()._id, content },
    });
    expect(commented.statusCode, commented.body).toBe(200);
    const told = (await list(friend)).data;
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ kind: 'mention', link: `/post/${post.json()._id}` });
    expect(told[0].text).toBe(`${author.user.name} mentioned you in a comment: ${content.slice(0, 80)}`);
    expect((await list(blocker)).data).toEqual([]);
    expect((await list(author)).data).toEqual([]);
    expect((await list(creator)).data.map((item: { kind: string }) => item.kind)).toEqual(['comment']);
  });

  it('reports tips, new subscribers, comments, likes and the first message of a conversation', async () => {
    const creator = await verifiedPerformer(app);
    const fan = await signedIn(app, 'user');
    await fundWallet(app, fan.user.id, 50);
    expect((await tip(fan, creator)).statusCode).toBe(200);
    await app.deps.db.update(performerProfiles).set({ monthlyPriceCents: 900 }).where(eq(performerProfiles.userId, creator.user.id));
    const subscribed = await app.inject({
      method: 'POST',
      url: '/api/payment/subscribe/performers',
      headers: fan.headers,
      payload: { performerId: creator.user.id, type: 'monthly' },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    const post = await app.inject({
      method: 'POST',
      url: '/api/performer/feeds',
      headers: creator.headers,
      payload: { type: 'text', text: 'Hi' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: fan.headers,
      payload: { objectType: 'feed', objectId: post.json()._id, content: 'Lovely' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/reactions',
      headers: fan.headers,
      payload: { objectType: 'feed', objectId: post.json()._id, action: 'like' },
    });
    const conversation = await app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: fan.headers,
      payload: { source: 'performer', sourceId: creator.user.id },
    });
    for (const text of ['first', 'second']) {
      await app.inject({
        method: 'POST',
        url: `/api/messages/conversations/${conversation.json()._id}`,
        headers: fan.headers,
        payload: { text },
      });
    }
    const kinds = (await list(creator)).data.map((item: { kind: string }) => item.kind).sort();
    expect(kinds).toEqual(['comment', 'like', 'new_message', 'new_subscriber', 'tip'].sort());
    const texts = (await list(creator)).data.map((item: { text: string }) => item.text);
    expect(texts).toContain(`${fan.user.name} tipped you 10.00 tokens`);
    expect(texts).toContain(`${fan.user.name} commented on your post: Lovely`);
  });

  it('follows each person’s choice per kind: off in the app, and e-mail in one digest per person', async () => {
    const creator = await verifiedPerformer(app);
    const settings = await app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: creator.headers,
      payload: [{ kind: 'tip', inApp: false, email: true }],
    });
    expect(settings.json()).toContainEqual({ kind: 'tip', inApp: false, email: true });
    expect(settings.json()).toContainEqual({ kind: 'new_follower', inApp: true, email: false });
    const fans = [await signedIn(app, 'user'), await signedIn(app, 'user')];
    for (const fan of fans) {
      await fundWallet(app, fan.user.id, 20);
      await tip(fan, creator);
    }
    expect((await list(creator)).total).toBe(0);
    await mailDigests(app.deps);
    const mails = (await readOutbox(app)).filter((mail) => JSON.stringify(mail.to).includes(creator.user.email!));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/2 new notifications/);
    await mailDigests(app.deps);
    expect((await readOutbox(app)).filter((mail) => JSON.stringify(mail.to).includes(creator.user.email!))).toHaveLength(1);
  });

  it('marks everything read, and refuses settings for a kind that does not exist', async () => {
    const creator = await verifiedPerformer(app);
    await app.inject({ method: 'POST', url: `/api/follows/${creator.user.id}`, headers: (await signedIn(app, 'user')).headers });
    expect((await list(creator)).unread).toBe(1);
    await app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: creator.headers });
    expect((await app.inject({ url: '/api/notifications/unread-count', headers: creator.headers })).json()).toEqual({ total: 0 });
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: creator.headers,
      payload: [{ kind: 'gossip', inApp: true, email: true }],
    });
    expect(bad.statusCode).toBe(400);
    expect((await app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
  });
});
