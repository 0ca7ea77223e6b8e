import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { expectSoundLedger, fundWallet, saveBankDetails, signedIn, verifiedPerformer } from '../../../test/factories';
import { performerProfiles, users } from '../../db/schema';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterEach(() => expectSoundLedger(app));
afterAll(() => app.close());

type Account = Awaited<ReturnType<typeof signedIn>>;

/** A creator who signed up but whose identity documents no admin has verified yet. */
async function unverifiedCreator() {
  const creator = await signedIn(app, 'performer');
  await app.deps.db.insert(performerProfiles).values({ userId: creator.user.id, gender: 'female', monthlyPriceCents: 999 });
  return creator;
}

const tip = (fan: Account, creatorId: string) =>
  app.inject({ method: 'POST', url: `/api/wallet/charges/tip/${creatorId}`, headers: fan.headers, payload: { price: 20 } });
const subscribe = (fan: Account, performerId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/payment/subscribe/performers',
    headers: fan.headers,
    payload: { performerId, type: 'monthly', paymentMethod: 'wallet' },
  });
const askPayout = (creator: Account) =>
  app.inject({ method: 'POST', url: '/api/payout-requests', headers: creator.headers, payload: { amount: 50 } });

describe('who may be paid', () => {
  it('pays only a verified, active creator: an unverified one receives no tip or subscription', async () => {
    const fan = await signedIn(app, 'user');
    await fundWallet(app, fan.user.id, 200);
    const unverified = await unverifiedCreator();
    for (const answer of [await tip(fan, unverified.user.id), await subscribe(fan, unverified.user.id)]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Creator not found' });
    }
    const verified = await verifiedPerformer(app);
    expect((await tip(fan, verified.user.id)).statusCode).toBe(200);
  });

  it('stops paying a creator an admin deactivates', async () => {
    const fan = await signedIn(app, 'user');
    await fundWallet(app, fan.user.id, 100);
    const creator = await verifiedPerformer(app);
    await app.deps.db.update(users).set({ status: 'inactive' }).where(eq(users.id, creator.user.id));
    expect((await tip(fan, creator.user.id)).statusCode).toBe(404);
  });

  it('lets only a verified creator ask for a payout, naming why', async () => {
    const unverified = await unverifiedCreator();
    await saveBankDetails(app, unverified);
    const refused = await askPayout(unverified);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('An admin must verify your identity documents before you can request a payout');
  });
});
