import { SANDBOX_CARDS } from '@limelight/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, performerProfiles } from '../src/db/schema';
import { renewDue, trialsEnding } from '../src/modules/subscriptions/renewals';
import { createTestApp, type TestApp } from './app';
import { expectSoundLedger, fundWallet, registerPerformer, saveBankDetails, setSetting, signedIn, verifiedPerformer } from './factories';
import { deliverMail, startSmtpServer } from './mail';

type Account = Awaited<ReturnType<typeof signedIn>>;
const ADMIN_ADDRESS = 'operator@example.test';
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: Account;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp({ smtpUrl: smtp.url });
  admin = await signedIn(app, 'admin');
  await setSetting(app, 'adminEmail', ADMIN_ADDRESS);
});
afterEach(() => expectSoundLedger(app));
afterAll(async () => {
  await app.close();
  await smtp.close();
});

/** A raw header's value (mailparser folds the List-* headers into one `list` object). */
const header = (mail: ParsedMail, name: string) => mail.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, '');
const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0]!.text : mail.to?.text);
/** The e-mails sent so far to this address whose subject matches. */
async function mailsTo(address: string, subject: RegExp | string) {
  await deliverMail(app);
  return smtp.received.filter(
    (mail) => to(mail) === address && (typeof subject === 'string' ? mail.subject?.includes(subject) : subject.test(mail.subject ?? '')),
  );
}
const call = (account: Account | null, method: string, url: string, payload?: object) =>
  app.inject({ method: method as 'GET', url: `/api${url}`, headers: account?.headers ?? {}, ...(payload ? { payload } : {}) });

async function creatorWithPlans() {
  const creator = await verifiedPerformer(app);
  await app.deps.db
    .update(performerProfiles)
    .set({ monthlyPriceCents: 1000, isFreeSubscription: true })
    .where(eq(performerProfiles.userId, creator.user.id));
  return creator;
}
const addCard = (account: Account, number: string = SANDBOX_CARDS.success) =>
  call(account, 'POST', '/sandbox/cards', { number, expMonth: 12, expYear: new Date().getUTCFullYear() + 1, cvc: '123' });

