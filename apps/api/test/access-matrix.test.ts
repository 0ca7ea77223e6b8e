import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comments,
  feedFiles,
  feeds,
  files,
  galleries,
  knownDevices,
  messageFiles,
  messages,
  notifications,
  passkeys,
  paymentTransactions,
  performerProfiles,
  photos,
  pollOptions,
  polls,
  reports,
  sessions,
  stories,
  subscriptions,
  videos,
  walletCharges,
} from '../src/db/schema';
import { hashToken } from '../src/platform/tokens';
import { createTestApp, type TestApp } from './app';
import {
  freshIp,
  fundWallet,
  HOME_ADDRESS,
  PNG,
  registerPerformer,
  saveBankDetails,
  signedIn,
  subscribe,
  verifiedPerformer,
} from './factories';
import { type Operation, operationName, operationsOf, urlOf } from './fuzz/operations';

/**
 * The access matrix (issue 27, decision 053): every operation of the OpenAPI document that takes
 * a path parameter (an id, a username, a key) is sent by each kind of caller, and each answer is
 * compared with what the table below expects. The test fails listing every unexpected answer, and
 * fails for an operation with a path parameter that has no row: a new route must be classified.
 *
 * The callers (the world is built once, see `buildWorld`):
 * - `owner`: the account the resource belongs to (the creator of a post, the buyer of an order);
 * - `party`: the other side where there is one (the order's seller, the conversation's creator,
 *   a subscriber of the creator whose content it is);
 * - `otherFan`, `otherCreator`: signed-in strangers to it;
 * - `blockedFan`: a fan the creator (`world.creator`) has blocked;
 * - `suspended`: a fan who subscribed to the creator, then was suspended (`suspend`);
 * - `blockedCountry`: a fan subscribed to the creator, asking from a country the creator blocks;
 * - `anonymous`: no session; `admin`: an admin.
 *
 * Adding a row: find the operation's name in the failure (`'PUT /api/things/{id}'`), pick the
 * profile that says who may (`ownerOnly`, `ownerOrAdmin`, `adminOnly`, `participants`,
 * `publicCreatorContent`, `signedInAny`, `public`, …), override the callers that differ
 * (`{ ...creatorOnly, admin: 404 }`), name the fixture that makes its resource (add one to
 * `fixtures` if none fits), and give its path parameters and a minimal valid body:
 *
 *     'PUT /api/things/{id}': { expect: ownerOnly, fixture: 'thing', path: (f) => ({ id: f.thingId }), body: () => ({ name: 'x' }) },
 *
 * `fresh: true` (the default for DELETE) makes a new fixture for each caller expected to be
 * allowed, so that a change by one does not spoil the others' requests; refused callers share one.
 * Allowed means an answer that is not a refusal: 2xx, 3xx, or a 400/402/409/422 about the body or
 * the state. A refusal must be exactly the status the table says (401, 403 or 404, or 409 where the
 * API refuses a kind of account that way, as paying does).
 *
 * `MATRIX_ONLY='<METHOD> <path>'` runs one row; `MATRIX_RECORD=1` prints every answer by caller
 * (the quickest way to write a new row: record, then judge each answer by the spec, decision 053).
 */

type Account = Awaited<ReturnType<typeof signedIn>>;
const CALLERS = ['otherFan', 'otherCreator', 'blockedFan', 'suspended', 'blockedCountry', 'anonymous', 'party', 'admin', 'owner'] as const;
type Caller = (typeof CALLERS)[number];
type Answer = 'ok' | 401 | 403 | 404 | 409;
type Expectation = Record<Caller, Answer>;

const GB = '81.2.69.142';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
let payoutRequest: Fixture | undefined;
let liveSession: { _id: string; conversationId: string } | undefined;

// ---- Profiles: who may, by caller. ----------------------------------------------------------

/**
 * What a suspended account gets where an account is needed: its old token answers 403
 * `ACCOUNT_SUSPENDED` (decision 045), the same as its sign-in.
 */
const SUSPENDED: Answer = 403;
/** Nobody without an account. */
const base = { anonymous: 401, suspended: SUSPENDED } as const;
/** Only the owner; strangers are told it does not exist. */
const ownerOnly: Expectation = {
  ...base,
  owner: 'ok',
  party: 404,
  otherFan: 404,
  otherCreator: 404,
  blockedFan: 404,
  blockedCountry: 404,
  admin: 404,
};
/** The owner or an admin (decision 011). */
const ownerOrAdmin: Expectation = { ...ownerOnly, admin: 'ok' };
/** A creator's own tools: a fan or an admin is refused by the guard (403), another creator finds nothing (404). */
const creatorOwnerOnly: Expectation = {
  ...base,
  owner: 'ok',
  party: 403,
  otherFan: 403,
  otherCreator: 404,
  blockedFan: 403,
  blockedCountry: 403,
  admin: 403,
};
/** A fan's own things behind the fans' guard: creators and admins are refused by the guard. */
const fanOwnerOnly: Expectation = { ...ownerOnly, party: 403, otherCreator: 403, admin: 403 };
/** The site's tools. */
const adminOnly: Expectation = {
  ...base,
  owner: 403,
  party: 403,
  otherFan: 403,
  otherCreator: 403,
  blockedFan: 403,
  blockedCountry: 403,
  admin: 'ok',
};
/** What only its buyer may fetch (a bought download): others are told to buy it (the product is public). */
const buyerOnly: Expectation = { ...fanOwnerOnly, otherFan: 403, blockedFan: 403, blockedCountry: 403, otherCreator: 403 };
/** The two sides of a conversation, an order, a private show. */
const participants: Expectation = { ...ownerOnly, party: 'ok' };
/** Any signed-in account. */
const signedInAny: Expectation = {
  ...base,
  owner: 'ok',
  party: 'ok',
  otherFan: 'ok',
  otherCreator: 'ok',
  blockedFan: 'ok',
  blockedCountry: 'ok',
  admin: 'ok',
};
/** Anyone, with or without an account; a suspended account reads what a visitor reads (decision 053). */
const everyone: Expectation = { ...signedInAny, anonymous: 'ok', suspended: 'ok' };
/** Paying a creator: fans only (409, as the API has always said it), and never the creator themself. */
const payCreator = (base: Expectation): Expectation => ({ ...base, owner: 409, otherCreator: 409, admin: 409 });
/** A creator's public page and content: refused to the fan they blocked and to their blocked countries. */
const publicCreatorContent: Expectation = { ...everyone, blockedFan: 403, blockedCountry: 403 };
/** The same behind an account. */
const signedInCreatorContent: Expectation = { ...publicCreatorContent, ...base };
/** A creator's things for their subscribers (and admins): strangers find nothing. */
const subscribersContent: Expectation = { ...signedInCreatorContent, otherFan: 404, otherCreator: 404 };
/** A live session's room (watching, its chat): its creator, subscribers and admins; others are told to subscribe. */
const liveAudience: Expectation = { ...signedInCreatorContent, otherFan: 403, otherCreator: 403 };

