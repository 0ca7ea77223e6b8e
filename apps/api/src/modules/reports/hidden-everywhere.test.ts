import type { AddressInfo } from 'node:net';
import { type ClientToServerEvents, type ServerToClientEvents, socketClientOptions } from '@limelight/contracts';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { setSetting, signedIn, subscribe, verifiedPerformer } from '../../../test/factories';
import { insertModerationTargets } from '../../../test/moderation-targets';

/**
 * Issue 27: hidden content is gone from every list, page, search, socket and signed link. One
 * item of every reportable kind is hidden, and every reader that could show it is asked, as a
 * subscribed fan, before (it is there: the test can fail) and after (it is gone), and as its owner
 * (still there).
 */
type Account = Awaited<ReturnType<typeof signedIn>>;
type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
let app: TestApp;
let url: string;
let creator: Account;
let fan: Account;
let admin: Account;
const ids: Record<string, string> = {};
const sockets: ClientSocket[] = [];

const get = (path: string, account: Account) => app.inject({ url: path, headers: account.headers });
/** The ids a list answers: a page (`data`) or a plain array. */
const idsIn = async (path: string, account: Account) => {
  const answer = await get(path, account);
  expect(answer.statusCode, `${path}: ${answer.body}`).toBe(200);
  const body = answer.json() as { data: Array<{ _id: string }> } | Array<{ _id: string }>;
  return (Array.isArray(body) ? body : body.data).map((row) => row._id);
};
const act = (targetType: string, targetId: string, action: 'hide' | 'restore') =>
  app.inject({
    method: 'POST',
    url: '/api/admin/moderation/actions',
    headers: admin.headers,
    payload: { targetType, targetId, action, reason: 'Against the rules' },
  });

/** A reader answers whether `account` is shown the item of its kind. */
type Reader = { name: string; shows: (account: Account) => Promise<boolean> };
const inList = (name: string, path: () => string, id: () => string): Reader => ({
  name,
  shows: async (account) => (await idsIn(path(), account)).includes(id()),
});
const page = (name: string, path: () => string): Reader => ({
  name,
  shows: async (account) => {
    const answer = await get(path(), account);
    expect([200, 404], `${name}: ${answer.body}`).toContain(answer.statusCode);
    return answer.statusCode === 200;
  },
});

/** Whether a gallery (its page, or the list that holds it) shows the photo `ids.photoFile` as its cover. */
const coverIn = (name: string, path: () => string): Reader => ({
  name,
  shows: async (account) => {
    const answer = await get(path(), account);
    expect(answer.statusCode, `${name}: ${answer.body}`).toBe(200);
    const body = answer.json() as
      | { _id: string; cover: { _id: string } | null }
      | { data: Array<{ _id: string; cover: { _id: string } | null }> };
    const gallery = 'data' in body ? body.data.find((row) => row._id === ids.photoGallery) : body;
    return gallery?.cover?._id === ids.photoFile;
  },
});

