import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { expectSoundLedger, fundWallet } from '../../../test/factories';
import { performerProfiles, users } from '../../db/schema';
import { shareOf } from './rates';
import { shareOfSql } from './repo/sales';
import { splitSale } from './sales';
import { payFromWallet } from './wallet-payments';

/**
 * A sale's split has one definition (`saleSplitSql`), which the wallet payment statement embeds
 * and `splitSale` runs for every other sale; its rounding is `shareOf`'s, written for SQL. These
 * run both on the database of this run (PGlite, or PostgreSQL with DATABASE_URL) at the edges.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** Cents: the least, odd ones, the half-cent boundaries of 10 % (5, 15), large ones. */
const AMOUNTS = [1, 2, 3, 5, 7, 15, 49, 50, 51, 99, 101, 999, 1001, 12_345, 99_999_999];
/** Basis points: nothing, the least, the default, a third, half, all but one, the whole. */
const RATES = [0, 1, 999, 1000, 1500, 3333, 5000, 9999, 10_000];

describe('the split of a sale', () => {
  it('rounds in SQL exactly as shareOf does', async () => {
    const { rows } = (await app.deps.db.execute(sql`
      select a.amount::float8 as amount, b.bps, (${shareOfSql(sql`a.amount`, sql`b.bps`)})::float8 as share
      from unnest(${sql.raw(`array[0, ${AMOUNTS.join(', ')}, 900719925474]::bigint[]`)}) a (amount),
        unnest(${sql.raw(`array[${RATES.join(', ')}]::int[]`)}) b (bps)`)) as unknown as {
      rows: Array<{ amount: number; bps: number; share: number }>;
    };
    expect(rows).toHaveLength((AMOUNTS.length + 2) * RATES.length);
    const disagreeing = rows.filter((row) => row.share !== shareOf(row.amount, row.bps));
    expect(disagreeing).toEqual([]);
    // 0.5 cent rounds up, 0.4 down, on both sides.
    expect(rows.find((row) => row.amount === 5 && row.bps === 1000)?.share).toBe(1);
    expect(rows.find((row) => row.amount === 49 && row.bps === 1000)?.share).toBe(5);
  });

  it('is the same when paid from the wallet in one statement as for any other sale', async () => {
    const tag = randomUUID().slice(0, 8);
    // A creator per rate, and one with none of their own (the site's performerCommission, 10 %).
    const rates = [...RATES, null];
    const creators = await app.deps.db
      .insert(users)
      .values(rates.map((_, n) => ({ role: 'performer' as const, name: `Creator ${n}`, username: `split${n}_${tag}` })))
      .returning({ id: users.id });
    await app.deps.db
      .insert(performerProfiles)
      .values(
        creators.map((creator, n) => ({ userId: creator.id, gender: 'female' as const, verifiedDocument: true, commissionBps: rates[n] })),
      );
    const [fan] = await app.deps.db
      .insert(users)
      .values({ role: 'user', name: 'Fan', username: `splitfan_${tag}` })
      .returning({ id: users.id });
    const total = AMOUNTS.reduce((sum, amount) => sum + amount, 0) * rates.length;
    await fundWallet(app, fan!.id, total / 100);

    const seen: Array<{ gross: number; bps: number | null; statement: number; other: number; rate: number }> = [];
    for (const [n, creator] of creators.entries()) {
      for (const gross of AMOUNTS) {
        await app.deps.db.transaction(async (tx) => {
          const paid = await payFromWallet(app.deps, tx, {
            fanId: fan!.id,
            performerId: creator.id,
            type: 'tip',
            itemId: null,
            priceCents: gross,
          });
          const split = await splitSale(app.deps, tx, creator.id, gross);
          expect(paid.charge.netCents + paid.charge.commissionCents).toBe(gross);
          expect(split.netCents + split.commissionCents).toBe(gross);
          seen.push({
            gross,
            bps: rates[n]!,
            statement: paid.charge.commissionCents,
            other: split.commissionCents,
            rate: split.commissionBps,
          });
        });
      }
    }
    const expected = seen.map(({ gross, bps }) => {
      const rate = bps ?? 1000;
      return { gross, bps, statement: shareOf(gross, rate), other: shareOf(gross, rate), rate };
    });
    expect(seen).toEqual(expected);
    await expectSoundLedger(app);
  });
});