// ---- The world and its fixtures. -------------------------------------------------------------

let app: TestApp;
type World = Awaited<ReturnType<typeof buildWorld>>;
let world: World;

const call = async (account: Account | undefined, method: string, url: string, payload?: unknown, ip = freshIp()) => {
  const response = await app.inject({
    method: method as 'GET',
    url,
    remoteAddress: ip,
    headers: { ...(account?.headers ?? {}), ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return response;
};
const ok = async (account: Account | undefined, method: string, url: string, payload?: unknown) => {
  const response = await call(account, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
};

/**
 * Suspends an account after it signed in (for a week, decision 045). The one place to
 * change how the matrix suspends.
 */
async function suspend(account: Account, admin: Account) {
  const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
  await ok(admin, 'PUT', `/api/admin/accounts/${account.user.id}/standing`, { action: 'suspend', reason: 'Access matrix', until });
}

async function buildWorld() {
  const admin = await signedIn(app, 'admin');
  const creator = await verifiedPerformer(app);
  const [fan, otherFan, otherCreator, blockedFan, suspended, blockedCountry] = await Promise.all([
    signedIn(app, 'user'),
    signedIn(app, 'user'),
    verifiedPerformer(app),
    signedIn(app, 'user'),
    signedIn(app, 'user'),
    signedIn(app, 'user'),
  ]);
  for (const account of [fan, otherFan, blockedFan, suspended, blockedCountry]) await fundWallet(app, account.user.id, 1000);
  for (const account of [fan, suspended, blockedCountry, blockedFan]) await subscribe(app, account.user.id, creator.user.id);
  await ok(creator, 'POST', '/api/block/users', { targetId: blockedFan.user.id, reason: 'rude' });
  await ok(creator, 'POST', '/api/block/countries', { countryCodes: ['GB'] });
  await ok(creator, 'PUT', '/api/streaming/update', { privateShowPrice: 10 });
  await saveBankDetails(app, creator);
  await suspend(suspended, admin);
  return { admin, creator, fan, otherFan, otherCreator, blockedFan, suspended, blockedCountry };
}

const db = () => app.deps.db;
const minuteAgo = () => new Date(Date.now() - 60_000);
async function fileOf(ownerId: string, type: string) {
  const [file] = await db()
    .insert(files)
    .values({ ownerId, type, storageKey: `protected/${randomUUID()}.webp`, mimeType: 'image/webp', size: 1, status: 'finished' })
    .returning();
  return file!;
}
function imageForm(field: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append(field, new Blob([PNG]), 'image.png');
  return form;
}

/** What a fixture made: its owner, its other side, and the ids and names its routes take. */
type Fixture = { owner?: Account; party?: Account; id: string; [name: string]: unknown };
/** The ids and names of a fixture, as the rows read them. */
type Ids = Record<string, string>;

/** Each fixture: what it makes, who owns it (owner) and who is its other side (party). */
const fixtures: Record<string, () => Promise<Fixture>> = {
  /** A creator's published post with a photo, free to see. */
  async feed() {
    const { creator, fan } = world;
    const file = await fileOf(creator.user.id, 'feed-photo');
    const [feed] = await db()
      .insert(feeds)
      .values({ performerId: creator.user.id, type: 'photo', text: 'hello', publishedAt: minuteAgo() })
      .returning();
    await db().insert(feedFiles).values({ feedId: feed!.id, fileId: file.id, position: 0 });
    return { owner: creator, party: fan, id: feed!.id, fileId: file.id, username: creator.user.username! };
  },
  /** A post with a poll. */
  async poll() {
    const { creator, fan } = world;
    const [poll] = await db()
      .insert(polls)
      .values({ performerId: creator.user.id, description: 'which?', expiredAt: new Date(Date.now() + 86_400_000) })
      .returning();
    const [option] = await db().insert(pollOptions).values({ pollId: poll!.id, text: 'this', position: 0 }).returning();
    await db().insert(pollOptions).values({ pollId: poll!.id, text: 'that', position: 1 });
    const [feed] = await db()
      .insert(feeds)
      .values({ performerId: creator.user.id, type: 'text', text: 'vote', pollId: poll!.id, publishedAt: minuteAgo() })
      .returning();
    return { owner: creator, party: fan, id: feed!.id, optionId: option!.id };
  },
  async video() {
    const { creator, fan } = world;
    const file = await fileOf(creator.user.id, 'video');
    const [video] = await db().insert(videos).values({ performerId: creator.user.id, title: 'clip', fileId: file.id }).returning();
    return { owner: creator, party: fan, id: video!.id, fileId: file.id };
  },
  async gallery() {
    const { creator, fan } = world;
    const [gallery] = await db().insert(galleries).values({ performerId: creator.user.id, title: 'set' }).returning();
    const file = await fileOf(creator.user.id, 'photo');
    const [photo] = await db().insert(photos).values({ performerId: creator.user.id, galleryId: gallery!.id, fileId: file.id }).returning();
    return { owner: creator, party: fan, id: gallery!.id, photoId: photo!.id, fileId: file.id };
  },
  async story() {
    const { creator, fan } = world;
    const [story] = await db()
      .insert(stories)
      .values({ performerId: creator.user.id, type: 'text', text: 'story', expiresAt: new Date(Date.now() + 3_600_000) })
      .returning();
    return { owner: creator, party: fan, id: story!.id };
  },
  /** A physical product of the creator's shop. */
  async product() {
    const { creator, fan } = world;
    const form = new FormData();
    for (const [key, value] of Object.entries({ name: 'Shirt', type: 'physical', price: '5', stock: '100' })) form.append(key, value);
    const product = await ok(creator, 'POST', '/api/performer/performer-assets/products', form);
    return { owner: creator, party: fan, id: product._id as string };
  },
  /** The fan's order of the creator's product: the fan owns it, the creator sells it. */
  async order() {
    const { fan, creator } = world;
    const { id: productId } = await fixtures.product();
    const { id: addressId } = await fixtures.address();
    await ok(fan, 'POST', `/api/wallet/charges/product/${productId}`, { quantity: 1, addressId });
    const orders = await ok(fan, 'GET', '/api/orders/users/search?limit=1');
    return { owner: fan, party: creator, id: orders.data[0]._id as string, addressId, productId };
  },
  /** The fan's order of the creator's digital product, with the download link it gave. */
  async digitalOrder() {
    const { fan, creator } = world;
    const form = new FormData();
    for (const [key, value] of Object.entries({ name: 'Photo set', type: 'digital', price: '5' })) form.append(key, value);
    form.append('digitalFile', new Blob([PDF]), 'set.pdf');
    const product = await ok(creator, 'POST', '/api/performer/performer-assets/products', form);
    await ok(fan, 'POST', `/api/wallet/charges/product/${product._id}`, {});
    const link = await ok(fan, 'GET', `/api/performer-assets/products/${product._id}/download-link`);
    const query = new URL(link.url, 'http://localhost').searchParams;
    return { owner: fan, party: creator, id: product._id as string, expires: query.get('expires')!, signature: query.get('signature')! };
  },
  async address() {
    const address = await ok(world.fan, 'POST', '/api/addresses/create', HOME_ADDRESS);
    return { owner: world.fan, id: address._id as string };
  },
  /** A comment of the fan's on the creator's post: the fan wrote it, the creator may remove it. */
  async comment() {
    const { fan, creator } = world;
    const { id: feedId } = await fixtures.feed();
    const [comment] = await db()
      .insert(comments)
      .values({ userId: fan.user.id, objectType: 'feed', objectId: feedId, content: 'nice' })
      .returning();
    return { owner: fan, party: creator, id: comment!.id };
  },
  /** The fan's conversation with the creator, with one message of the fan's carrying a file. */
  async conversation() {
    const { fan, creator } = world;
    const conversation = await ok(fan, 'POST', '/api/conversations', { source: 'performer', sourceId: creator.user.id });
    const file = await fileOf(fan.user.id, 'message-photo');
    const [message] = await db()
      .insert(messages)
      .values({ conversationId: conversation._id, senderId: fan.user.id, text: 'hello' })
      .returning();
    await db().insert(messageFiles).values({ messageId: message!.id, fileId: file.id, position: 0 });
    return { owner: fan, party: creator, id: conversation._id as string, messageId: message!.id, fileId: file.id };
  },
  /** A mass message the creator sent to subscribers. */
  async massMessage() {
    const sent = await ok(world.creator, 'POST', '/api/messages/mass', { audience: 'subscribers', text: 'hi all' });
    return { owner: world.creator, party: world.fan, id: sent._id as string };
  },
  /** The creator's live session (with its chat); the fan subscribes. */
  async live() {
    const { creator, fan } = world;
    liveSession ??= await ok(creator, 'POST', '/api/streaming/live', { title: 'live' });
    return { owner: creator, party: fan, id: liveSession!._id, conversationId: liveSession!.conversationId };
  },
  /** Another creator's live session, one each time (for the routes that end one). */
  async anotherLive() {
    const [creator, fan] = await Promise.all([verifiedPerformer(app), signedIn(app, 'user')]);
    await subscribe(app, fan.user.id, creator.user.id);
    const live = await ok(creator, 'POST', '/api/streaming/live', { title: 'live' });
    return { owner: creator, party: fan, id: live._id as string };
  },
  /** The fan's private-show request to the creator. */
  async privateShow() {
    const { creator } = world;
    const fan = await signedIn(app, 'user');
    await fundWallet(app, fan.user.id, 100);
    const request = await ok(fan, 'POST', '/api/streaming/private-requests', { performerId: creator.user.id });
    return { owner: fan, party: creator, id: request._id as string };
  },
  async notification() {
    const [row] = await db().insert(notifications).values({ userId: world.fan.user.id, kind: 'tip', text: 'hello' }).returning();
    return { owner: world.fan, id: row!.id };
  },
  /** Another signed-in session of the fan's. */
  async session() {
    const token = await signedInAgain(world.fan);
    const [row] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    return { owner: world.fan, id: row!.id };
  },
  async knownDevice() {
    const [row] = await db()
      .insert(knownDevices)
      .values({ userId: world.fan.user.id, deviceHash: randomUUID(), userAgent: 'a browser' })
      .returning();
    return { owner: world.fan, id: row!.id };
  },
  async card() {
    const year = new Date().getFullYear() + 2;
    const card = await ok(world.fan, 'POST', '/api/sandbox/cards', {
      number: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: year,
      cvc: '123',
      holderName: 'Fan',
    });
    return { owner: world.fan, id: card._id as string };
  },
  /** A card payment of the fan's that failed (to retry) and one waiting for its 3-D Secure step. */
  async payment() {
    const [row] = await db()
      .insert(paymentTransactions)
      .values({
        userId: world.fan.user.id,
        gateway: 'sandbox',
        type: 'wallet_top_up',
        status: 'fail',
        amountCents: 1000,
        tokensCents: 1000,
      })
      .returning();
    return { owner: world.fan, id: row!.id };
  },
  /** A paid tip of the fan's to the creator (a wallet charge the admin may refund). */
  async charge() {
    const { fan, creator } = world;
    await ok(fan, 'POST', `/api/wallet/charges/tip/${creator.user.id}`, { price: 10 });
    const [row] = await db()
      .select()
      .from(walletCharges)
      .where(and(eq(walletCharges.userId, fan.user.id), eq(walletCharges.type, 'tip')))
      .limit(1);
    return { owner: fan, party: creator, id: row!.id };
  },
  async subscription() {
    const { fan, creator } = world;
    const [row] = await db()
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, fan.user.id), eq(subscriptions.performerId, creator.user.id)));
    // Paid from the wallet, as a wallet subscription leaves it (the factory leaves how it is paid open).
    await db().update(subscriptions).set({ gateway: 'wallet' }).where(eq(subscriptions.id, row!.id));
    return { owner: fan, party: creator, id: row!.id, gateway: 'wallet' };
  },
  /** A pending payout request of the creator's (after enough tips). */
  async payout() {
    payoutRequest ??= await fixtures.anotherPayout!();
    return payoutRequest;
  },
  /** A pending payout request of a new creator's, one each time (for the routes that decide one). */
  async anotherPayout() {
    const creator = await verifiedPerformer(app);
    await saveBankDetails(app, creator);
    await ok(world.fan, 'POST', `/api/wallet/charges/tip/${creator.user.id}`, { price: 100 });
    const request = await ok(creator, 'POST', '/api/payout-requests', { amount: 50 });
    return { owner: creator, id: request._id as string };
  },
  async report() {
    const { id: feedId } = await fixtures.feed();
    const [row] = await db()
      .insert(reports)
      .values({ reporterId: world.fan.user.id, targetType: 'feed', targetId: feedId, reason: 'spam' })
      .returning();
    return { owner: world.fan, id: row!.id, targetId: feedId };
  },
  /** The creator's post, hidden by an admin with a reason (decision 046): the creator may appeal it once. */
  async heldFeed() {
    const { id: feedId } = await fixtures.feed();
    await ok(world.admin, 'POST', '/api/admin/moderation/actions', {
      targetType: 'feed',
      targetId: feedId,
      action: 'hide',
      reason: 'Matrix',
    });
    return { owner: world.creator, party: world.fan, id: feedId };
  },
  /** A hidden post its creator appealed: the admin decides it. */
  async appealedFeed() {
    const held = await fixtures.heldFeed!();
    await ok(world.creator, 'POST', `/api/moderation/items/${held.id}/appeal`, { text: 'Please look again at this post.' });
    return held;
  },
  /** One of the e-mail catalogue's templates (decision 049), keyed by its name. */
  async emailTemplate() {
    return { id: 'subscription.started' };
  },
  /** The fan's passkey (a stored credential: removing it needs no authenticator). */
  async passkey() {
    const [row] = await db()
      .insert(passkeys)
      .values({ userId: world.fan.user.id, credentialId: randomUUID(), publicKey: 'matrix', name: 'Matrix key' })
      .returning();
    return { owner: world.fan, id: row!.id };
  },
  /** The creator's account (routes keyed by an account). */
  async creatorAccount() {
    const { creator, fan } = world;
    return { owner: creator, party: fan, id: creator.user.id, username: creator.user.username! };
  },
  /** The fan's account. */
  async fanAccount() {
    return { owner: world.fan, party: world.creator, id: world.fan.user.id };
  },
  /** A throwaway fan the creator blocked (so that lifting the block spoils nothing). */
  async block() {
    const target = await signedIn(app, 'user');
    await ok(world.creator, 'POST', '/api/block/users', { targetId: target.user.id });
    return { owner: world.creator, id: target.user.id };
  },
  /** The identity document a creator uploaded as they signed up. */
  async document() {
    const registered = await registerPerformer(app);
    const [profile] = await db().select().from(performerProfiles).where(eq(performerProfiles.userId, registered._id));
    return { id: profile!.idVerificationFileId! };
  },
  async coupon() {
    const coupon = await ok(world.admin, 'POST', '/api/admin/coupons', { code: `C${randomUUID().slice(0, 8)}`, discountRate: 0.1 });
    return { id: coupon._id as string, code: coupon.code as string };
  },
  async sitePromo() {
    const promo = await ok(world.admin, 'POST', '/api/admin/site-promos', { title: 'Promo' });
    return { id: promo._id as string };
  },
  async tokenPackage() {
    const found = await ok(world.admin, 'POST', '/api/admin/token-packages', { name: 'Pack', price: 5, tokens: 50 });
    return { id: found._id as string };
  },
  async post() {
    const post = await ok(world.admin, 'POST', '/api/admin/posts', {
      title: 'About',
      slug: `about-${randomUUID().slice(0, 8)}`,
      status: 'published',
    });
    return { id: post._id as string, slug: post.slug as string };
  },
  /** Nothing: lookups and settings keyed by a name. */
  async none() {
    return { owner: undefined, id: '' };
  },
};

async function signedInAgain(account: Account) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: account.user.email, password: 'correct-horse-9' },
  });
  expect(response.statusCode).toBe(200);
  return response.json().token as string;
}