describe('e-mails for every state change', () => {
  it('tells a creator their documents were rejected, with the reason, and approved, once each', async () => {
    const creator = await signedIn(app, 'performer');
    await app.deps.db.insert(performerProfiles).values({ userId: creator.user.id, gender: 'female' });
    const verify = (payload: object) => call(admin, 'PUT', `/admin/performers/${creator.user.id}/verify-documents`, payload);
    expect((await verify({ verified: false, reason: 'The photo is blurry' })).statusCode).toBe(200);
    const rejected = await mailsTo(creator.user.email!, 'needs another look');
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.text).toContain('The photo is blurry');
    expect((await verify({ verified: true })).statusCode).toBe(200);
    expect((await verify({ verified: true })).statusCode).toBe(200);
    expect(await mailsTo(creator.user.email!, 'creator account is verified')).toHaveLength(1);
  });

  it('tells an account the admin deactivated it, once', async () => {
    const fan = await signedIn(app, 'user');
    for (let i = 0; i < 2; i++) {
      expect((await call(admin, 'PUT', `/admin/accounts/${fan.user.id}/status`, { status: 'inactive' })).statusCode).toBe(200);
    }
    expect(await mailsTo(fan.user.email!, 'account was deactivated')).toHaveLength(1);
  });

  it('sends a receipt for a top-up and news of a failed one', async () => {
    const fan = await signedIn(app, 'user');
    await addCard(fan);
    expect((await call(fan, 'POST', '/payment/wallet/top-up', { amount: 25 })).json().status).toBe('success');
    const receipts = await mailsTo(fan.user.email!, 'Receipt: 25.00 tokens added to your wallet');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('$25.00');
    const declined = await signedIn(app, 'user');
    await addCard(declined, SANDBOX_CARDS.declined);
    expect((await call(declined, 'POST', '/payment/wallet/top-up', { amount: 10 })).json().status).toBe('fail');
    expect(await mailsTo(declined.user.email!, 'top-up did not go through')).toHaveLength(1);
  });

  it('tells a fan of a subscription started by card (with a receipt), renewed, and a failed card payment', async () => {
    const creator = await creatorWithPlans();
    const fan = await signedIn(app, 'user');
    await addCard(fan);
    const paid = (
      await call(fan, 'POST', '/payment/subscribe/performers', { performerId: creator.user.id, type: 'monthly', paymentMethod: 'card' })
    ).json();
    expect(paid.payment.status).toBe('success');
    expect(await mailsTo(fan.user.email!, `You are subscribed to ${creator.user.username}`)).toHaveLength(1);
    expect(await mailsTo(fan.user.email!, 'Receipt for your card payment of $10.00')).toHaveLength(1);
    await renewDue(app.deps, new Date(new Date(paid.subscription.expiredAt).getTime() + 1000));
    await app.deps.jobs.drain();
    const renewed = await mailsTo(fan.user.email!, `subscription to ${creator.user.username} was renewed`);
    expect(renewed).toHaveLength(1);
    expect(renewed[0]!.text).toContain('$10.00');

    const declined = await signedIn(app, 'user');
    await addCard(declined, SANDBOX_CARDS.declined);
    await call(declined, 'POST', '/payment/subscribe/performers', { performerId: creator.user.id, type: 'monthly', paymentMethod: 'card' });
    expect(await mailsTo(declined.user.email!, 'card payment of $10.00 did not go through')).toHaveLength(1);
  });

  it('tells the creator a fan cancelled, and a trialist their trial ends, once', async () => {
    const creator = await creatorWithPlans();
    const fan = await signedIn(app, 'user');
    await fundWallet(app, fan.user.id, 10);
    const { subscription } = (
      await call(fan, 'POST', '/payment/subscribe/performers', { performerId: creator.user.id, type: 'monthly' })
    ).json();
    expect((await call(fan, 'POST', `/payment/wallet/cancel-subscription/${subscription._id}`)).statusCode).toBe(200);
    const cancelled = await mailsTo(creator.user.email!, `${fan.user.name} cancelled their subscription`);
    expect(cancelled).toHaveLength(1);

    const trialist = await signedIn(app, 'user');
    const trial = (await call(trialist, 'POST', '/payment/subscribe/performers', { performerId: creator.user.id, type: 'free' })).json();
    const almost = new Date(new Date(trial.subscription.expiredAt).getTime() - 3_600_000);
    // Other files' trials share a PostgreSQL database, so the counts are read for this trial's mail alone.
    const endsSoon = `free trial with ${creator.user.username} ends soon`;
    // A second before its last day (a check at the very start of a one-day trial may fall inside it).
    await trialsEnding(app.deps, new Date(new Date(trial.subscription.expiredAt).getTime() - 86_400_000 - 1000));
    await app.deps.jobs.drain();
    expect(await mailsTo(trialist.user.email!, endsSoon)).toHaveLength(0);
    expect(await trialsEnding(app.deps, almost)).toBeGreaterThanOrEqual(1);
    await trialsEnding(app.deps, almost);
    await app.deps.jobs.drain();
    expect(await mailsTo(trialist.user.email!, endsSoon)).toHaveLength(1);
  });

  it('tells the fan and the creator of a refund', async () => {
    const creator = await verifiedPerformer(app);
    const fan = await signedIn(app, 'user');
    await fundWallet(app, fan.user.id, 20);
    const tip = await call(fan, 'POST', `/wallet/charges/tip/${creator.user.id}`, { price: 10 });
    expect(tip.statusCode, tip.body).toBe(200);
    const refund = await call(admin, 'POST', `/admin/wallet/charges/${tip.json().charge._id}/refund`);
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await mailsTo(fan.user.email!, 'You were refunded 10.00 tokens')).toHaveLength(1);
    expect(await mailsTo(creator.user.email!, 'A sale was refunded: 10.00 tokens')).toHaveLength(1);
  });

  it('tells an offline creator of a private-show request', async () => {
    const creator = await verifiedPerformer(app);
    expect((await call(creator, 'PUT', '/streaming/update', { privateShowPrice: 10 })).statusCode).toBe(200);
    const fan = await signedIn(app, 'user');
    await fundWallet(app, fan.user.id, 20);
    const asked = await call(fan, 'POST', '/streaming/private-requests', { performerId: creator.user.id, message: 'Hi' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await mailsTo(creator.user.email!, `${fan.user.name} asked you for a private show`)).toHaveLength(1);
  });

  it('alerts the admin address of a payout request, a report and a creator awaiting review', async () => {
    const creator = await verifiedPerformer(app);
    await saveBankDetails(app, creator);
    const fan = await signedIn(app, 'user');
    await fundWallet(app, fan.user.id, 100);
    await call(fan, 'POST', `/wallet/charges/tip/${creator.user.id}`, { price: 100 });
    const payout = await call(creator, 'POST', '/payout-requests', { amount: 60 });
    expect(payout.statusCode, payout.body).toBe(200);
    expect(await mailsTo(ADMIN_ADDRESS, `Payout request from ${creator.user.username}`)).toHaveLength(1);

    const post = await call(creator, 'POST', '/performer/feeds', { type: 'text', text: 'Hello' });
    const report = await call(fan, 'POST', '/reports', { targetType: 'feed', targetId: post.json()._id, reason: 'spam', description: 'x' });
    expect(report.statusCode, report.body).toBe(200);
    const reports = await mailsTo(ADMIN_ADDRESS, 'New report: feed');
    expect(reports.length).toBeGreaterThanOrEqual(1);

    const applicant = await registerPerformer(app);
    expect(await mailsTo(ADMIN_ADDRESS, `${applicant.username} awaits document review`)).toHaveLength(1);
  });

  it('puts a working settings link in every e-mail, and an unsubscribe only in optional ones', async () => {
    await deliverMail(app);
    expect(smtp.received.length).toBeGreaterThan(10);
    for (const mail of smtp.received) {
      expect(mail.text, mail.subject).toContain(`${app.deps.config.publicUrl}/notifications/settings`);
      expect(mail.html || '', mail.subject).toContain(`href="${app.deps.config.publicUrl}/notifications/settings"`);
    }
    const optional = smtp.received.filter((mail) => header(mail, 'list-unsubscribe'));
    expect(optional.length).toBeGreaterThan(0);
    expect(
      optional.every((mail) =>
        /^(You are subscribed|Your subscription|Your free trial|.* cancelled their|.* asked you)/.test(mail.subject!),
      ),
    ).toBe(true);
    expect(
      smtp.received.find((mail) => mail.subject?.startsWith('Receipt'))!.headerLines.some((line) => line.key === 'list-unsubscribe'),
    ).toBe(false);
  });
});

