import { DELETED_MESSAGE_TEXT } from '@limelight/contracts';
import { type SQL, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { expectSoundLedger, fundWallet, refusedFields, signedIn, subscribe, verifiedPerformer } from '../../../test/factories';
import { checkLedger } from '../../platform/ledger-check';

type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterEach(() => expectSoundLedger(app));
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, as?: Account, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: as?.headers ?? {}, ...(payload ? { payload } : {}) });
const open = (as: Account, other: Account, source: 'user' | 'performer' = 'performer') =>
  call('POST', '/conversations', as, { source, sourceId: other.user.id });
const send = (as: Account, conversationId: string, payload: object) =>
  call('POST', `/messages/conversations/${conversationId}`, as, payload);
const unread = async (as: Account) => (await call('GET', '/messages/total-unread-messages', as)).json().total;

/** A creator and a fan subscribed to them, with their conversation. */
async function pair() {
  const creator = await verifiedPerformer(app);
  const fan = await signedIn(app, 'user');
  await subscribe(app, fan.user.id, creator.user.id);
  const opened = await open(fan, creator);
  expect(opened.statusCode, opened.body).toBe(200);
  return { creator, fan, conversationId: opened.json()._id as string };
}

describe('conversations', () => {
  it('lets a subscribed fan open one with a creator; both get the same one, even opened at once', async () => {
    const creator = await verifiedPerformer(app);
    const fan = await signedIn(app, 'user');
    const refused = await open(fan, creator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Subscribe to this creator to message them');

    await subscribe(app, fan.user.id, creator.user.id);
    const [first, second, third] = await Promise.all([open(fan, creator), open(fan, creator), open(creator, fan, 'user')]);
    expect(first.statusCode, first.body).toBe(200);
    expect(new Set([first.json()._id, second.json()._id, third.json()._id]).size).toBe(1);
    expect(first.json()).toMatchObject({
      type: 'private',
      recipientInfo: { _id: creator.user.id, isPerformer: true },
      lastMessage: null,
      totalNotSeenMessages: 0,
      status: 'active',
    });
    expect(first.body).not.toContain(creator.user.email!);
  });

  it('follows the creator’s choice of who may write: followers, or everyone', async () => {
    const creator = await verifiedPerformer(app);
    const [follower, stranger] = [await signedIn(app, 'user'), await signedIn(app, 'user')];
    await call('POST', `/follows/${creator.user.id}`, follower);
    const choose = (messagesFrom: string) =>
      app.inject({ method: 'PUT', url: '/api/performers/me', headers: creator.headers, payload: { messagesFrom } });
    expect((await choose('followers')).json().messagesFrom).toBe('followers');
    expect((await open(follower, creator)).statusCode).toBe(200);
    expect((await open(stranger, creator)).json().message).toBe('Follow or subscribe to this creator to message them');
    expect(refusedFields(await choose('nobody'))).toEqual(['messagesFrom']);
    await choose('everyone');
    expect((await open(stranger, creator)).statusCode).toBe(200);
  });

  it('lets a creator write to a fan who follows them, not to anyone else, nor to another creator', async () => {
    const creator = await verifiedPerformer(app);
    const [follower, stranger] = [await signedIn(app, 'user'), await signedIn(app, 'user')];
    await call('POST', `/follows/${creator.user.id}`, follower);
    expect((await open(creator, follower, 'user')).statusCode).toBe(200);
    expect((await open(creator, stranger, 'user')).json().message).toBe('You can message fans who follow or subscribe to you');
    expect((await open(creator, await verifiedPerformer(app))).statusCode).toBe(403);
    expect((await open(creator, creator)).statusCode).toBe(403);
  });

  it('lists the reader’s conversations, latest first, findable by name; others cannot open them', async () => {
    const { creator, fan, conversationId } = await pair();
    const other = await pair();
    await send(fan, conversationId, { text: 'hello' });
    const list = (await call('GET', '/conversations', creator)).json();
    expect(list).toMatchObject({
      total: 1,
      data: [{ _id: conversationId, lastMessage: 'hello', lastSenderId: fan.user.id, totalNotSeenMessages: 1 }],
    });
    const found = (await call('GET', `/conversations/search?keyword=${encodeURIComponent(fan.user.name.slice(0, 8))}`, creator)).json();
    expect(found.total).toBe(1);
    expect((await call('GET', '/conversations?keyword=nobody-like-this', creator)).json().total).toBe(0);
    // Not opened by the creator and still empty: only the fan who opened it lists it.
    expect((await call('GET', '/conversations', other.creator)).json().total).toBe(0);
    expect((await call('GET', '/conversations', other.fan)).json().total).toBe(1);

    for (const outsider of [other.fan, other.creator]) {
      expect((await call('GET', `/conversations/${conversationId}`, outsider)).statusCode).toBe(404);
      expect((await call('GET', `/messages/conversations/${conversationId}`, outsider)).statusCode).toBe(404);
      expect((await send(outsider, conversationId, { text: 'let me in' })).statusCode).toBe(404);
      expect((await call('POST', `/messages/read-all/${conversationId}`, outsider)).statusCode).toBe(404);
    }
    expect((await call('GET', '/conversations')).statusCode).toBe(401);
    expect((await call('GET', `/messages/conversations/${conversationId}`)).statusCode).toBe(401);
  });
});

describe('messages', () => {
  it('pages messages newest first, and keeps unseen counts through sends, reads and deletes', async () => {
    const { creator, fan, conversationId } = await pair();
    for (const text of ['one', 'two', 'three']) expect((await send(fan, conversationId, { text })).statusCode).toBe(200);
    const page = (await call('GET', `/messages/conversations/${conversationId}?offset=0&limit=2`, creator)).json();
    expect(page.total).toBe(3);
    expect(page.data.map((message: { text: string }) => message.text)).toEqual(['three', 'two']);
    expect(await unread(creator)).toBe(3);
    expect(await unread(fan)).toBe(0);

    const [latest] = (await call('GET', `/messages/conversations/${conversationId}?limit=1`, fan)).json().data;
    expect(latest).toMatchObject({ senderId: fan.user.id, isSeen: false });
    const deleted = await call('DELETE', `/messages/${latest._id}`, fan);
    expect(deleted.json()).toMatchObject({ isDeleted: true, text: DELETED_MESSAGE_TEXT });
    expect(await unread(creator)).toBe(2);
    const seenByCreator = (await call('GET', `/messages/conversations/${conversationId}?limit=1`, creator)).json().data[0];
    expect(seenByCreator).toMatchObject({ isDeleted: true, text: DELETED_MESSAGE_TEXT, files: [] });

    expect((await call('POST', `/messages/read-all/${conversationId}`, creator)).json()).toEqual({ total: 0 });
    const ticks = (await call('GET', `/messages/conversations/${conversationId}`, fan)).json().data;
    expect(
      ticks.filter((message: { isDeleted: boolean }) => !message.isDeleted).every((message: { isSeen: boolean }) => message.isSeen),
    ).toBe(true);
    // Deleting a message already read changes no count.
    await call('DELETE', `/messages/${ticks[1]._id}`, fan);
    expect(await unread(creator)).toBe(0);
  });

  it('takes both members writing and deleting at once: every message lands, the counts add up', async () => {
    const { creator, fan, conversationId } = await pair();
    const earlier = (await send(fan, conversationId, { text: 'to take back' })).json()._id as string;
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, n) => send(n % 2 ? creator : fan, conversationId, { text: `at once ${n}` })),
      call('DELETE', `/messages/${earlier}`, fan),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const thread = (await call('GET', `/messages/conversations/${conversationId}?limit=25`, fan)).json();
    expect(thread.total).toBe(21);
    // Each member's unseen: the other's messages since their own last one, deletions aside.
    const unseenBy = (reader: Account) => {
      const sinceOwn = thread.data.findIndex((message: { senderId: string }) => message.senderId === reader.user.id);
      return thread.data.slice(0, sinceOwn).filter((message: { isDeleted: boolean }) => !message.isDeleted).length;
    };
    expect([await unread(fan), await unread(creator)]).toEqual([unseenBy(fan), unseenBy(creator)]);
  });

  it('lets only the sender delete a message', async () => {
    const { creator, fan, conversationId } = await pair();
    const message = (await send(fan, conversationId, { text: 'mine' })).json();
    expect((await call('DELETE', `/messages/${message._id}`, creator)).statusCode).toBe(404);
    expect((await call('DELETE', `/messages/${message._id}`, await signedIn(app, 'user'))).statusCode).toBe(404);
  });

  it('refuses bad messages, naming the field: empty, too long, a price from a fan, a price without media, files not yours', async () => {
    const { creator, fan, conversationId } = await pair();
    expect(refusedFields(await send(fan, conversationId, {}))).toEqual(['text']);
    expect(refusedFields(await send(fan, conversationId, { text: 'x'.repeat(4001) }))).toEqual(['text']);
    expect((await send(fan, conversationId, { text: 'pay me', fileIds: [], price: 5 })).statusCode).toBe(400);
    expect(refusedFields(await send(creator, conversationId, { text: 'pay me', price: 5 }))).toEqual(['fileIds']);
    const upload = await uploadPhoto(await verifiedPerformer(app));
    expect(refusedFields(await send(creator, conversationId, { text: 'stolen', fileIds: [upload._id] }))).toEqual(['fileIds']);
  });

  it('turns a conversation off across a block, either way, saying why', async () => {
    const { creator, fan, conversationId } = await pair();
    expect((await send(fan, conversationId, { text: 'hi' })).statusCode).toBe(200);
    await call('POST', '/block/users', creator, { targetId: fan.user.id });
    const seen = (await call('GET', `/conversations/${conversationId}`, fan)).json();
    expect(seen).toMatchObject({ status: 'deactivated', deactivatedReason: 'This account has blocked you' });
    const refused = await send(fan, conversationId, { text: 'hello?' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'BLOCKED', message: 'This account has blocked you: messages are off' });
    expect((await send(creator, conversationId, { text: 'bye' })).json()).toMatchObject({
      code: 'BLOCKED',
      message: 'You blocked this account: messages are off',
    });
    // Blocked both ways, being blocked is what each is told.
    await call('POST', '/block/users', fan, { targetId: creator.user.id });
    expect((await send(creator, conversationId, { text: 'bye' })).json()).toMatchObject({
      message: 'This account has blocked you: messages are off',
    });
    const page = (await call('GET', `/messages/conversations/${conversationId}`, fan)).json();
    expect(page.data.map((message: { text: string }) => message.text)).toEqual(['hi']);
  });
});

