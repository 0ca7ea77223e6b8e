import { ErrorCode } from '@limelight/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  creatorOnShelves,
  expectSoundLedger,
  fundWallet,
  login,
  PASSWORD,
  refusedFields,
  saveBankDetails,
  signedIn,
  subscribe,
  verifiedPerformer,
} from '../../../test/factories';
import { deliverMail, startSmtpServer } from '../../../test/mail';
import { auditEvents, performerProfiles, streamSessions, subscriptions, users } from '../../db/schema';

type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
let admin: Account;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp({ smtpUrl: smtp.url });
  admin = await signedIn(app, 'admin');
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const act = (account: { user: { id: string } } | string, payload: object, headers: Record<string, string> = admin.headers) =>
  app.inject({
    method: 'PUT',
    url: `/api/admin/accounts/${typeof account === 'string' ? account : account.user.id}/standing`,
    headers,
    payload,
  });
const call = (account: Account | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: account?.headers ?? {}, ...(payload ? { payload } : {}) });
const signIn = (account: Account) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: account.user.email, password: PASSWORD } });
/** The e-mails sent to `to` so far, once the queued ones went out. */
async function mailsTo(to: string) {
  await deliverMail(app);
  return smtp.received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === to);
}
const auditOf = (userId: string) =>
  app.deps.db.select().from(auditEvents).where(eq(auditEvents.targetId, userId)).orderBy(auditEvents.createdAt);

