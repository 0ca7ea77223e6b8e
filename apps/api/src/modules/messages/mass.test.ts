import { DELETED_MESSAGE_TEXT } from '@limelight/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { expectSoundLedger, fundWallet, signedIn, subscribe, verifiedPerformer } from '../../../test/factories';
import { conversationMembers, follows, massMessages, messages, subscriptions, userBlocks, users } from '../../db/schema';
import { deliverBatch } from './mass';

type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
beforeAll(async () => {
  // No worker: each test runs the delivery job when it says so.
  app = await createTestApp({ jobsConcurrency: 0 });
});
afterEach(() => expectSoundLedger(app));
afterAll(() => app.close());

/** Many fans at once, straight into the database (hashing a password for each would take minutes). */
async function manyFans(count: number, tag: string) {
  const rows = await app.deps.db
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => ({ role: 'user' as const, name: `Fan ${i}`, email: `${tag}_${i}@example.test` })))
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

const massSend = (creator: Account, payload: object) =>
  app.inject({ method: 'POST', url: '/api/messages/mass', headers: creator.headers, payload });
const copiesOf = (massMessageId: string) =>
  app.deps.db
    .select({ userId: conversationMembers.userId })
    .from(messages)
    .innerJoin(
      conversationMembers,
      and(eq(conversationMembers.conversationId, messages.conversationId), sql`${conversationMembers.userId} <> ${messages.senderId}`),
    )
    .where(eq(messages.massMessageId, massMessageId));

