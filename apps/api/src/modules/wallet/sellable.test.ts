import { eq, sql } from 'drizzle-orm';
import { bigint, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { expectSoundLedger, fundWallet, signedIn, verifiedPerformer } from '../../../test/factories';
import type { PurchasableType } from '../../db/read/money';
import type { Deps, Sellable } from '../../deps';
import { commentCounter } from '../../platform/counters';
import { notFound } from '../../platform/errors';
import { itemSale, performerOf } from '../../platform/selling';
import { commentedItem } from '../access';

/**
 * An eighth thing to sell, written here alone (decision 076): a creator's postcard, with its own
 * table. Nothing of the wallet, refunds, comments or reports knows of it; the app is handed its
 * sellable, and each shared path asks it.
 */
const postcards = pgTable('test_postcards', {
  id: uuid('id').primaryKey().defaultRandom(),
  performerId: uuid('performer_id').notNull(),
  title: text('title').notNull(),
  priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
  commentCount: integer('comment_count').notNull().default(0),
  refunds: integer('refunds').notNull().default(0),
});

const findPostcard = async (deps: Pick<Deps, 'db'>, _viewer: unknown, id: string) => {
  const [row] = await deps.db.select().from(postcards).where(eq(postcards.id, id));
  if (!row) throw notFound('Postcard');
  return { ...row, isSale: true, deletedAt: null };
};

const postcardSellable: Sellable = {
  type: 'postcard',
  noun: 'postcard',
  refundedAs: 'a postcard',
  sell: async (deps, fan, id) => itemSale(await findPostcard(deps, fan, id)),
  refund: {
    after: async (tx, charge) => {
      await tx
        .update(postcards)
        .set({ refunds: sql`${postcards.refunds} + 1` })
        .where(eq(postcards.id, charge.itemId!));
    },
  },
  reach: findPostcard,
  comments: {
    find: commentedItem('postcard' as PurchasableType, findPostcard),
    owner: performerOf(postcards),
    count: commentCounter(postcards),
    page: 'postcard',
  },
  moderation: async (db, id) => {
    const [row] = await db.select().from(postcards).where(eq(postcards.id, id));
    return row && { ownerId: row.performerId, title: row.title, text: '', fileIds: [] };
  },
};

type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
let creator: Account;
let postcardId: string;
beforeAll(async () => {
  app = await createTestApp({}, { sellables: [postcardSellable] });
  await app.deps.db.execute(sql`create table test_postcards (
    id uuid primary key default gen_random_uuid(), performer_id uuid not null, title text not null,
    price_cents bigint not null, comment_count integer not null default 0, refunds integer not null default 0)`);
  creator = await verifiedPerformer(app);
  const [row] = await app.deps.db
    .insert(postcards)
    .values({ performerId: creator.user.id, title: 'Greetings from the studio', priceCents: 400 })
    .returning();
  postcardId = row!.id;
});
afterEach(() => expectSoundLedger(app));
afterAll(() => app.close());

const balance = async (account: Account) => (await app.inject({ url: '/api/users/me', headers: account.headers })).json().balance;
const postcard = async () => (await app.deps.db.select().from(postcards).where(eq(postcards.id, postcardId)))[0]!;
const comment = (account: Account) =>
  app.inject({
    method: 'POST',
    url: '/api/comments',
    headers: account.headers,
    payload: { objectType: 'postcard', objectId: postcardId, content: 'Lovely card' },
  });

describe('a thing to sell added in the tests alone', () => {
  it('is bought, commented on, reported and refunded through the shared paths', async () => {
    const fan = await signedIn(app, 'user');
    await fundWallet(app, fan.user.id, 10);

    // Comments ask the sellable whether the fan may see it: not before buying it.
    expect((await comment(fan)).statusCode).toBe(403);

    const bought = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/postcard/${postcardId}`,
      headers: fan.headers,
      payload: { price: 4 },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json()).toMatchObject({ balance: 6, charge: { type: 'postcard', itemId: postcardId, price: 4, status: 'success' } });
    // Sold once: a second purchase is refused, and the creator was told what was bought.
    const again = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/postcard/${postcardId}`,
      headers: fan.headers,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    const notices = await app.inject({ url: '/api/notifications', headers: creator.headers });
    expect(notices.body).toContain('bought your postcard for 4.00 tokens');

    const commented = await comment(fan);
    expect(commented.statusCode, commented.body).toBe(200);
    expect(commented.json()).toMatchObject({ objectType: 'postcard', objectId: postcardId, content: 'Lovely card' });
    expect((await postcard()).commentCount).toBe(1);
    const listed = await app.inject({ url: `/api/comments?objectType=postcard&objectId=${postcardId}`, headers: fan.headers });
    expect(listed.json()).toMatchObject({ total: 1 });

    const reported = await app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: fan.headers,
      payload: { targetType: 'postcard', targetId: postcardId, reason: 'spam' },
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const admin = await signedIn(app, 'admin');
    const content = await app.inject({ url: `/api/admin/reports/targets/postcard/${postcardId}`, headers: admin.headers });
    expect(content.statusCode, content.body).toBe(200);
    expect(content.body).toContain('Greetings from the studio');

    const refunded = await app.inject({
      method: 'POST',
      url: `/api/admin/wallet/charges/${bought.json().charge._id}/refund`,
      headers: admin.headers,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ type: 'postcard', status: 'refunded' });
    expect(await balance(fan)).toBe(10);
    // The seller's own hook ran in the refund's transaction; the fan lost what they bought.
    expect((await postcard()).refunds).toBe(1);
    expect((await comment(fan)).statusCode).toBe(403);
  });

  it('refuses a type nobody sells, naming the field', async () => {
    const fan = await signedIn(app, 'user');
    const response = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/poster/${postcardId}`,
      headers: fan.headers,
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('type');
  });
});
