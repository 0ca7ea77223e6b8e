import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { fundWallet, signedIn, verifiedPerformer } from '../../test/factories';
import { earnings } from '../db/schema';
import { checkLedger } from './ledger-check';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('names a wallet charge whose earning is missing, found through the earning’s own key (type and charge)', async () => {
  const creator = await verifiedPerformer(app);
  const fan = await signedIn(app, 'user');
  await fundWallet(app, fan.user.id, 20);
  const tip = await app.inject({
    method: 'POST',
    url: `/api/wallet/charges/tip/${creator.user.id}`,
    headers: fan.headers,
    payload: { price: 10 },
  });
  expect(tip.statusCode, tip.body).toBe(200);
  expect(await checkLedger(app.deps.db)).toEqual([]);

  // Moved to another type, the earning no longer belongs to the charge: the charge is unearned.
  const earning = and(eq(earnings.sourceType, 'tip'), eq(earnings.performerId, creator.user.id));
  await app.deps.db.update(earnings).set({ sourceType: 'feed' }).where(earning);
  const violations = await checkLedger(app.deps.db);
  expect(violations.join('\n')).toMatch(
    /^every successful wallet charge \(even if refunded since\) was paid by exactly one journal and earned once: /m,
  );
  await app.deps.db
    .update(earnings)
    .set({ sourceType: 'tip' })
    .where(and(eq(earnings.sourceType, 'feed'), eq(earnings.performerId, creator.user.id)));
  expect(await checkLedger(app.deps.db)).toEqual([]);
});