describe('one-click unsubscribe', () => {
  it('turns the category off: the next optional e-mail of it is not sent, an essential one is', async () => {
    const creator = await creatorWithPlans();
    const fan = await signedIn(app, 'user');
    await addCard(fan);
    await fundWallet(app, fan.user.id, 10);
    const { subscription } = (
      await call(fan, 'POST', '/payment/subscribe/performers', { performerId: creator.user.id, type: 'monthly' })
    ).json();
    const [started] = await mailsTo(fan.user.email!, 'You are subscribed');
    expect(header(started!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const url = new URL(header(started!, 'list-unsubscribe')!.replace(/^<|>$/g, ''));
    expect(url.pathname).toBe('/api/emails/unsubscribe');
    expect(started!.text).toContain(url.toString());

    // A forged token changes nothing.
    expect((await app.inject({ method: 'POST', url: `${url.pathname}?token=${url.searchParams.get('token')}x` })).statusCode).toBe(400);
    const clicked = await app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode, clicked.body).toBe(200);
    const preferences = (await call(fan, 'GET', '/emails/preferences')).json();
    expect(preferences).toContainEqual({ category: 'subscriptions', email: false });
    expect(preferences).toContainEqual({ category: 'messages', email: true });

    // Cancel and come back after it ran out: a new subscription, which would be told, is not.
    await call(fan, 'POST', `/payment/wallet/cancel-subscription/${subscription._id}`);
    await app.deps.db.execute(
      sql`update subscriptions set status = 'expired', expired_at = now() - interval '1 day' where id = ${subscription._id}`,
    );
    const again = await call(fan, 'POST', '/payment/subscribe/performers', {
      performerId: creator.user.id,
      type: 'monthly',
      paymentMethod: 'card',
    });
    expect(again.json().payment?.status, again.body).toBe('success');
    expect(await mailsTo(fan.user.email!, 'You are subscribed')).toHaveLength(1);
    // The card receipt is essential: it goes out whatever the fan chose.
    expect(await mailsTo(fan.user.email!, 'Receipt for your card payment')).toHaveLength(1);

    // The link in the body (GET) works too, and the fan turns it back on in the settings.
    const page = await app.inject({ url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const saved = await call(fan, 'PUT', '/emails/preferences', [{ category: 'subscriptions', email: true }]);
    expect(saved.json()).toContainEqual({ category: 'subscriptions', email: true });
    expect((await call(null, 'GET', '/emails/preferences')).statusCode).toBe(401);
  });
});

describe('the admin’s template editor', () => {
  const key = 'subscription.started';
  it('lists, previews, edits (audited), sends a test, refuses unknown variables, resets; fans get 403', async () => {
    const fan = await signedIn(app, 'user');
    const refused = await Promise.all([
      call(fan, 'GET', '/admin/email-templates'),
      call(fan, 'GET', `/admin/email-templates/${key}`),
      call(fan, 'PUT', `/admin/email-templates/${key}`, { subject: 'x', body: 'y' }),
      call(fan, 'POST', `/admin/email-templates/${key}/preview`, {}),
      call(fan, 'POST', `/admin/email-templates/${key}/test`, {}),
      call(fan, 'DELETE', `/admin/email-templates/${key}`),
    ]);
    expect(refused.map((answer) => `${answer.statusCode} ${answer.json().message}`)).toEqual(Array(6).fill(expect.stringMatching(/^403/)));

    const list = (await call(admin, 'GET', '/admin/email-templates')).json();
    expect(list.length).toBeGreaterThan(30);
    expect(list.find((template: { key: string }) => template.key === key)).toMatchObject({
      essential: false,
      category: 'subscriptions',
      edited: false,
    });
    expect(list.find((template: { key: string }) => template.key === 'wallet.topUpReceipt')).toMatchObject({ essential: true });
    expect((await call(admin, 'GET', '/admin/email-templates/nope')).statusCode).toBe(404);
    // A key every object inherits is no template either (the fuzz test once got a 500 for it).
    for (const inherited of ['valueOf', 'constructor', '__proto__']) {
      expect((await call(admin, 'DELETE', `/admin/email-templates/${inherited}`)).statusCode).toBe(404);
      expect((await call(admin, 'POST', `/admin/email-templates/${inherited}/preview`, {})).statusCode).toBe(404);
    }

    const unknown = await call(admin, 'PUT', `/admin/email-templates/${key}`, { subject: 'Hi {{name}} {{secret}}', body: '{{price}}' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('{{secret}}');

    const draft = {
      subject: 'Welcome aboard, {{name}}!',
      body: 'Hi {{name}}, you now follow {{creator}} <b>closely</b> until {{endsAt}}.\n{{link}}',
    };
    const preview = (await call(admin, 'POST', `/admin/email-templates/${key}/preview`, draft)).json();
    expect(preview.subject).toBe('Welcome aboard, Alex!');
    expect(preview.html).toContain('&lt;b&gt;closely&lt;/b&gt;');
    expect(preview.html).not.toContain('<b>');

    const saved = await call(admin, 'PUT', `/admin/email-templates/${key}`, draft);
    expect(saved.json()).toMatchObject({ edited: true, subject: draft.subject });
    const [audit] = await app.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'email.template.update'), eq(auditEvents.targetId, key)));
    expect(audit).toMatchObject({ actorId: admin.user.id });

    const test = await call(admin, 'POST', `/admin/email-templates/${key}/test`);
    expect(test.statusCode, test.body).toBe(200);
    expect(await mailsTo(admin.user.email!, '[Test] Welcome aboard, Alex!')).toHaveLength(1);

    // The next real e-mail reads as edited; values are escaped in its HTML.
    const creator = await creatorWithPlans();
    const subscriber = await signedIn(app, 'user');
    await app.deps.db.execute(sql`update users set name = ${'<i>Sam</i>'} where id = ${subscriber.user.id}`);
    await fundWallet(app, subscriber.user.id, 10);
    await call(subscriber, 'POST', '/payment/subscribe/performers', { performerId: creator.user.id, type: 'monthly' });
    const [edited] = await mailsTo(subscriber.user.email!, 'Welcome aboard');
    expect(edited!.subject).toBe('Welcome aboard, <i>Sam</i>!');
    expect(edited!.html).toContain('&lt;i&gt;Sam&lt;/i&gt;');

    const reset = await call(admin, 'DELETE', `/admin/email-templates/${key}`);
    expect(reset.json()).toMatchObject({ edited: false, subject: 'You are subscribed to {{creator}}' });
  });
});