const kinds: Array<{ kind: string; readers: Reader[] }> = [
  {
    kind: 'feed',
    readers: [
      page('post page', () => `/api/user/feeds/${ids.feed}`),
      inList(
        'creator feed',
        () => `/api/user/feeds/search/${creator.user.username}`,
        () => ids.feed!,
      ),
    ],
  },
  {
    kind: 'video',
    readers: [
      page('video page', () => `/api/performer-assets/videos/${ids.video}`),
      inList(
        'video search',
        () => `/api/performer-assets/videos/search?performerId=${creator.user.id}`,
        () => ids.video!,
      ),
    ],
  },
  {
    kind: 'gallery',
    readers: [
      page('gallery page', () => `/api/performer-assets/galleries/${ids.gallery}`),
      inList(
        'gallery search',
        () => `/api/performer-assets/galleries/search?performerId=${creator.user.id}`,
        () => ids.gallery!,
      ),
    ],
  },
  {
    kind: 'photo',
    readers: [
      inList(
        'gallery photos',
        () => `/api/performer-assets/photos?galleryId=${ids.photoGallery}`,
        () => ids.photo!,
      ),
      inList(
        'creator photos',
        () => `/api/performer-assets/photos/${creator.user.id}`,
        () => ids.photo!,
      ),
      page('signed photo link', () => ids.photoUrl!),
      // The gallery's cover is that photo: no link to it is shown that would be refused.
      coverIn('gallery page cover', () => `/api/performer-assets/galleries/${ids.photoGallery}`),
      coverIn('creator galleries cover', () => `/api/performer-assets/galleries/search?performerId=${creator.user.id}`),
    ],
  },
  {
    kind: 'product',
    readers: [
      page('product page', () => `/api/performer-assets/products/${ids.product}`),
      inList(
        'product search',
        () => `/api/performer-assets/products/search?performerId=${creator.user.id}`,
        () => ids.product!,
      ),
    ],
  },
  {
    kind: 'story',
    readers: [
      inList(
        'creator stories',
        () => `/api/stories/users/${creator.user.id}`,
        () => ids.story!,
      ),
      {
        name: 'story bar',
        shows: async (account) => {
          const bar = (await get('/api/stories/users', account)).json() as Array<{ performer: { _id: string } }>;
          return bar.some((item) => item.performer._id === creator.user.id);
        },
      },
    ],
  },
  {
    kind: 'comment',
    readers: [
      inList(
        'comments',
        () => `/api/comments?objectType=feed&objectId=${ids.commentFeed}`,
        () => ids.comment!,
      ),
    ],
  },
  {
    kind: 'message',
    readers: [
      inList(
        'thread',
        () => `/api/messages/conversations/${ids.conversation}`,
        () => ids.message!,
      ),
      {
        name: 'conversation preview',
        shows: async (account) => {
          const list = (await get('/api/conversations', account)).json() as { data: Array<{ _id: string; lastMessage: string }> };
          return list.data.find((row) => row._id === ids.conversation)?.lastMessage === 'Buy my stuff elsewhere';
        },
      },
    ],
  },
  {
    kind: 'live',
    readers: [
      page('session page', () => `/api/streaming/live/${ids.live}`),
      page('join', () => `/api/streaming/join/${ids.live}`),
      inList(
        'live now',
        () => `/api/streaming/user/search?performerId=${creator.user.id}`,
        () => ids.live!,
      ),
    ],
  },
  {
    kind: 'liveChat',
    readers: [
      inList(
        'chat history',
        () => `/api/messages/stream/${ids.chat}`,
        () => ids.liveChat!,
      ),
    ],
  },
  {
    kind: 'performer',
    readers: [
      page('creator page', () => `/api/performers/${creator.user.username}`),
      page('creator posts page', () => `/api/user/feeds/search/${creator.user.username}`),
    ],
  },
];

beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  creator = await verifiedPerformer(app);
  fan = await signedIn(app, 'user');
  admin = await signedIn(app, 'admin');
  await subscribe(app, fan.user.id, creator.user.id);
  await setSetting(app, 'enableProduct', true);
  const db = app.deps.db;
  const post = (path: string, payload: object) => app.inject({ method: 'POST', url: path, headers: creator.headers, payload });
  ids.feed = (await post('/api/performer/feeds', { type: 'text', text: 'A post to hide' })).json()._id;
  ids.commentFeed = (await post('/api/performer/feeds', { type: 'text', text: 'A post with comments' })).json()._id;
  ids.gallery = (await post('/api/performer/performer-assets/galleries', { title: 'Album to hide' })).json()._id;
  ids.photoGallery = (await post('/api/performer/performer-assets/galleries', { title: 'Album with photos' })).json()._id;
  const form = new FormData();
  form.append('galleryId', ids.photoGallery!);
  form.append('title', 'A photo');
  const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#806040' } })
    .jpeg()
    .toBuffer();
  form.append('photo', new Blob([picture]), 'photo.jpg');
  const photo = await app.inject({
    method: 'POST',
    url: '/api/performer/performer-assets/photos/upload',
    headers: creator.headers,
    payload: form,
  });
  ids.photo = photo.json()._id;
  ids.photoFile = photo.json().file._id;
  const listed = (await get(`/api/performer-assets/photos?galleryId=${ids.photoGallery}`, fan)).json();
  ids.photoUrl = listed.data[0].file.url;
  Object.assign(ids, await insertModerationTargets(db, creator.user.id, fan.user.id, ids.commentFeed!));
  ids.performer = creator.user.id;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await app.close();
});

