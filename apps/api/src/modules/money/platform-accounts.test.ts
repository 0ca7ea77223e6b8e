import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { expectSoundLedger, fundWallet, signedIn } from '../../../test/factories';
import { ledgerAccounts, performerProfiles, users } from '../../db/schema';
import { balanceOf, platform, platformAccountKinds } from '../../platform/ledger';
import { payFromWallet } from './wallet-payments';

/**
 * The platform's ledger accounts are made once, by the migrations (decision 022): the first
 * movements of a fresh site race for nothing. Each case starts on a fresh database. With
 * DATABASE_URL they run on as many connections at once; on PGlite they take turns on its one.
 */
let app: TestApp;
beforeEach(async () => {
  app = await createTestApp();
});
afterEach(() => app.close());

const CREATORS = 10;
const PRICE = 10;

const platformAccounts = () =>
  app.deps.db
    .select({ kind: ledgerAccounts.kind, balanceCents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(isNull(ledgerAccounts.ownerId))
    .orderBy(ledgerAccounts.kind);

describe('the platform’s ledger accounts on a fresh database', () => {
  it('exist once each, empty, before any money moved', async () => {
    const accounts = await platformAccounts();
    expect(accounts).toEqual([...platformAccountKinds].sort().map((kind) => ({ kind, balanceCents: 0 })));
    expect((await app.deps.db.execute(sql`select count(*)::int as n from ledger_entries`)).rows).toEqual([{ n: 0 }]);
  });

  it('take the first top-ups and sales racing one another: every one succeeds and the books balance', async () => {
    const creators = await Promise.all(Array.from({ length: CREATORS }, () => signedIn(app, 'performer')));
    await app.deps.db.insert(performerProfiles).values(
      creators.map((creator) => ({
        userId: creator.user.id,
        gender: 'female' as const,
        verifiedDocument: true,
        monthlyPriceCents: PRICE * 100,
      })),
    );
    const tippers = await Promise.all(creators.map(() => signedIn(app, 'user')));
    const subscribers = await Promise.all(creators.map(() => signedIn(app, 'user')));
    // The site's first top-ups, all at once (the clearing account's first entries).
    await Promise.all([...tippers, ...subscribers].map((fan) => fundWallet(app, fan.user.id, PRICE)));

    // Its first sales, all at once: a tip to each creator and a subscription paid from the wallet
    // (the sale runs inside the subscription's transaction, where a failed statement cannot be retried).
    const answers = await Promise.all([
      ...creators.map((creator, n) =>
        app.inject({
          method: 'POST',
          url: `/api/wallet/charges/tip/${creator.user.id}`,
          headers: tippers[n]!.headers,
          payload: { price: PRICE },
        }),
      ),
      ...creators.map((creator, n) =>
        app.inject({
          method: 'POST',
          url: '/api/payment/subscribe/performers',
          headers: subscribers[n]!.headers,
          payload: { performerId: creator.user.id, type: 'monthly' },
        }),
      ),
    ]);
    expect(answers.filter((answer) => answer.statusCode !== 200).map((answer) => answer.body)).toEqual([]);

    await expectSoundLedger(app);
    // Still one account of each kind; the platform kept 10 % of the 20 sales.
    expect((await platformAccounts()).map((account) => account.kind)).toEqual([...platformAccountKinds].sort());
    expect(await balanceOf(app.deps.db, platform('platform_revenue'))).toBe(2 * CREATORS * PRICE * 10);
    expect(await balanceOf(app.deps.db, platform('gateway_clearing'))).toBe(-2 * CREATORS * PRICE * 100);
    for (const creator of creators) {
      const [earnings] = await app.deps.db
        .select({ balanceCents: ledgerAccounts.balanceCents })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.kind, 'earnings'), eq(ledgerAccounts.ownerId, creator.user.id)));
      expect(earnings?.balanceCents).toBe(2 * PRICE * 90);
    }
  });

  it('take first sales whose transactions overlap, as wallet-paid subscriptions run them: none fails', async () => {
    // Fewer than the pool's 10 connections, so that every transaction has one while the others are open.
    const sales = 8;
    const tag = Date.now().toString(36);
    const people = (role: 'performer' | 'user', name: string) =>
      app.deps.db
        .insert(users)
        .values(Array.from({ length: sales }, (_, n) => ({ role, name: `${name} ${n}`, username: `${name}${n}_${tag}` })))
        .returning({ id: users.id });
    const creators = await people('performer', 'creator');
    await app.deps.db.insert(performerProfiles).values(creators.map((creator) => ({ userId: creator.id, gender: 'female' as const })));
    const fans = await people('user', 'fan');
    for (const fan of fans) await fundWallet(app, fan.id, PRICE);

    let paid = 0;
    let allPaid!: () => void;
    const everyonePaid = new Promise<void>((resolve) => {
      allPaid = resolve;
    });
    const outcomes = await Promise.allSettled(
      creators.map((creator, n) =>
        app.deps.db.transaction(async (tx) => {
          await payFromWallet(app.deps, tx, {
            fanId: fans[n]!.id,
            performerId: creator.id,
            type: 'tip',
            itemId: null,
            priceCents: PRICE * 100,
          });
          if (++paid === sales) allPaid();
          // Each sale's transaction stays open until all have paid, so none commits before the
          // others' statements ran (a statement that fails here fails its whole transaction).
          // PGlite runs one transaction at a time: there each waits the short timeout instead.
          await Promise.race([everyonePaid, sleep(300)]);
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    await expectSoundLedger(app);
    expect(await balanceOf(app.deps.db, platform('platform_revenue'))).toBe(sales * PRICE * 10);
  });
});