describe('mass messages', () => {
  it('reaches each entitled, unblocked fan exactly once, even when delivery is interrupted and runs again', async () => {
    const creator = await verifiedPerformer(app);
    const tag = `mass${Date.now().toString(36)}`;
    const [subscribers, followers, both, blocked, blocking, strangers] = await Promise.all([
      manyFans(300, `${tag}s`),
      manyFans(180, `${tag}f`),
      manyFans(20, `${tag}b`),
      manyFans(5, `${tag}x`),
      manyFans(5, `${tag}y`),
      manyFans(10, `${tag}n`),
    ]);
    const expiredAt = new Date(Date.now() + 30 * 86_400_000);
    const subscribed = [...subscribers, ...both, ...blocked, ...blocking];
    await app.deps.db.insert(subscriptions).values(
      subscribed.map((userId) => ({
        userId,
        performerId: creator.user.id,
        type: 'monthly' as const,
        status: 'active' as const,
        startedAt: new Date(),
        expiredAt,
      })),
    );
    await app.deps.db.insert(follows).values([...followers, ...both].map((followerId) => ({ followerId, performerId: creator.user.id })));
    await app.deps.db
      .insert(userBlocks)
      .values([
        ...blocked.map((targetId) => ({ blockerId: creator.user.id, targetId })),
        ...blocking.map((blockerId) => ({ blockerId, targetId: creator.user.id })),
      ]);

    const sent = await massSend(creator, { audience: 'all', text: 'Hello everyone' });
    expect(sent.statusCode, sent.body).toBe(200);
    const massId = sent.json()._id as string;
    expect(sent.json()).toMatchObject({ status: 'sending', recipients: 500, delivered: 0 });

    // The first batch, then the worker dies; its cursor is lost too, as the worst case.
    expect(await deliverBatch(app.deps, massId)).toBe(true);
    await app.deps.db.update(massMessages).set({ cursor: null }).where(eq(massMessages.id, massId));
    await app.deps.jobs.drain();

    const reached = (await copiesOf(massId)).map((row) => row.userId);
    expect(reached).toHaveLength(500);
    expect(new Set(reached)).toEqual(new Set([...subscribers, ...followers, ...both]));
    expect(reached.some((id) => [...strangers, ...blocked, ...blocking].includes(id))).toBe(false);
    const stats = (await app.inject({ url: `/api/messages/mass/${massId}`, headers: creator.headers })).json();
    expect(stats).toMatchObject({ status: 'sent', recipients: 500, delivered: 500, seen: 0 });
    const unseen = await app.deps.db
      .select({ n: sql<number>`sum(${conversationMembers.unreadCount})::int` })
      .from(conversationMembers)
      .where(inArray(conversationMembers.userId, reached));
    expect(unseen[0]!.n).toBe(500);
  });

  it('counts seen, bought and revenue, and unsends: every copy deleted but the bought ones, unseen counts restored', async () => {
    const creator = await verifiedPerformer(app);
    const [buyer, reader] = [await signedIn(app, 'user'), await signedIn(app, 'user')];
    for (const fan of [buyer, reader]) await subscribe(app, fan.user.id, creator.user.id);
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#39c' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([photo]), 'p.png');
    const file = (
      await app.inject({ method: 'POST', url: '/api/messages/public/file/photo', headers: creator.headers, payload: form })
    ).json();
    const massId = (await massSend(creator, { audience: 'subscribers', text: 'For you', fileIds: [file._id], price: 4 })).json()._id;
    await app.deps.jobs.drain();

    const copyFor = async (fan: Account) =>
      (await app.inject({ url: '/api/conversations', headers: fan.headers })).json().data[0]._id as string;
    const threadOf = async (fan: Account) =>
      (await app.inject({ url: `/api/messages/conversations/${await copyFor(fan)}`, headers: fan.headers })).json().data;
    const [locked] = await threadOf(buyer);
    expect(locked).toMatchObject({ text: 'For you', price: 4, canView: false });
    expect(locked.files[0].url).toBeNull();
    await fundWallet(app, buyer.user.id, 10);
    expect(
      (await app.inject({ method: 'POST', url: `/api/wallet/charges/message/${locked._id}`, headers: buyer.headers, payload: {} }))
        .statusCode,
    ).toBe(200);
    expect((await threadOf(buyer))[0]).toMatchObject({ canView: true, isBought: true });
    await app.inject({ method: 'POST', url: `/api/messages/read-all/${await copyFor(reader)}`, headers: reader.headers });

    const stats = (await app.inject({ url: '/api/messages/mass', headers: creator.headers })).json().data[0];
    expect(stats).toMatchObject({ _id: massId, delivered: 2, seen: 1, purchased: 1, revenue: 4, price: 4 });

    const unsent = await app.inject({ method: 'DELETE', url: `/api/messages/mass/${massId}`, headers: creator.headers });
    expect(unsent.json()).toMatchObject({ status: 'unsent' });
    const [readerCopy] = await threadOf(reader);
    expect(readerCopy).toMatchObject({ isDeleted: true, text: DELETED_MESSAGE_TEXT, files: [] });
    expect((await app.inject({ url: '/api/messages/total-unread-messages', headers: buyer.headers })).json()).toEqual({ total: 0 });
    // What the buyer paid for stays theirs (its media link still works); it is no longer for sale to anyone else.
    const [kept] = await threadOf(buyer);
    expect(kept).toMatchObject({ _id: locked._id, isDeleted: false, text: 'For you', canView: true, isBought: true });
    expect((await app.inject(kept.files[0].url)).statusCode).toBe(200);
    await fundWallet(app, reader.user.id, 10);
    const buyAfter = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/message/${readerCopy._id}`,
      headers: reader.headers,
      payload: {},
    });
    expect(buyAfter.statusCode).toBe(404);
    expect((await app.inject({ url: `/api/messages/conversations/${await copyFor(buyer)}`, headers: reader.headers })).statusCode).toBe(
      404,
    );
  });

  it('unsends while its fans and its creator write in the same conversations: nothing refused, counts consistent', async () => {
    const creator = await verifiedPerformer(app);
    const fans = await Promise.all(Array.from({ length: 4 }, () => signedIn(app, 'user')));
    for (const fan of fans) await subscribe(app, fan.user.id, creator.user.id);
    const massId = (await massSend(creator, { audience: 'subscribers', text: 'Hello all' })).json()._id;
    await app.deps.jobs.drain();
    const conversationOf = async (fan: Account) =>
      (await app.inject({ url: '/api/conversations', headers: fan.headers })).json().data[0]._id as string;
    const conversations = await Promise.all(fans.map(conversationOf));
    const write = (as: Account, conversationId: string, text: string) =>
      app.inject({ method: 'POST', url: `/api/messages/conversations/${conversationId}`, headers: as.headers, payload: { text } });
    const answers = await Promise.all([
      app.inject({ method: 'DELETE', url: `/api/messages/mass/${massId}`, headers: creator.headers }),
      ...fans.flatMap((fan, n) => [write(fan, conversations[n]!, 'Hi back'), write(creator, conversations[n]!, 'And you')]),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    // Each fan: the mass copy is gone (deleted), their own reply cleared what came before it; the creator's DM counts if after it.
    for (const [n, fan] of fans.entries()) {
      const thread = (await app.inject({ url: `/api/messages/conversations/${conversations[n]}`, headers: fan.headers })).json().data;
      const sinceOwn = thread.findIndex((message: { senderId: string }) => message.senderId === fan.user.id);
      const expected = thread.slice(0, sinceOwn).filter((message: { isDeleted: boolean }) => !message.isDeleted).length;
      expect((await app.inject({ url: '/api/messages/total-unread-messages', headers: fan.headers })).json()).toEqual({ total: expected });
    }
  });

  it('is for creators only, each seeing only their own', async () => {
    const fan = await signedIn(app, 'user');
    expect((await massSend(fan, { audience: 'all', text: 'hi' })).statusCode).toBe(403);
    const [creator, other] = [await verifiedPerformer(app), await verifiedPerformer(app)];
    const massId = (await massSend(creator, { audience: 'followers', text: 'hi' })).json()._id;
    expect((await app.inject({ url: `/api/messages/mass/${massId}`, headers: other.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/messages/mass/${massId}`, headers: other.headers })).statusCode).toBe(404);
  });
});
