import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectSoundLedger, fundWallet, signedIn, verifiedPerformer } from '../../../test/factories';
import { nextEvent, realtimeSuite } from '../../../test/realtime';
import { privateShowRequests, walletCharges } from '../../db/schema';
import { balanceOf, walletOf } from '../../platform/ledger';
import { closePrivateShowsOf } from './account-standing';
import { chargeMinute, startShow } from './billing';

type Account = Awaited<ReturnType<typeof signedIn>>;
const suite = realtimeSuite();

const call = (account: Account, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  suite.app.inject({ method, url: `/api${url}`, headers: account.headers, ...(payload ? { payload } : {}) });
const standing = async (admin: Account, account: Account, payload: object) => {
  const answer = await call(admin, 'PUT', `/admin/accounts/${account.user.id}/standing`, payload);
  expect(answer.statusCode, answer.body).toBe(200);
};
const suspension = { action: 'suspend', reason: 'Off-platform payments', until: new Date(Date.now() + 3_600_000).toISOString() };
const ban = { action: 'ban', reason: 'Fraud' };
const tokens = async (account: Account) => (await balanceOf(suite.app.deps.db, walletOf(account.user.id))) / 100;
const showOf = async (id: string) => (await suite.app.deps.db.select().from(privateShowRequests).where(eq(privateShowRequests.id, id)))[0]!;
const refundedMinutes = (showId: string) =>
  suite.app.deps.db
    .select({ id: walletCharges.id })
    .from(walletCharges)
    .where(and(eq(walletCharges.itemId, showId), eq(walletCharges.status, 'refunded')));
const noticesOf = async (account: Account) =>
  (await call(account, 'GET', '/notifications')).json().data as Array<{ kind: string; text: string }>;

/** A creator taking private shows at 10 tokens a minute. */
async function creatorAt10() {
  const creator = await verifiedPerformer(suite.app);
  expect((await call(creator, 'PUT', '/streaming/update', { privateShowPrice: 10 })).statusCode).toBe(200);
  return creator;
}

/** A fan holding 50 tokens who asked `creator` for a private show; the request's id. */
async function requestFrom(creator: Account, fan?: Account) {
  const asker = fan ?? (await signedIn(suite.app, 'user'));
  if (!fan) await fundWallet(suite.app, asker.user.id, 50);
  const request = await call(asker, 'POST', '/streaming/private-requests', { performerId: creator.user.id });
  expect(request.statusCode, request.body).toBe(200);
  return { fan: asker, id: request.json()._id as string };
}

/** A show the creator accepted that went live and was charged `minutes` minutes. */
async function liveShow(creator: Account, minutes: number, fan?: Account) {
  const show = await requestFrom(creator, fan);
  expect((await call(creator, 'PUT', `/streaming/private-requests/${show.id}`, { action: 'accept' })).statusCode).toBe(200);
  await startShow(suite.app.deps, show.id);
  for (let minute = 1; minute <= minutes; minute++) await chargeMinute(suite.app.deps, show.id, minute);
  expect(await showOf(show.id)).toMatchObject({ status: 'live', minutesCharged: minutes });
  return show;
}

describe('a suspension or ban and private shows', () => {
  it('banning a creator cancels their requests, ends their live show and refunds its minute in progress, once', async () => {
    const admin = await signedIn(suite.app, 'admin');
    const creator = await creatorAt10();
    const pending = await requestFrom(creator);
    const accepted = await requestFrom(creator);
    expect((await call(creator, 'PUT', `/streaming/private-requests/${accepted.id}`, { action: 'accept' })).statusCode).toBe(200);
    const live = await liveShow(creator, 2);
    expect(await tokens(live.fan)).toBe(30);

    await standing(admin, creator, ban);
    expect(await showOf(pending.id)).toMatchObject({ status: 'cancelled' });
    expect(await showOf(accepted.id)).toMatchObject({ status: 'cancelled' });
    expect(await showOf(live.id)).toMatchObject({ status: 'ended', endedReason: 'performer', minutesCharged: 2 });
    // A request took no money; the live show's second minute, cut short, comes back; the first was delivered.
    expect(await tokens(pending.fan)).toBe(50);
    expect(await tokens(accepted.fan)).toBe(50);
    expect(await tokens(live.fan)).toBe(40);
    expect(await refundedMinutes(live.id)).toHaveLength(1);
    await expectSoundLedger(suite.app);

    const pendingNotices = await noticesOf(pending.fan);
    expect(pendingNotices[0]).toMatchObject({ kind: 'moderation' });
    expect(pendingNotices[0]!.text).toMatch(/^A private show request with .+ was cancelled: their account is not available$/);
    const liveNotices = await noticesOf(live.fan);
    expect(liveNotices.map((notice) => notice.kind).sort()).toEqual(['moderation', 'refund']);
    expect(liveNotices.find((notice) => notice.kind === 'refund')!.text).toBe(
      'You were refunded 10.00 tokens for the minute of a private show that was cut short',
    );

    // A retry, directly or by a second standing change, moves nothing and refunds nothing twice.
    const again = await suite.app.deps.db.transaction((tx) => closePrivateShowsOf(suite.app.deps, tx, { id: creator.user.id, name: null }));
    expect(again).toEqual({ cancelled: [], ended: [], refunds: [] });
    await standing(admin, creator, ban);
    expect(await tokens(live.fan)).toBe(40);
    expect(await refundedMinutes(live.id)).toHaveLength(1);
    expect(await noticesOf(live.fan)).toHaveLength(2);
    await expectSoundLedger(suite.app);
  });

  it('suspending a creator cancels their pending requests the same way', async () => {
    const admin = await signedIn(suite.app, 'admin');
    const creator = await creatorAt10();
    const pending = await requestFrom(creator);
    const live = await liveShow(creator, 1);
    expect(await tokens(live.fan)).toBe(40);

    await standing(admin, creator, suspension);
    expect(await showOf(pending.id)).toMatchObject({ status: 'cancelled' });
    expect(await showOf(live.id)).toMatchObject({ status: 'ended', endedReason: 'performer' });
    expect(await tokens(pending.fan)).toBe(50);
    expect(await tokens(live.fan)).toBe(50);
    expect((await noticesOf(pending.fan))[0]).toMatchObject({ kind: 'moderation' });
    await expectSoundLedger(suite.app);
    // The suspension ends: the fan may ask again.
    await standing(admin, creator, { action: 'restore', reason: 'Appeal upheld' });
    expect((await call(pending.fan, 'POST', '/streaming/private-requests', { performerId: creator.user.id })).statusCode).toBe(200);
  });

  it('suspending or banning a fan closes their own requests, their money back to them, and the creator’s page hears it', async () => {
    const admin = await signedIn(suite.app, 'admin');
    const [creator, other] = [await creatorAt10(), await creatorAt10()];
    const { fan, id: pendingId } = await requestFrom(creator);
    const live = await liveShow(other, 1, fan);
    expect(await tokens(fan)).toBe(40);
    const creatorSocket = await suite.connected(creator, suite.app);
    const removed = nextEvent(creatorSocket, 'private/request_removed');

    await standing(admin, fan, suspension);
    expect(await removed).toEqual({ conversationId: (await showOf(pendingId)).conversationId, status: 'cancelled' });
    expect(await showOf(live.id)).toMatchObject({ status: 'ended', endedReason: 'fan' });
    expect(await tokens(fan)).toBe(50);
    const creatorNotice = (await noticesOf(creator))[0]!;
    expect(creatorNotice).toMatchObject({ kind: 'moderation' });
    expect(creatorNotice.text).toMatch(/^A private show request with .+ was cancelled/);
    await expectSoundLedger(suite.app);

    await standing(admin, fan, ban);
    expect(await tokens(fan)).toBe(50);
    expect(await refundedMinutes(live.id)).toHaveLength(1);
    await expectSoundLedger(suite.app);
  });
});
