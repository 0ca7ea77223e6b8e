import type { AddressInfo } from 'node:net';
import { type ClientToServerEvents, type ServerToClientEvents, socketClientOptions } from '@limelight/contracts';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { expectSoundLedger, fundWallet, signedIn, subscribe, verifiedPerformer } from '../../../test/factories';
import { readOutbox } from '../../../test/mail';
import { notifications, performerProfiles, subscriptions, users } from '../../db/schema';
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
    // The author, a subscriber, hears only of the post itself.
    expect((await list(author)).data.map((item: { kind: string }) => item.kind)).toEqual(['new_post']);
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

  it('tells a creator’s subscribers of a new post through a batched job; not followers, not the blocked, not who turned it off', async () => {
    const creator = await verifiedPerformer(app);
    const [subscriber, quiet, follower, blocked] = await Promise.all(Array.from({ length: 4 }, () => signedIn(app, 'user')));
    for (const fan of [subscriber, quiet, blocked]) await subscribe(app, fan.user.id, creator.user.id);
    await app.inject({ method: 'POST', url: `/api/follows/${creator.user.id}`, headers: follower.headers });
    await app.inject({ method: 'POST', url: '/api/block/users', headers: creator.headers, payload: { targetId: blocked.user.id } });
    const off = await app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: quiet.headers,
      payload: [{ kind: 'new_post', inApp: false, email: false }],
    });
    expect(off.statusCode, off.body).toBe(200);
    const post = await app.inject({
      method: 'POST',
      url: '/api/performer/feeds',
      headers: creator.headers,
      payload: { type: 'text', text: 'Fresh from the studio' },
    });
    expect(post.statusCode, post.body).toBe(200);
    const told = (await list(subscriber)).data;
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      kind: 'new_post',
      text: `${creator.user.name} posted: Fresh from the studio`,
      link: `/post/${post.json()._id}`,
      actor: { _id: creator.user.id },
    });
    for (const fan of [quiet, follower, blocked]) expect((await list(fan)).total).toBe(0);
    // Editing the post tells nobody again.
    await app.inject({
      method: 'PUT',
      url: `/api/performer/feeds/${post.json()._id}`,
      headers: creator.headers,
      payload: { type: 'text', text: 'Fresh from the studio (edited)' },
    });
    expect((await list(subscriber)).total).toBe(1);
  });

  it('tells the fans a paid mass message reaches, and not of a free one', async () => {
    const creator = await verifiedPerformer(app);
    const fan = await signedIn(app, 'user');
    await subscribe(app, fan.user.id, creator.user.id);
    const photo = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c93' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([photo]), 'p.png');
    const file = (
      await app.inject({ method: 'POST', url: '/api/messages/public/file/photo', headers: creator.headers, payload: form })
    ).json();
    const mass = (payload: object) => app.inject({ method: 'POST', url: '/api/messages/mass', headers: creator.headers, payload });
    expect((await mass({ audience: 'subscribers', text: 'Free hello' })).statusCode).toBe(200);
    expect((await mass({ audience: 'subscribers', text: 'Just for you', fileIds: [file._id], price: 6 })).statusCode).toBe(200);
    const told = (await list(fan)).data.filter((item: { kind: string }) => item.kind === 'paid_message');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ text: `${creator.user.name} sent you a paid message (6.00 tokens)`, link: '/messages' });
    expect((await list(fan)).data.map((item: { kind: string }) => item.kind)).toEqual(['paid_message']);
  });

  it('tells followers and subscribers that a creator went live (subscribers only, for a session only they may watch)', async () => {
    const creator = await verifiedPerformer(app);
    const [follower, subscriber, stranger] = await Promise.all(Array.from({ length: 3 }, () => signedIn(app, 'user')));
    await app.inject({ method: 'POST', url: `/api/follows/${creator.user.id}`, headers: follower.headers });
    await subscribe(app, subscriber.user.id, creator.user.id);
    const live = await app.inject({
      method: 'POST',
      url: '/api/streaming/live',
      headers: creator.headers,
      payload: { title: 'Morning set', access: 'paid', price: 5 },
    });
    expect(live.statusCode, live.body).toBe(200);
    await app.inject({
      method: 'PUT',
      url: `/api/streaming/live/${live.json()._id}`,
      headers: creator.headers,
      payload: { status: 'ended' },
    });
    const forSubscribers = await app.inject({
      method: 'POST',
      url: '/api/streaming/live',
      headers: creator.headers,
      payload: { title: 'Subscribers set' },
    });
    expect(forSubscribers.statusCode, forSubscribers.body).toBe(200);
    expect((await list(subscriber)).data.map((item: { text: string }) => item.text)).toEqual([
      `${creator.user.name} is live now: Subscribers set`,
      `${creator.user.name} is live now: Morning set`,
    ]);
    for (const fan of [follower]) {
      expect((await list(fan)).data).toEqual([
        expect.objectContaining({
          kind: 'live_started',
          text: `${creator.user.name} is live now: Morning set`,
          link: `/live/${live.json()._id}`,
        }),
      ]);
    }
    expect((await list(stranger)).total).toBe(0);
  });

  it('tells the fan and the creator of a refund, each by their own choice', async () => {
    const creator = await verifiedPerformer(app);
    const fan = await signedIn(app, 'user');
    await fundWallet(app, fan.user.id, 20);
    const tipped = await tip(fan, creator);
    const admin = await signedIn(app, 'admin');
    const refunded = await app.inject({
      method: 'POST',
      url: `/api/admin/wallet/charges/${tipped.json().charge._id}/refund`,
      headers: admin.headers,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await list(fan)).data).toEqual([
      expect.objectContaining({ kind: 'refund', text: 'You were refunded 10.00 tokens for a tip', link: '/user/wallet' }),
    ]);
    const creatorTold = (await list(creator)).data.filter((item: { kind: string }) => item.kind === 'refund');
    expect(creatorTold).toEqual([
      expect.objectContaining({
        text: 'A sale was refunded: 10.00 tokens for a tip',
        actor: expect.objectContaining({ _id: fan.user.id }),
      }),
    ]);

    // The creator turns refunds off: the next one still reaches the fan, not them.
    await app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: creator.headers,
      payload: [{ kind: 'refund', inApp: false, email: false }],
    });
    await fundWallet(app, fan.user.id, 10);
    const again = await tip(fan, creator);
    await app.inject({ method: 'POST', url: `/api/admin/wallet/charges/${again.json().charge._id}/refund`, headers: admin.headers });
    expect((await list(fan)).data.filter((item: { kind: string }) => item.kind === 'refund')).toHaveLength(2);
    expect((await list(creator)).data.filter((item: { kind: string }) => item.kind === 'refund')).toHaveLength(1);
    await expectSoundLedger(app);
  });

  it('lists each role only its own kinds, and refuses a kind that is not the account’s', async () => {
    const fan = await signedIn(app, 'user');
    const creator = await verifiedPerformer(app);
    const kindsOf = async (account: Account) =>
      (await app.inject({ url: '/api/notifications/settings', headers: account.headers }))
        .json()
        .map((item: { kind: string }) => item.kind);
    expect(await kindsOf(fan)).toEqual([
      'mention',
      'reply',
      'order_status',
      'new_message',
      'new_post',
      'paid_message',
      'live_started',
      'refund',
      'account_standing',
      'moderation',
    ]);
    expect(await kindsOf(creator)).toEqual([
      'new_follower',
      'new_subscriber',
      'tip',
      'purchase',
      'comment',
      'mention',
      'reply',
      'like',
      'payout_status',
      'new_message',
      'refund',
      'account_standing',
      'moderation',
    ]);
    const foreign = await app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: fan.headers,
      payload: [{ kind: 'tip', inApp: false, email: false }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('0.kind: tip is not one of your notification kinds');
  });

  it('reaches every subscriber of a big creator exactly once, batch after batch, without the request waiting', async () => {
    const creator = await verifiedPerformer(app);
    const tag = Date.now().toString(36);
    const fans = await app.deps.db
      .insert(users)
      .values(Array.from({ length: 1100 }, (_, i) => ({ role: 'user' as const, name: `Fan ${i}`, email: `big_${tag}_${i}@example.test` })))
      .returning({ id: users.id });
    await app.deps.db.insert(subscriptions).values(
      fans.map(({ id }) => ({
        userId: id,
        performerId: creator.user.id,
        type: 'monthly' as const,
        status: 'active' as const,
        startedAt: new Date(),
        expiredAt: new Date(Date.now() + 86_400_000),
      })),
    );
    const post = await app.inject({
      method: 'POST',
      url: '/api/performer/feeds',
      headers: creator.headers,
      payload: { type: 'text', text: 'To all' },
    });
    expect(post.statusCode).toBe(200);
    await app.deps.jobs.drain();
    const told = await app.deps.db
      .select({ userId: notifications.userId, n: count() })
      .from(notifications)
      .where(and(eq(notifications.kind, 'new_post'), eq(notifications.link, `/post/${post.json()._id}`)))
      .groupBy(notifications.userId);
    expect(told).toHaveLength(1100);
    expect(told.every((row) => row.n === 1)).toBe(true);
  });
});