describe('hidden content', () => {
  it.each(kinds)('a hidden $kind is gone from every reader for fans, kept for its owner, back on restore', async ({ kind, readers }) => {
    const owner = kind === 'comment' || kind === 'liveChat' ? fan : creator;
    for (const reader of readers) expect(await reader.shows(fan), `${kind}, ${reader.name}, before`).toBe(true);
    const hidden = await act(kind, ids[kind]!, 'hide');
    expect(hidden.statusCode, hidden.body).toBe(200);
    const second = owner === fan ? creator : fan;
    for (const reader of readers) {
      expect(await reader.shows(second), `${kind}, ${reader.name}, hidden`).toBe(false);
    }
    expect(await readers[0]!.shows(owner), `${kind}, ${readers[0]!.name}, its owner`).toBe(true);
    expect((await act(kind, ids[kind]!, 'restore')).statusCode).toBe(200);
    for (const reader of readers) expect(await reader.shows(fan), `${kind}, ${reader.name}, restored`).toBe(true);
  });
});

function open(token: string): ClientSocket {
  const socket: ClientSocket = connect(url, { ...socketClientOptions, reconnection: false, query: { token }, forceNew: true });
  sockets.push(socket);
  return socket;
}
const next = <E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E) =>
  new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve) => socket.once(event, ((payload: never) => resolve(payload)) as never));

describe('sockets', () => {
  it('a hidden message and chat line are retracted from connected clients at once', async () => {
    const fanSocket = open(fan.token);
    await next(fanSocket, 'auth/success');
    const creatorSocket = open(creator.token);
    await next(creatorSocket, 'auth/success');
    const joined = await new Promise<{ ok: boolean }>((resolve) =>
      creatorSocket.emit('stream/join', { sessionId: ids.live! }, (answer) => resolve(answer as never)),
    );
    expect(joined.ok).toBe(true);

    const dropped = next(fanSocket, 'message_deleted');
    const preview = next(fanSocket, 'conversation_updated');
    await act('message', ids.message!, 'hide');
    expect(await dropped).toMatchObject({ message: { _id: ids.message, isDeleted: true, text: expect.not.stringContaining('elsewhere') } });
    expect((await preview).conversation.lastMessage).toBe('Hello there');

    const line = next(creatorSocket, 'stream/message_deleted');
    await act('liveChat', ids.liveChat!, 'hide');
    expect(await line).toMatchObject({ message: { _id: ids.liveChat, isDeleted: true } });
  });
});

describe("a gallery's cover", () => {
  it('falls back to the next photo fans may see while moderation hides the chosen one, and back on restore', async () => {
    const post = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/performer/performer-assets/galleries', headers: creator.headers, payload });
    const galleryId = (await post({ title: 'Album with a cover' })).json()._id as string;
    const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#406080' } })
      .jpeg()
      .toBuffer();
    const upload = async () => {
      const form = new FormData();
      form.append('galleryId', galleryId);
      form.append('photo', new Blob([picture]), 'photo.jpg');
      const answer = await app.inject({
        method: 'POST',
        url: '/api/performer/performer-assets/photos/upload',
        headers: creator.headers,
        payload: form,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as { _id: string; file: { _id: string } };
    };
    const first = await upload();
    const second = await upload();
    const coverFor = async (account: Account) => (await get(`/api/performer-assets/galleries/${galleryId}`, account)).json().cover?._id;
    expect(await coverFor(fan)).toBe(first.file._id);
    expect((await act('photo', first._id, 'hide')).statusCode).toBe(200);
    expect(await coverFor(fan)).toBe(second.file._id);
    // Its creator and the admin still see the cover they chose, marked in their own lists.
    expect(await coverFor(creator)).toBe(first.file._id);
    expect(await coverFor(admin)).toBe(first.file._id);
    expect((await act('photo', second._id, 'hide')).statusCode).toBe(200);
    expect(await coverFor(fan)).toBeUndefined();
    expect((await act('photo', first._id, 'restore')).statusCode).toBe(200);
    expect((await act('photo', second._id, 'restore')).statusCode).toBe(200);
    expect(await coverFor(fan)).toBe(first.file._id);
  });
});