async function uploadPhoto(owner: Account) {
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([photo]), 'photo.jpg');
  const response = await app.inject({ method: 'POST', url: '/api/messages/public/file/photo', headers: owner.headers, payload: form });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { _id: string; url: string };
}

/** Breaks the books for a moment, in a transaction rolled back: `npm run ledger:check` must name the rule. */
async function expectLedgerToCatch(tampering: SQL, rule: string) {
  const rolledBack = new Error('rolled back');
  const caught = app.deps.db.transaction(async (tx) => {
    await tx.execute(tampering);
    expect((await checkLedger(tx)).join('\n')).toContain(rule);
    throw rolledBack;
  });
  await expect(caught).rejects.toBe(rolledBack);
}

describe('paid messages', () => {
  it('shows the fan the text, a blurred preview and the price; the media only after the wallet charge', async () => {
    const { creator, fan, conversationId } = await pair();
    const photo = await uploadPhoto(creator);
    const sent = await send(creator, conversationId, { text: 'Just for you', fileIds: [photo._id], price: 12.5 });
    expect(sent.statusCode, sent.body).toBe(200);
    const messageId = sent.json()._id as string;
    const creatorView = sent.json();
    expect(creatorView).toMatchObject({ price: 12.5, canView: true });
    const original = await app.inject(creatorView.files[0].url);
    expect(original.statusCode).toBe(200);

    const locked = (await call('GET', `/messages/conversations/${conversationId}`, fan)).json().data[0];
    expect(locked).toMatchObject({ text: 'Just for you', price: 12.5, canView: false, isBought: false });
    expect(locked.files[0]).toMatchObject({ url: null, thumbnailUrl: null });
    const preview = await app.inject(locked.files[0].previewUrl);
    expect(preview.statusCode).toBe(200);
    expect(Buffer.compare(preview.rawPayload, original.rawPayload)).not.toBe(0);

    const charge = (as: Account) => call('POST', `/wallet/charges/message/${messageId}`, as, {});
    expect((await charge(fan)).statusCode).toBe(402);
    await fundWallet(app, fan.user.id, 20);
    const paid = await charge(fan);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ balance: 7.5, charge: { type: 'message', itemId: messageId, price: 12.5 } });
    expect((await charge(fan)).json().message).toBe('You have already bought this');
    await expectLedgerToCatch(sql`delete from purchased_items where item_type = 'message' and item_id = ${messageId}`, 'a paid message');
    await expectLedgerToCatch(sql`update messages set price_cents = 100 where id = ${messageId}`, 'a paid message');

    const open = (await call('GET', `/messages/conversations/${conversationId}`, fan)).json().data[0];
    expect(open).toMatchObject({ canView: true, isBought: true });
    const bought = await app.inject(open.files[0].url);
    expect(Buffer.compare(bought.rawPayload, original.rawPayload)).toBe(0);

    const outsider = await signedIn(app, 'user');
    await fundWallet(app, outsider.user.id, 20);
    expect((await charge(outsider)).statusCode).toBe(404);
  });

  it('stays with its buyer when its creator deletes it: they keep text and media, it leaves sale, anyone else sees it deleted', async () => {
    const { creator, fan, conversationId } = await pair();
    const photo = await uploadPhoto(creator);
    const paidFor = (await send(creator, conversationId, { text: 'Bought', fileIds: [photo._id], price: 3 })).json()._id as string;
    const unbought = (
      await send(creator, conversationId, { text: 'Not bought', fileIds: [(await uploadPhoto(creator))._id], price: 3 })
    ).json()._id as string;
    await fundWallet(app, fan.user.id, 10);
    expect((await call('POST', `/wallet/charges/message/${paidFor}`, fan, {})).statusCode).toBe(200);

    for (const id of [paidFor, unbought]) expect((await call('DELETE', `/messages/${id}`, creator)).statusCode).toBe(200);
    const thread = (await call('GET', `/messages/conversations/${conversationId}`, fan)).json().data;
    const kept = thread.find((message: { _id: string }) => message._id === paidFor);
    expect(kept).toMatchObject({ text: 'Bought', isDeleted: false, canView: true, isBought: true });
    expect((await app.inject(kept.files[0].url)).statusCode).toBe(200);
    expect((await call('GET', `/messages/${paidFor}/file/${photo._id}/status`, fan)).json()).toMatchObject({ status: expect.any(String) });
    expect(thread.find((message: { _id: string }) => message._id === unbought)).toMatchObject({
      text: DELETED_MESSAGE_TEXT,
      isDeleted: true,
      files: [],
    });
    // The creator sees it taken back, and nobody else may buy or read it.
    const creatorView = (await call('GET', `/messages/conversations/${conversationId}`, creator)).json().data;
    expect(creatorView.find((message: { _id: string }) => message._id === paidFor)).toMatchObject({ isDeleted: true, files: [] });
    const outsider = await signedIn(app, 'user');
    await fundWallet(app, outsider.user.id, 10);
    expect((await call('POST', `/wallet/charges/message/${unbought}`, fan, {})).statusCode).toBe(404);
    expect((await call('POST', `/wallet/charges/message/${paidFor}`, outsider, {})).statusCode).toBe(404);
    expect((await call('GET', `/messages/conversations/${conversationId}`, outsider)).statusCode).toBe(404);
  });
});

