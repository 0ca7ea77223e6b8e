import { SANDBOX_CARDS } from '@limelight/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { expectSoundLedger, fundWallet, signedIn, verifiedPerformer } from '../../../test/factories';
import { readOutbox } from '../../../test/mail';
import { jobs, performerProfiles, subscriptions, walletCharges } from '../../db/schema';
import { createJobs, type JobHandler } from '../../platform/jobs';
import { RENEW_PERIOD_JOB, renewDue, renewPeriod } from './renewals';

type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
beforeAll(async () => {
  // No worker of its own: each test says which worker runs a job, and when.
  app = await createTestApp({ jobsConcurrency: 0 });
});
afterEach(() => expectSoundLedger(app));
afterAll(() => app.close());

const balance = async (account: Account) => (await app.inject({ url: '/api/users/me', headers: account.headers })).json().balance;

/** A fan subscribed from the wallet (10 tokens a month) who holds `tokens` more; the period's end. */
async function walletSubscriber(tokens: number) {
  const creator = await verifiedPerformer(app);
  await app.deps.db.update(performerProfiles).set({ monthlyPriceCents: 1000 }).where(eq(performerProfiles.userId, creator.user.id));
  const fan = await signedIn(app, 'user');
  await fundWallet(app, fan.user.id, 10 + tokens);
  const subscribed = await app.inject({
    method: 'POST',
    url: '/api/payment/subscribe/performers',
    headers: fan.headers,
    payload: { performerId: creator.user.id, type: 'monthly' },
  });
  expect(subscribed.statusCode, subscribed.body).toBe(200);
  const { subscription } = subscribed.json();
  return { fan, creator, subscriptionId: subscription._id as string, end: new Date(subscription.expiredAt) };
}

const renewalJob = async (subscriptionId: string) => {
  const rows = await app.deps.db.select().from(jobs).where(eq(jobs.name, RENEW_PERIOD_JOB.name));
  return rows.filter((job) => job.payload.subscriptionId === subscriptionId);
};

/** A worker process that takes the next job and then stops answering, as one that died does. */
function dyingWorker(handler: JobHandler) {
  const worker = createJobs(app.deps.db, app.deps.log, { default: 0, media: 0 });
  worker.register(RENEW_PERIOD_JOB, handler);
  void worker.drain();
  return worker;
}