describe('suspending an account', () => {
  it('refuses it at sign-in and with its old token until the time, then lets it back by itself', async () => {
    const fan = await signedIn(app, 'user');
    const until = inAnHour();
    const suspended = await act(fan, { action: 'suspend', reason: 'Spam in comments', until });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toMatchObject({ standing: 'suspended', standingUntil: new Date(until).toISOString() });

    const old = await call(fan, 'GET', '/users/me');
    expect(old.statusCode).toBe(403);
    expect(old.json()).toMatchObject({ code: ErrorCode.accountSuspended });
    expect(old.json().message).toContain('Spam in comments');
    expect(old.json().message).toContain(`${until.slice(0, 16).replace('T', ' ')} UTC`);
    const refused = await signIn(fan);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ ...old.json(), requestId: refused.json().requestId });

    // Another account is not touched.
    const other = await signedIn(app, 'user');
    expect((await call(other, 'GET', '/users/me')).statusCode).toBe(200);

    // The suspension ends by itself once its time has passed: nothing but the clock changes.
    await app.deps.db
      .update(users)
      .set({ standingUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, fan.user.id));
    expect((await signIn(fan)).statusCode).toBe(200);
    const row = (await call(admin, 'GET', `/admin/accounts?role=user&q=${fan.user.username}`)).json().data[0];
    expect(row).toMatchObject({ standing: 'good', standingUntil: null, standingReason: null });
    // Its revoked session stays revoked: the old token now answers as any revoked one.
    expect((await call(fan, 'GET', '/users/me')).statusCode).toBe(401);

    const [mail] = await mailsTo(fan.user.email!);
    expect(mail?.subject).toContain('suspended until');
    expect(mail?.text).toContain('Spam in comments');
  });

  it('hides a suspended creator from fans until the time, and shows them again after', async () => {
    const creator = await verifiedPerformer(app);
    const fan = await signedIn(app, 'user');
    const page = () => call(fan, 'GET', `/performers/${creator.user.username}`);
    expect((await page()).statusCode).toBe(200);
    expect((await act(creator, { action: 'suspend', reason: 'Stolen photos', until: inAnHour() })).statusCode).toBe(200);
    expect((await page()).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/performers/${creator.user.username}`)).statusCode).toBe(200);
    await app.deps.db
      .update(users)
      .set({ standingUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, creator.user.id));
    expect((await page()).statusCode).toBe(200);
  });
});

describe('banning a creator', () => {
  it('takes them out of discovery, search and their page for fans; they cannot be paid, subscribed to, followed or messaged', async () => {
    const creator = await creatorOnShelves(app);
    await app.deps.db
      .update(performerProfiles)
      .set({ monthlyPriceCents: 1000, messagesFrom: 'everyone' })
      .where(eq(performerProfiles.userId, creator.user.id));
    const fan = await signedIn(app, 'user');
    await fundWallet(app, fan.user.id, 100);
    const found = async () =>
      (await call(fan, 'GET', `/performers/user/search?q=${creator.user.username}`)).json().data.map((row: { _id: string }) => row._id);
    expect(await found()).toEqual([creator.user.id]);
    expect((await call(fan, 'POST', `/wallet/charges/tip/${creator.user.id}`, { price: 10 })).statusCode).toBe(200);
    const conversation = await call(fan, 'POST', '/conversations', { source: 'performer', sourceId: creator.user.id });
    expect(conversation.statusCode).toBe(200);
    const send = () => call(fan, 'POST', `/messages/conversations/${conversation.json()._id}`, { text: 'Hello?' });
    expect((await send()).statusCode).toBe(200);

    expect((await act(creator, { action: 'ban', reason: 'Illegal content' })).statusCode).toBe(200);

    expect(await found()).toEqual([]);
    expect((await call(fan, 'GET', `/performers/${creator.user.username}`)).statusCode).toBe(404);
    expect((await call(undefined, 'GET', `/performers/${creator.user.id}`)).statusCode).toBe(404);
    expect((await call(fan, 'POST', `/wallet/charges/tip/${creator.user.id}`, { price: 10 })).statusCode).toBe(404);
    const subscribing = await call(fan, 'POST', '/payment/subscribe/performers', { performerId: creator.user.id, type: 'monthly' });
    expect(subscribing.statusCode).toBe(404);
    expect((await call(fan, 'POST', `/follows/${creator.user.id}`)).statusCode).toBe(404);
    const newcomer = await signedIn(app, 'user');
    expect((await call(newcomer, 'POST', '/conversations', { source: 'performer', sourceId: creator.user.id })).statusCode).toBe(404);
    const refusedSend = await send();
    expect(refusedSend.statusCode).toBe(403);
    expect(refusedSend.json().message).toContain('not available');
    // The admin still sees and manages the account.
    expect((await call(admin, 'GET', `/performers/${creator.user.id}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/admin/accounts?role=performer&standing=banned&q=${creator.user.username}`)).json().total).toBe(1);
    // The creator themself is refused everywhere.
    const old = await call(creator, 'GET', '/users/me');
    expect(old.json()).toMatchObject({ statusCode: 403, code: ErrorCode.accountBanned });
    expect(old.json().message).toContain('Illegal content');
    await expectSoundLedger(app);
  });

  it('stops its subscriptions from renewing as creator and as fan, ends its live session and holds its payout request', async () => {
    const creator = await verifiedPerformer(app);
    await saveBankDetails(app, creator);
    const fan = await signedIn(app, 'user');
    await fundWallet(app, fan.user.id, 100);
    expect((await call(fan, 'POST', `/wallet/charges/tip/${creator.user.id}`, { price: 100 })).statusCode).toBe(200);
    const payout = await call(creator, 'POST', '/payout-requests', { amount: 60 });
    expect(payout.statusCode, payout.body).toBe(200);
    const live = await call(creator, 'POST', '/streaming/live', { title: 'Live now' });
    expect(live.statusCode, live.body).toBe(200);
    await subscribe(app, fan.user.id, creator.user.id);
    const otherCreator = await verifiedPerformer(app);
    await subscribe(app, fan.user.id, otherCreator.user.id);

    expect((await act(creator, { action: 'ban', reason: 'Fraud' })).statusCode).toBe(200);
    const [session] = await app.deps.db.select().from(streamSessions).where(eq(streamSessions.id, live.json()._id));
    expect(session).toMatchObject({ status: 'ended', endedReason: 'admin' });
    const rows = await app.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, fan.user.id));
    expect(rows.find((row) => row.performerId === creator.user.id)).toMatchObject({ status: 'cancelled', nextRenewalAt: null });
    // The fan's subscription to another creator is not the banned creator's: it renews.
    expect(rows.find((row) => row.performerId === otherCreator.user.id)).toMatchObject({ status: 'active' });

    const review = (status: string) =>
      call(admin, 'PUT', `/admin/payout-requests/${payout.json()._id}/status`, { status, adminNote: 'checked' });
    const held = await review('approved');
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toContain('held');
    expect((await review('paid')).statusCode).toBe(409);

    // Restored, the request may be paid again.
    expect((await act(creator, { action: 'restore', reason: 'Appeal upheld' })).statusCode).toBe(200);
    expect((await review('approved')).statusCode).toBe(200);
    expect((await login(app, creator.user.email!)).length).toBeGreaterThan(10);
    await expectSoundLedger(app);

    // A banned fan's own subscriptions stop renewing too.
    expect((await act(fan, { action: 'ban', reason: 'Chargebacks' })).statusCode).toBe(200);
    const fanRows = await app.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, fan.user.id));
    expect(fanRows.every((row) => row.status === 'cancelled' && row.nextRenewalAt === null)).toBe(true);
  });
});

describe('warnings, the history and the audit trail', () => {
  it('tells a warned account by notification and e-mail and changes nothing else; every action is in the history and the audit trail', async () => {
    const fan = await signedIn(app, 'user');
    const warned = await act(fan, { action: 'warn', reason: 'Be kind in comments' });
    expect(warned.json()).toMatchObject({ message: 'Account warned', standing: 'good' });
    expect((await call(fan, 'GET', '/users/me')).statusCode).toBe(200);
    const notifications = (await call(fan, 'GET', '/notifications')).json();
    expect(notifications.data[0]).toMatchObject({ kind: 'account_standing' });
    expect(notifications.data[0].text).toContain('Be kind in comments');
    const [mail] = await mailsTo(fan.user.email!);
    expect(mail?.subject).toContain('A warning');

    await act(fan, { action: 'suspend', reason: 'Second strike', until: inAnHour() });
    await act(fan, { action: 'ban', reason: 'Third strike' });
    await act(fan, { action: 'restore', reason: 'Appeal' });
    const history = (await call(admin, 'GET', `/admin/accounts/${fan.user.id}/standing`)).json().data;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['restore', 'ban', 'suspend', 'warn']);
    expect(history[2]).toMatchObject({ reason: 'Second strike', adminId: admin.user.id });
    expect(history[2].until).not.toBeNull();
    expect((await mailsTo(fan.user.email!)).map((m) => m.subject)).toEqual([
      expect.stringContaining('A warning'),
      expect.stringContaining('suspended until'),
      expect.stringContaining('is banned'),
      expect.stringContaining('good standing again'),
    ]);
    const audit = await auditOf(fan.user.id);
    expect(audit.map((entry) => [entry.action, entry.reason, entry.actorId])).toEqual([
      ['account.warn', 'Be kind in comments', admin.user.id],
      ['account.suspend', 'Second strike', admin.user.id],
      ['account.ban', 'Third strike', admin.user.id],
      ['account.restore', 'Appeal', admin.user.id],
    ]);
    expect(audit[2]?.details).toMatchObject({ from: 'suspended', to: 'banned' });
    expect((await signIn(fan)).statusCode).toBe(200);
  });

  it('refuses fans, creators, admins as targets, unknown accounts and bad bodies naming the field', async () => {
    const fan = await signedIn(app, 'user');
    const creator = await signedIn(app, 'performer');
    const target = await signedIn(app, 'user');
    for (const caller of [fan, creator]) {
      expect((await act(target, { action: 'warn', reason: 'Not yours' }, caller.headers)).statusCode).toBe(403);
      expect((await call(caller, 'GET', `/admin/accounts/${target.user.id}/standing`)).statusCode).toBe(403);
    }
    expect((await act(target, { action: 'warn', reason: 'Anonymous' }, {})).statusCode).toBe(401);
    const otherAdmin = await signedIn(app, 'admin');
    expect((await act(otherAdmin, { action: 'ban', reason: 'Admins are not banned' })).statusCode).toBe(404);
    expect((await act('00000000-0000-4000-8000-000000000000', { action: 'warn', reason: 'Nobody' })).statusCode).toBe(404);

    const noUntil = await act(target, { action: 'suspend', reason: 'No end' });
    expect(noUntil.statusCode).toBe(400);
    expect(refusedFields(noUntil)).toEqual(['until']);
    expect(refusedFields(await act(target, { action: 'suspend', reason: 'Past', until: '2020-01-01T00:00:00Z' }))).toEqual(['until']);
    expect(refusedFields(await act(target, { action: 'ban', reason: 'Ban until', until: inAnHour() }))).toEqual(['until']);
    expect(refusedFields(await act(target, { action: 'warn', reason: ' x ' }))).toEqual(['reason']);
    expect(refusedFields(await act(target, { action: 'warn' }))).toEqual(['reason']);
    expect((await act(target, { action: 'delete', reason: 'Unknown action' })).statusCode).toBe(400);
    expect((await act(target, { action: 'restore', reason: 'Already good' })).statusCode).toBe(409);
    expect((await call(admin, 'GET', `/admin/accounts?role=user&standing=nonsense`)).statusCode).toBe(400);
  });
});