describe('tips in a conversation', () => {
  it('puts the tip in the thread with its amount and message, for both members; it stays; only the pair’s own conversation takes one', async () => {
    const { creator, fan, conversationId } = await pair();
    await fundWallet(app, fan.user.id, 50);
    const tip = (payload: object, as = fan, to = creator) => call('POST', `/wallet/charges/tip/${to.user.id}`, as, payload);
    const paid = await tip({ price: 12, message: 'Thanks for the plan!', conversationId });
    expect(paid.statusCode, paid.body).toBe(200);

    for (const reader of [fan, creator]) {
      const [line] = (await call('GET', `/messages/conversations/${conversationId}`, reader)).json().data;
      expect(line).toMatchObject({ senderId: fan.user.id, text: 'Thanks for the plan!', tip: 12, price: 0 });
    }
    const [summary] = (await call('GET', '/conversations', creator)).json().data;
    expect(summary).toMatchObject({ _id: conversationId, lastMessage: 'Tipped 12.00 tokens: Thanks for the plan!' });
    expect(await unread(creator)).toBe(1);
    // The line is the tip's record: its sender cannot take it back.
    const [line] = (await call('GET', `/messages/conversations/${conversationId}`, fan)).json().data;
    expect((await call('DELETE', `/messages/${line._id}`, fan)).statusCode).toBe(409);

    // Another fan's conversation, or one with another creator, takes no tip, and nothing is paid.
    const other = await pair();
    const balance = async () => (await call('GET', '/users/me', fan)).json().balance;
    const before = await balance();
    expect((await tip({ price: 12, conversationId: other.conversationId })).statusCode).toBe(404);
    const wrongCreator = await tip({ price: 12, conversationId }, fan, other.creator);
    expect(wrongCreator.statusCode).toBe(400);
    expect(refusedFields(wrongCreator)).toEqual(['conversationId']);
    expect(refusedFields(await tip({ price: 12, conversationId, sessionId: conversationId }))).toEqual(['conversationId']);
    expect(refusedFields(await call('POST', `/wallet/charges/feed/${conversationId}`, fan, { conversationId }))).toEqual([
      'conversationId',
    ]);
    expect(await balance()).toBe(before);
  });
});
