import { randomUUID } from 'node:crypto';
import type { WalletChargeRouteType } from '@limelight/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { expectSoundLedger, fundWallet, signedIn, verifiedPerformer } from '../../../test/factories';
import { feeds, galleries, performerProfiles, purchasedItems, subscriptions, users, videos } from '../../db/schema';

/**
 * The money core's acceptance: for each charge type, 1,000 concurrent payments from a wallet that
 * holds enough for exactly 500 of them: 500 are paid, 500 refused for the balance, nothing else,
 * and the books balance. Fixtures (items, creators) go in with one statement each. Each case
 * takes 10 to 20 s alone on PGlite (1,000 requests through one connection), minutes on a loaded
 * machine: hence the long timeout.
 */
type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterEach(() => expectSoundLedger(app));
afterAll(() => app.close());

const CHARGES = 1000;
const PRICE = 10;
const balance = async (account: Account) => (await app.inject({ url: '/api/users/me', headers: account.headers })).json().balance;

/** A fan whose wallet pays for exactly half of the charges. */
async function fanForHalf() {
  const fan = await signedIn(app, 'user');
  await fundWallet(app, fan.user.id, (CHARGES / 2) * PRICE);
  return fan;
}

async function expectHalfPaid(answers: Array<{ statusCode: number; body: string }>, fan: Account) {
  const statuses = answers.map((answer) => answer.statusCode);
  const other = answers.find((answer) => answer.statusCode !== 200 && answer.statusCode !== 402);
  expect(other?.body).toBeUndefined();
  expect(statuses.filter((status) => status === 200)).toHaveLength(CHARGES / 2);
  expect(statuses.filter((status) => status === 402)).toHaveLength(CHARGES / 2);
  expect(await balance(fan)).toBe(0);
}

const pay = (fan: Account, type: WalletChargeRouteType, id: string) =>
  app.inject({ method: 'POST', url: `/api/wallet/charges/${type}/${id}`, headers: fan.headers, payload: { price: PRICE } });

/** 1,000 distinct items of a creator, each for sale at the price. */
async function itemsForSale(type: 'feed' | 'video' | 'gallery', performerId: string) {
  const sale = { performerId, isSale: true, priceCents: PRICE * 100 };
  const numbered = Array.from({ length: CHARGES }, (_, n) => n);
  if (type === 'feed') {
    return app.deps.db
      .insert(feeds)
      .values(numbered.map((n) => ({ ...sale, type: 'text' as const, text: `Post ${n}` })))
      .returning({ id: feeds.id });
  }
  const table = type === 'video' ? videos : galleries;
  return app.deps.db
    .insert(table)
    .values(numbered.map((n) => ({ ...sale, title: `${type} ${n}` })))
    .returning({ id: table.id });
}

describe('1,000 concurrent charges on a wallet that holds enough for 500', () => {
  it('accepts exactly 500 tips', async () => {
    const creator = await verifiedPerformer(app);
    const fan = await fanForHalf();
    await expectHalfPaid(await Promise.all(Array.from({ length: CHARGES }, () => pay(fan, 'tip', creator.user.id))), fan);
    expect(await balance(creator)).toBe((CHARGES / 2) * PRICE * 0.9);
  }, 300_000);

  it.each(['feed', 'video', 'gallery'] as const)(
    'accepts exactly 500 purchases of distinct %s items',
    async (type) => {
      const creator = await verifiedPerformer(app);
      const items = await itemsForSale(type, creator.user.id);
      const fan = await fanForHalf();
      await expectHalfPaid(await Promise.all(items.map((item) => pay(fan, type, item.id))), fan);
      expect(await app.deps.db.$count(purchasedItems, eq(purchasedItems.userId, fan.user.id))).toBe(CHARGES / 2);
      expect(await balance(creator)).toBe((CHARGES / 2) * PRICE * 0.9);
    },
    300_000,
  );

  it('accepts exactly 500 subscription periods to distinct creators', async () => {
    const tag = randomUUID().slice(0, 8);
    const creators = await app.deps.db
      .insert(users)
      .values(Array.from({ length: CHARGES }, (_, n) => ({ role: 'performer' as const, name: `Creator ${n}`, username: `c${n}_${tag}` })))
      .returning({ id: users.id });
    await app.deps.db.insert(performerProfiles).values(
      creators.map((creator) => ({
        userId: creator.id,
        gender: 'female' as const,
        verifiedDocument: true,
        monthlyPriceCents: PRICE * 100,
      })),
    );
    const fan = await fanForHalf();
    const answers = await Promise.all(
      creators.map((creator) =>
        app.inject({
          method: 'POST',
          url: '/api/payment/subscribe/performers',
          headers: fan.headers,
          payload: { performerId: creator.id, type: 'monthly' },
        }),
      ),
    );
    await expectHalfPaid(answers, fan);
    expect(await app.deps.db.$count(subscriptions, eq(subscriptions.userId, fan.user.id))).toBe(CHARGES / 2);
  }, 300_000);
});