async function until(check: () => Promise<boolean>) {
  for (let tries = 0; tries < 200; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('timed out waiting');
}

/** The dead worker's lock runs out (15 minutes in production), so another worker may take the job. */
const expireLock = (jobId: string) =>
  app.deps.db
    .update(jobs)
    .set({ lockedUntil: new Date(Date.now() - 1000) })
    .where(eq(jobs.id, jobId));

const renewalsPaid = async (fan: Account) =>
  (
    await app.deps.db
      .select()
      .from(walletCharges)
      .where(and(eq(walletCharges.userId, fan.user.id), eq(walletCharges.type, 'subscription')))
  ).length;

describe('renewal jobs', () => {
  it('queues one job per subscription period, however often the task meets it', async () => {
    const { subscriptionId, end } = await walletSubscriber(10);
    const due = new Date(end.getTime() + 1000);
    expect(await renewDue(app.deps, due)).toBe(1);
    expect(await renewDue(app.deps, due)).toBe(0);
    expect(await renewalJob(subscriptionId)).toHaveLength(1);
    await app.deps.jobs.drain();
    const [renewed] = await app.deps.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(renewed!.expiredAt!.getTime()).toBeGreaterThan(end.getTime());
    // The next period is its own job.
    expect(await renewDue(app.deps, new Date(renewed!.expiredAt!.getTime() + 1000))).toBe(1);
    expect(await renewalJob(subscriptionId)).toHaveLength(2);
    await app.deps.jobs.drain();
  });

  it('charges once when the worker that claimed the job dies before charging and another takes it over', async () => {
    const { fan, creator, subscriptionId, end } = await walletSubscriber(10);
    await renewDue(app.deps, new Date(end.getTime() + 1000));
    const dead = dyingWorker(() => new Promise(() => {}));
    await until(async () => (await renewalJob(subscriptionId))[0]!.status === 'running');
    const [job] = await renewalJob(subscriptionId);
    await expireLock(job!.id);
    await app.deps.jobs.drain();
    expect(await balance(fan)).toBe(0);
    expect(await balance(creator)).toBe(18);
    expect(await renewalsPaid(fan)).toBe(2);
    expect((await renewalJob(subscriptionId))[0]).toMatchObject({ status: 'done', attempts: 2 });
    await dead.close();
  });

  it('charges once when the worker dies after the charge, before the job is marked done', async () => {
    const { fan, creator, subscriptionId, end } = await walletSubscriber(30);
    await renewDue(app.deps, new Date(end.getTime() + 1000));
    const dead = dyingWorker(async (payload, job) => {
      await renewPeriod(app.deps, payload as Parameters<typeof renewPeriod>[1], job);
      await new Promise(() => {});
    });
    await until(async () => (await renewalsPaid(fan)) === 2);
    const [job] = await renewalJob(subscriptionId);
    expect(job!.status).toBe('running');
    await expireLock(job!.id);
    await app.deps.jobs.drain();
    expect(await balance(fan)).toBe(20);
    expect(await balance(creator)).toBe(18);
    expect(await renewalsPaid(fan)).toBe(2);
    expect((await renewalJob(subscriptionId))[0]).toMatchObject({ status: 'done' });
    await dead.close();
  });

  it('lets a subscription whose wallet runs short lapse at its end and tells the fan, once', async () => {
    const { fan, subscriptionId, end } = await walletSubscriber(5);
    await renewDue(app.deps, new Date(end.getTime() + 1000));
    await app.deps.jobs.drain();
    expect(await balance(fan)).toBe(5);
    const [lapsed] = await app.deps.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(lapsed).toMatchObject({ status: 'active', nextRenewalAt: null });
    expect(lapsed!.expiredAt).toEqual(end);
    await renewDue(app.deps, new Date(end.getTime() + 1000));
    const [expired] = await app.deps.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(expired!.status).toBe('expired');
    const told = (await readOutbox(app)).filter((mail) => (mail.to as { text: string }).text === fan.user.email);
    // The subscription's start was mailed too (decision 049); the lapse is told once.
    expect(told.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/You are subscribed/),
      expect.stringMatching(/was not renewed/),
    ]);
    expect(told[1]!.text).toMatch(/less than the price/);
  });

  /** A fan subscribed by sandbox card, monthly; the card's id and the period's end. */
  async function cardSubscriber() {
    const creator = await verifiedPerformer(app);
    await app.deps.db.update(performerProfiles).set({ monthlyPriceCents: 1000 }).where(eq(performerProfiles.userId, creator.user.id));
    const fan = await signedIn(app, 'user');
    const card = { number: SANDBOX_CARDS.success, expMonth: 12, expYear: new Date().getUTCFullYear() + 1, cvc: '123' };
    const saved = await app.inject({ method: 'POST', url: '/api/sandbox/cards', headers: fan.headers, payload: card });
    const subscribed = await app.inject({
      method: 'POST',
      url: '/api/payment/subscribe/performers',
      headers: fan.headers,
      payload: { performerId: creator.user.id, type: 'monthly', paymentMethod: 'card' },
    });
    expect(subscribed.json().payment).toMatchObject({ status: 'success' });
    const { subscription } = subscribed.json();
    return {
      fan,
      creator,
      cardId: saved.json()._id as string,
      subscriptionId: subscription._id as string,
      end: new Date(subscription.expiredAt),
    };
  }

  const toldAbout = async (fan: Account) =>
    (await readOutbox(app)).filter(
      (mail) => (mail.to as { text: string }).text === fan.user.email && /not renewed/.test(mail.subject ?? ''),
    );

  it('lets a card subscription whose card was removed lapse and tells the fan why', async () => {
    const { fan, cardId, subscriptionId, end } = await cardSubscriber();
    expect((await app.inject({ method: 'DELETE', url: `/api/payment-cards/${cardId}`, headers: fan.headers })).statusCode).toBe(200);
    await renewDue(app.deps, new Date(end.getTime() + 1000));
    await app.deps.jobs.drain();
    const [lapsed] = await app.deps.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(lapsed).toMatchObject({ nextRenewalAt: null, expiredAt: end });
    const told = await toldAbout(fan);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toMatch(/the card it renews with was removed/);
  });

  it('does not renew for a creator who can no longer be paid', async () => {
    const { fan, creator, subscriptionId, end } = await walletSubscriber(50);
    await app.deps.db.update(performerProfiles).set({ verifiedDocument: false }).where(eq(performerProfiles.userId, creator.user.id));
    await renewDue(app.deps, new Date(end.getTime() + 1000));
    await app.deps.jobs.drain();
    expect(await balance(fan)).toBe(50);
    const [lapsed] = await app.deps.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(lapsed!.nextRenewalAt).toBeNull();
    expect((await toldAbout(fan))[0]!.text).toMatch(/cannot receive payments/);
  });

  it('logs and lapses when the last try fails, telling the fan, and retries before that', async () => {
    const { fan, subscriptionId, end } = await cardSubscriber();
    // The card gateway is gone (an outage, a misconfiguration): every try fails with a server error.
    const outage = { ...app.deps, config: { ...app.deps.config, sandboxPayments: false } };
    const due = { subscriptionId, periodEnd: end.toISOString() };
    await expect(renewPeriod(outage, due, { id: 'try-1', attempts: 1, maxAttempts: 3 })).rejects.toThrow();
    const [waiting] = await app.deps.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(waiting!.nextRenewalAt).not.toBeNull();
    await expect(renewPeriod(outage, due, { id: 'try-3', attempts: 3, maxAttempts: 3 })).rejects.toThrow();
    const [lapsed] = await app.deps.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(lapsed!.nextRenewalAt).toBeNull();
    expect((await toldAbout(fan))[0]!.text).toMatch(/could not take the payment/);
  });
});