// ---- The table: one row per operation with a path parameter. -----------------------------------

type Row = {
  expect: Expectation;
  fixture: string;
  path: (fixture: Ids) => Record<string, string>;
  body?: (fixture: Ids) => unknown;
  query?: (fixture: Ids) => Record<string, string>;
  /** A new fixture for each caller expected to be allowed (default for DELETE). */
  fresh?: boolean;
  /** Why the row is as it is, where the profile does not say it. */
  note?: string;
};
const row = (r: Row) => r;
const id = (f: Ids) => ({ id: f.id! });

const MATRIX: Record<string, Row> = {
  // Accounts and sessions.
  'DELETE /api/auth/sessions/{id}': row({ expect: ownerOnly, fixture: 'session', path: id }),
  'DELETE /api/auth/devices/{id}': row({ expect: ownerOnly, fixture: 'knownDevice', path: id }),
  'GET /api/users/view/{id}': row({ expect: signedInCreatorContent, fixture: 'creatorAccount', path: id }),
  'POST /api/users/{id}/avatar/upload': row({
    expect: { ...adminOnly, party: 403 },
    fixture: 'fanAccount',
    path: id,
    body: () => imageForm('avatar'),
  }),
  'GET /api/performers/{id}': row({ expect: publicCreatorContent, fixture: 'creatorAccount', path: id }),
  'GET /api/performers/{id}/preview.jpg': row({ expect: publicCreatorContent, fixture: 'creatorAccount', path: id }),
  'GET /api/block/users/{id}': row({ expect: { ...signedInAny, admin: 403 }, fixture: 'block', path: id }),
  'DELETE /api/block/users/{id}': row({ expect: { ...ownerOnly, admin: 403 }, fixture: 'block', path: id }),
  'POST /api/follows/{id}': row({ expect: { ...signedInCreatorContent, owner: 'ok' }, fixture: 'creatorAccount', path: id }),
  'DELETE /api/follows/{id}': row({ expect: signedInAny, fixture: 'creatorAccount', path: id, fresh: false }),
  'GET /api/stories/users/{id}': row({ expect: subscribersContent, fixture: 'creatorAccount', path: id }),
  'GET /api/performer-assets/photos/{performerId}': row({
    expect: publicCreatorContent,
    fixture: 'creatorAccount',
    path: (f) => ({ performerId: f.id }),
  }),
  'GET /api/user/feeds/search/{username}': row({
    expect: publicCreatorContent,
    fixture: 'creatorAccount',
    path: (f) => ({ username: f.username }),
  }),
  'GET /api/conversations/stream/performer/{id}': row({ expect: signedInCreatorContent, fixture: 'creatorAccount', path: id }),
  'POST /api/wallet/charges/{type}/{id}': row({
    expect: payCreator(signedInCreatorContent),
    fixture: 'creatorAccount',
    path: (f) => ({ type: 'tip', id: f.id }),
    body: () => ({ price: 10 }),
  }),
  'POST /api/payment/charges/{type}/{id}': row({
    expect: payCreator(signedInCreatorContent),
    fixture: 'creatorAccount',
    path: (f) => ({ type: 'tip', id: f.id }),
    body: () => ({ price: 10 }),
  }),

  // Admin.
  'PUT /api/admin/settings/{key}': row({
    expect: adminOnly,
    fixture: 'none',
    path: () => ({ key: 'siteName' }),
    body: () => ({ value: 'Limelight' }),
  }),
  'GET /api/admin/accounts/{id}': row({ expect: adminOnly, fixture: 'fanAccount', path: id }),
  'PATCH /api/admin/accounts/{id}': row({ expect: adminOnly, fixture: 'fanAccount', path: id, body: () => ({ name: 'Matrix Fan' }) }),
  'POST /api/admin/accounts/{id}/wallet-adjustments': row({
    expect: adminOnly,
    fixture: 'fanAccount',
    path: id,
    body: () => ({ direction: 'credit', amount: 1, reason: 'Access matrix' }),
  }),
  'POST /api/admin/accounts/{id}/impersonate': row({
    expect: adminOnly,
    fixture: 'fanAccount',
    path: id,
    body: () => ({ reason: 'Access matrix' }),
  }),
  'GET /api/admin/entities/{kind}': row({ expect: adminOnly, fixture: 'feed', path: () => ({ kind: 'posts' }) }),
  'GET /api/admin/entities/{kind}/export.csv': row({ expect: adminOnly, fixture: 'feed', path: () => ({ kind: 'posts' }) }),
  'GET /api/admin/entities/{kind}/{id}': row({ expect: adminOnly, fixture: 'feed', path: (f) => ({ kind: 'posts', id: f.id! }) }),
  'POST /api/admin/conversations/{id}/read': row({
    expect: adminOnly,
    fixture: 'conversation',
    path: id,
    body: () => ({ reason: 'Access matrix' }),
  }),
  'PUT /api/admin/accounts/{id}/status': row({ expect: adminOnly, fixture: 'fanAccount', path: id, body: () => ({ status: 'active' }) }),
  'PUT /api/admin/performers/{id}/verify-documents': row({
    expect: adminOnly,
    fixture: 'creatorAccount',
    path: id,
    body: () => ({ verified: true }),
  }),
  'GET /api/admin/documents/{id}': row({ expect: adminOnly, fixture: 'document', path: id }),
  'PUT /api/admin/accounts/{id}/standing': row({
    expect: adminOnly,
    fixture: 'fanAccount',
    path: id,
    body: () => ({ action: 'warn', reason: 'Access matrix' }),
  }),
  'GET /api/admin/accounts/{id}/standing': row({ expect: adminOnly, fixture: 'fanAccount', path: id }),
  'POST /api/admin/accounts/{id}/login-link': row({ expect: adminOnly, fixture: 'fanAccount', path: id, body: () => ({}) }),
  'GET /api/admin/posts/{id}': row({ expect: adminOnly, fixture: 'post', path: id }),
  'PUT /api/admin/posts/{id}': row({
    expect: adminOnly,
    fixture: 'post',
    path: id,
    body: (f) => ({ title: 'About', slug: f.slug, status: 'published' }),
  }),
  'DELETE /api/admin/posts/{id}': row({ expect: adminOnly, fixture: 'post', path: id }),
  'PUT /api/admin/site-promos/{id}': row({ expect: adminOnly, fixture: 'sitePromo', path: id, body: () => ({ title: 'Promo' }) }),
  'DELETE /api/admin/site-promos/{id}': row({ expect: adminOnly, fixture: 'sitePromo', path: id }),
  'POST /api/admin/site-promos/{id}/image': row({ expect: adminOnly, fixture: 'sitePromo', path: id, body: () => imageForm('image') }),
  'PUT /api/admin/token-packages/{id}': row({
    expect: adminOnly,
    fixture: 'tokenPackage',
    path: id,
    body: () => ({ name: 'Pack', price: 5, tokens: 50 }),
  }),
  'DELETE /api/admin/token-packages/{id}': row({ expect: adminOnly, fixture: 'tokenPackage', path: id }),
  'PUT /api/admin/coupons/{id}': row({
    expect: adminOnly,
    fixture: 'coupon',
    path: id,
    body: (f) => ({ code: f.code, discountRate: 0.2 }),
  }),
  'DELETE /api/admin/coupons/{id}': row({ expect: adminOnly, fixture: 'coupon', path: id }),
  'GET /api/admin/reports/targets/{targetType}/{targetId}': row({
    expect: adminOnly,
    fixture: 'report',
    path: (f) => ({ targetType: 'feed', targetId: f.targetId! }),
  }),
  'PUT /api/admin/reports/targets/{targetType}/{targetId}': row({
    expect: adminOnly,
    fixture: 'report',
    path: (f) => ({ targetType: 'feed', targetId: f.targetId! }),
    body: () => ({ reason: 'Nothing wrong' }),
  }),
  'POST /api/moderation/items/{targetId}/appeal': row({
    expect: ownerOnly,
    fixture: 'heldFeed',
    path: (f) => ({ targetId: f.id! }),
    body: () => ({ text: 'Please look again at this post.' }),
  }),
  'PUT /api/admin/moderation/appeals/{targetId}': row({
    expect: adminOnly,
    fixture: 'appealedFeed',
    path: (f) => ({ targetId: f.id! }),
    body: () => ({ decision: 'uphold', reason: 'Still against the rules' }),
  }),
  'DELETE /api/auth/passkeys/{id}': row({ expect: ownerOnly, fixture: 'passkey', path: id }),
  'GET /api/admin/email-templates/{key}': row({ expect: adminOnly, fixture: 'emailTemplate', path: (f) => ({ key: f.id! }) }),
  'PUT /api/admin/email-templates/{key}': row({
    expect: adminOnly,
    fixture: 'emailTemplate',
    path: (f) => ({ key: f.id! }),
    body: () => ({ subject: 'Welcome, {{name}}', body: 'Hello {{name}}' }),
  }),
  'DELETE /api/admin/email-templates/{key}': row({ expect: adminOnly, fixture: 'emailTemplate', path: (f) => ({ key: f.id! }) }),
  'POST /api/admin/email-templates/{key}/preview': row({
    expect: adminOnly,
    fixture: 'emailTemplate',
    path: (f) => ({ key: f.id! }),
    body: () => ({}),
  }),
  'POST /api/admin/email-templates/{key}/test': row({
    expect: adminOnly,
    fixture: 'emailTemplate',
    path: (f) => ({ key: f.id! }),
    body: () => ({}),
  }),
  'PUT /api/admin/reports/{id}': row({ expect: adminOnly, fixture: 'report', path: id, body: () => ({ status: 'resolved' }) }),
  'POST /api/admin/streaming/sessions/{id}/end': row({ expect: adminOnly, fixture: 'anotherLive', path: id, fresh: true }),
  'POST /api/admin/wallet/charges/{id}/refund': row({ expect: adminOnly, fixture: 'charge', path: id, body: () => ({}), fresh: true }),
  'GET /api/admin/payment/transactions/{id}/refund-preview': row({ expect: adminOnly, fixture: 'payment', path: id }),
  'POST /api/admin/payment/transactions/{id}/refund': row({ expect: adminOnly, fixture: 'payment', path: id, body: () => ({}) }),
  'PUT /api/admin/payout-requests/{id}/status': row({
    expect: adminOnly,
    fixture: 'anotherPayout',
    path: id,
    body: () => ({ status: 'rejected', adminNote: 'no' }),
    fresh: true,
  }),

  // Site content and lookups.
  'GET /api/posts/{id}': row({ expect: everyone, fixture: 'post', path: (f) => ({ id: f.slug }) }),
  'GET /api/states/{country}': row({ expect: everyone, fixture: 'none', path: () => ({ country: 'US' }) }),
  'GET /api/cities/{country}/{state}': row({ expect: everyone, fixture: 'none', path: () => ({ country: 'US', state: 'CA' }) }),
  'GET /api/flags/{file}': row({ expect: everyone, fixture: 'none', path: () => ({ file: 'us.svg' }) }),
  'POST /api/coupons/{code}/apply-coupon': row({ expect: signedInAny, fixture: 'coupon', path: (f) => ({ code: f.code }) }),
  'POST /api/{gateway}/cards': row({
    expect: signedInAny,
    fixture: 'none',
    path: () => ({ gateway: 'sandbox' }),
    body: () => ({ number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123', holderName: 'A' }),
  }),

  // A creator's content, in their tools.
  'GET /api/performer/feeds/{id}': row({ expect: creatorOwnerOnly, fixture: 'feed', path: id }),
  'PUT /api/performer/feeds/{id}': row({
    expect: creatorOwnerOnly,
    fixture: 'feed',
    path: id,
    body: () => ({ type: 'text', text: 'edited' }),
  }),
  'DELETE /api/performer/feeds/{id}': row({ expect: creatorOwnerOnly, fixture: 'feed', path: id }),
  'PUT /api/performer/performer-assets/products/{id}': row({
    expect: creatorOwnerOnly,
    fixture: 'product',
    path: id,
    body: () => {
      const form = new FormData();
      for (const [key, value] of Object.entries({ name: 'Shirt', type: 'physical', price: '6', stock: '100' })) form.append(key, value);
      return form;
    },
  }),
  'DELETE /api/performer/performer-assets/products/{id}': row({ expect: creatorOwnerOnly, fixture: 'product', path: id }),
  'GET /api/performer/performer-assets/products/{id}/view': row({ expect: creatorOwnerOnly, fixture: 'product', path: id }),
  'PUT /api/performer/performer-assets/videos/edit/{id}': row({
    expect: creatorOwnerOnly,
    fixture: 'video',
    path: id,
    body: () => imageForm('thumbnail', { title: 'clip' }),
  }),
  'DELETE /api/performer/performer-assets/videos/remove-file/{id}': row({
    expect: creatorOwnerOnly,
    fixture: 'video',
    path: id,
    query: () => ({ type: 'thumbnail' }),
  }),
  'DELETE /api/performer/performer-assets/videos/{id}': row({ expect: creatorOwnerOnly, fixture: 'video', path: id }),
  'GET /api/performer/performer-assets/videos/{id}/view': row({ expect: creatorOwnerOnly, fixture: 'video', path: id }),
  'PUT /api/performer/performer-assets/galleries/{id}': row({
    expect: creatorOwnerOnly,
    fixture: 'gallery',
    path: id,
    body: () => ({ title: 'set' }),
  }),
  'DELETE /api/performer/performer-assets/galleries/{id}': row({ expect: creatorOwnerOnly, fixture: 'gallery', path: id }),
  'GET /api/performer/performer-assets/galleries/{id}/view': row({ expect: creatorOwnerOnly, fixture: 'gallery', path: id }),
  'PUT /api/performer/performer-assets/photos/{id}': row({
    expect: creatorOwnerOnly,
    fixture: 'gallery',
    path: (f) => ({ id: f.photoId }),
    body: () => ({ title: 'p' }),
  }),
  'DELETE /api/performer/performer-assets/photos/{id}': row({
    expect: creatorOwnerOnly,
    fixture: 'gallery',
    path: (f) => ({ id: f.photoId }),
  }),
  'POST /api/performer/performer-assets/photos/set-cover/{id}': row({
    expect: creatorOwnerOnly,
    fixture: 'gallery',
    path: (f) => ({ id: f.photoId }),
  }),
  'GET /api/stories/performers/{id}': row({ expect: creatorOwnerOnly, fixture: 'story', path: id }),
  'PUT /api/stories/performers/{id}': row({
    expect: creatorOwnerOnly,
    fixture: 'story',
    path: id,
    body: () => ({ type: 'text', text: 'edited' }),
  }),
  'DELETE /api/stories/performers/{id}': row({ expect: creatorOwnerOnly, fixture: 'story', path: id }),
  'PUT /api/media/files/{id}/alt-text': row({
    expect: ownerOnly,
    fixture: 'feed',
    path: (f) => ({ id: f.fileId }),
    body: () => ({ altText: 'a photo' }),
  }),

  // A creator's content as fans see it.
  'GET /api/user/feeds/{id}': row({ expect: publicCreatorContent, fixture: 'feed', path: id }),
  'POST /api/user/feeds/vote/{id}': row({
    expect: signedInCreatorContent,
    fixture: 'poll',
    path: id,
    body: (f) => ({ optionId: f.optionId }),
  }),
  'GET /api/user/feeds/{id}/file/{fileId}/status': row({
    expect: publicCreatorContent,
    fixture: 'feed',
    path: (f) => ({ id: f.id, fileId: f.fileId }),
  }),
  'GET /api/performer-assets/products/{id}': row({ expect: publicCreatorContent, fixture: 'product', path: id }),
  'GET /api/performer-assets/videos/{id}': row({ expect: publicCreatorContent, fixture: 'video', path: id }),
  'POST /api/performer-assets/videos/{id}/view': row({ expect: publicCreatorContent, fixture: 'video', path: id }),
  'GET /api/performer-assets/videos/{id}/file/{fileId}/status': row({
    expect: publicCreatorContent,
    fixture: 'video',
    path: (f) => ({ id: f.id, fileId: f.fileId }),
  }),
  'GET /api/performer-assets/galleries/{id}': row({ expect: publicCreatorContent, fixture: 'gallery', path: id }),
  'POST /api/performer-assets/galleries/{id}/view': row({ expect: publicCreatorContent, fixture: 'gallery', path: id }),
  'PUT /api/comments/{id}': row({
    expect: ownerOnly,
    fixture: 'comment',
    path: id,
    body: () => {
      const form = new FormData();
      form.append('content', 'edited');
      return form;
    },
  }),
  'DELETE /api/comments/{id}': row({ expect: { ...ownerOrAdmin, party: 'ok' }, fixture: 'comment', path: id }),

  // Shop.
  'GET /api/orders/{id}': row({ expect: { ...participants, admin: 'ok' }, fixture: 'order', path: id }),
  'PUT /api/orders/{id}/update': row({
    expect: { ...ownerOrAdmin, owner: 403, party: 'ok', otherFan: 403, blockedFan: 403, blockedCountry: 403 },
    fixture: 'order',
    path: id,
    body: () => ({ deliveryStatus: 'shipping', shippingCode: 'TRACK1' }),
  }),
  'PUT /api/orders/{id}/update/delivery-address': row({
    expect: fanOwnerOnly,
    fixture: 'order',
    path: id,
    body: (f) => ({ addressId: f.addressId }),
  }),
  'GET /api/performer-assets/products/{id}/download-link': row({ expect: buyerOnly, fixture: 'digitalOrder', path: id }),
  'GET /api/performer-assets/products/{id}/download': row({
    expect: buyerOnly,
    fixture: 'digitalOrder',
    path: id,
    query: (f) => ({ expires: f.expires!, signature: f.signature! }),
    note: "The signed link is the buyer's alone: another account presenting it is refused.",
  }),
  'PUT /api/addresses/{id}': row({ expect: fanOwnerOnly, fixture: 'address', path: id, body: () => HOME_ADDRESS }),
  'DELETE /api/addresses/{id}': row({ expect: fanOwnerOnly, fixture: 'address', path: id }),

  // Money.
  'PUT /api/payment-cards/{id}/default': row({ expect: ownerOnly, fixture: 'card', path: id }),
  'DELETE /api/payment-cards/{id}': row({ expect: ownerOnly, fixture: 'card', path: id }),
  'POST /api/payment/retry/{id}': row({ expect: ownerOnly, fixture: 'payment', path: id }),
  'POST /api/payment/sandbox/confirm/{id}': row({ expect: ownerOnly, fixture: 'payment', path: id }),
  'GET /api/payment/transactions/{id}': row({ expect: ownerOrAdmin, fixture: 'payment', path: id }),
  'POST /api/payment/{gateway}/cancel-subscription/{id}': row({
    expect: ownerOnly,
    fixture: 'subscription',
    path: (f) => ({ gateway: f.gateway!, id: f.id! }),
  }),
  'POST /api/payment/{gateway}/resume-subscription/{id}': row({
    expect: ownerOnly,
    fixture: 'subscription',
    path: (f) => ({ gateway: f.gateway!, id: f.id! }),
  }),
  'PUT /api/payout-requests/{id}': row({ expect: creatorOwnerOnly, fixture: 'payout', path: id, body: () => ({ amount: 50 }) }),
  'GET /api/payout-requests/{id}/view': row({ expect: { ...creatorOwnerOnly, admin: 'ok' }, fixture: 'payout', path: id }),

  // Messages.
  'GET /api/conversations/{id}': row({ expect: participants, fixture: 'conversation', path: id }),
  'GET /api/messages/conversations/{id}': row({ expect: participants, fixture: 'conversation', path: id }),
  'POST /api/messages/conversations/{id}': row({ expect: participants, fixture: 'conversation', path: id, body: () => ({ text: 'hi' }) }),
  'DELETE /api/messages/{id}': row({ expect: ownerOnly, fixture: 'conversation', path: (f) => ({ id: f.messageId }) }),
  'POST /api/messages/read-all/{id}': row({ expect: participants, fixture: 'conversation', path: id }),
  'GET /api/messages/{id}/file/{fileId}/status': row({
    expect: participants,
    fixture: 'conversation',
    path: (f) => ({ id: f.messageId, fileId: f.fileId }),
  }),
  'GET /api/messages/mass/{id}': row({ expect: creatorOwnerOnly, fixture: 'massMessage', path: id }),
  'DELETE /api/messages/mass/{id}': row({ expect: creatorOwnerOnly, fixture: 'massMessage', path: id }),
  'POST /api/notifications/{id}/read': row({ expect: ownerOnly, fixture: 'notification', path: id }),

  // Live.
  'PUT /api/streaming/live/{id}': row({
    expect: ownerOrAdmin,
    fixture: 'live',
    path: id,
    body: () => ({ title: 'renamed' }),
  }),
  'GET /api/streaming/live/{id}': row({
    expect: { ...publicCreatorContent, blockedFan: 404, blockedCountry: 404 },
    fixture: 'live',
    path: id,
    note: 'A live session is not shown to those its creator refuses (decision 053); joining it answers 403 with the reason.',
  }),
  'GET /api/streaming/live/{id}/preview.jpg': row({
    expect: { ...publicCreatorContent, blockedFan: 404, blockedCountry: 404 },
    fixture: 'live',
    path: id,
    note: 'The card a shared link to the session unfurls into: hidden as the session is.',
  }),
  'GET /api/streaming/join/{id}': row({ expect: liveAudience, fixture: 'live', path: id }),
  'PUT /api/conversations/stream/{id}/update': row({
    expect: ownerOrAdmin,
    fixture: 'live',
    path: (f) => ({ id: f.conversationId }),
    body: () => ({ slowModeSeconds: 0 }),
  }),
  'GET /api/messages/stream/{id}': row({ expect: liveAudience, fixture: 'live', path: (f) => ({ id: f.conversationId }) }),
  'POST /api/messages/stream/{id}': row({
    expect: liveAudience,
    fixture: 'live',
    path: (f) => ({ id: f.conversationId }),
    body: () => ({ text: 'hi' }),
  }),
  'GET /api/messages/conversations/public/{id}': row({
    expect: liveAudience,
    fixture: 'live',
    path: (f) => ({ id: f.conversationId }),
  }),
  'DELETE /api/messages/stream/{id}/remove-all-message': row({
    expect: ownerOrAdmin,
    fixture: 'live',
    path: (f) => ({ id: f.conversationId }),
    fresh: false,
  }),
  'PUT /api/streaming/private-requests/{id}': row({
    expect: { ...participants, owner: 403 },
    fixture: 'privateShow',
    path: id,
    body: () => ({ action: 'decline' }),
    fresh: true,
    note: 'Only the creator answers a request; the fan who made it is told so.',
  }),
  'GET /api/streaming/private-requests/{id}/call': row({ expect: participants, fixture: 'privateShow', path: id }),
  'GET /api/live/{sessionId}/{token}/{file}': row({
    expect: { ...adminOnly, owner: 403, party: 403, admin: 403, anonymous: 403, suspended: 403 },
    fixture: 'live',
    path: (f) => ({ sessionId: f.id!, token: 'not-a-playback-token', file: 'index.m3u8' }),
    note: 'The signed token in the path is the access (given by joining): a wrong one is refused to everyone.',
  }),
};

// ---- The test. --------------------------------------------------------------------------------

const allowed = (status: number) => status < 400 || [400, 402, 409, 422].includes(status);

function accountOf(caller: Caller, fixture: { owner?: Account; party?: Account }): Account | undefined | null {
  switch (caller) {
    case 'owner':
      return fixture.owner ?? null;
    case 'party':
      return fixture.party ?? null;
    case 'anonymous':
      return undefined;
    default:
      return world[caller];
  }
}

beforeAll(async () => {
  app = await createTestApp();
  world = await buildWorld();
}, 120_000);
afterAll(() => app?.close());

describe('the access matrix', () => {
  it('answers every caller of every operation with a path parameter as the table says', { timeout: 300_000 }, async () => {
    const operations = (await operationsOf(app)).filter((operation) => operation.parameters.some((p) => p.in === 'path'));
    expect(operations.length).toBeGreaterThan(100);
    const unclassified = operations.map(operationName).filter((name) => !MATRIX[name]);
    const stale = Object.keys(MATRIX).filter((name) => !operations.some((operation) => operationName(operation) === name));
    const problems: string[] = [
      ...unclassified.map((name) => `add ${name} to the access matrix (test/access-matrix.test.ts)`),
      ...stale.map((name) => `${name} is in the access matrix but not in the API`),
    ];
    const only = process.env.MATRIX_ONLY;
    const record: string[] = [];
    const cpu = process.cpuUsage();
    for (const operation of operations) {
      const name = operationName(operation);
      const entry = MATRIX[name];
      if (!entry || (only && name !== only)) continue;
      const fresh = entry.fresh ?? operation.method === 'DELETE';
      const make = fixtures[entry.fixture]!;
      let shared: Fixture | undefined;
      const line: string[] = [];
      for (const caller of CALLERS) {
        const expected = entry.expect[caller];
        let fixture: Fixture;
        try {
          if (fresh && expected === 'ok') fixture = await make();
          else {
            shared ??= await make();
            fixture = shared;
          }
        } catch (error) {
          problems.push(`${name}: its fixture ${entry.fixture} could not be made: ${(error as Error).message.slice(0, 300)}`);
          break;
        }
        const account = accountOf(caller, fixture);
        if (account === null) continue;
        const response = await send(operation, entry, fixture, account, caller === 'blockedCountry' ? GB : freshIp());
        const got = response.statusCode;
        line.push(`${caller}=${got}`);
        const matches = expected === 'ok' ? allowed(got) : got === expected;
        if (!matches) problems.push(`${name} as ${caller}: expected ${expected}, got ${got} ${response.body.slice(0, 160)}`);
      }
      record.push(`${name}: ${line.join(' ')}`);
    }
    const used = process.cpuUsage(cpu);
    console.info(`access matrix: ${operations.length} operations, ${((used.user + used.system) / 1e6).toFixed(1)} s of CPU`);
    if (process.env.MATRIX_RECORD) console.info(record.join('\n'));
    expect(problems, `${problems.length} unexpected answers:\n${problems.join('\n')}`).toEqual([]);
  });
});

function send(operation: Operation, entry: Row, fixture: Fixture, account: Account | undefined, ip: string) {
  const path = (entry.path as (f: unknown) => Record<string, string>)(fixture);
  const url = urlOf(operation, path, entry.query ? (entry.query as (f: unknown) => Record<string, string>)(fixture) : {});
  let payload = entry.body ? (entry.body as (f: unknown) => unknown)(fixture) : undefined;
  if (payload === undefined && operation.body && operation.method !== 'GET' && operation.method !== 'DELETE') payload = {};
  return call(account, operation.method, url, payload, ip);
}
