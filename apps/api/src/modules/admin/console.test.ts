import { adminEntityKinds, IDEMPOTENCY_HEADER } from '@limelight/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { expectSoundLedger, fundWallet, login, refusedFields, signedIn, verifiedPerformer } from '../../../test/factories';
import { deliverMail, linkToken, startSmtpServer } from '../../../test/mail';
import {
  conversationMembers,
  conversations,
  earnings,
  feeds,
  ledgerJournals,
  messages,
  paymentCards,
  sessions,
  users,
  walletAdjustments,
} from '../../db/schema';
import { issueOneTimeToken } from '../../platform/one-time-tokens';

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
let creator: Awaited<ReturnType<typeof signedIn>>;
let fan: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp({ smtpUrl: smtp.url });
  [admin, creator, fan] = await Promise.all([signedIn(app, 'admin'), verifiedPerformer(app), signedIn(app, 'user')]);
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers: Record<string, string> = admin.headers) =>
  app.inject({ method, url: `/api${url}`, headers, payload });

async function newPost(performerId: string, text: string, createdAt = new Date()) {
  const [row] = await app.deps.db.insert(feeds).values({ performerId, type: 'text', text, createdAt, publishedAt: createdAt }).returning();
  return row!;
}

async function newConversation(a: string, b: string, lines: string[]) {
  const [conversation] = await app.deps.db
    .insert(conversations)
    .values({ type: 'private', pairKey: [a, b].sort().join(':') })
    .returning();
  await app.deps.db.insert(conversationMembers).values([
    { conversationId: conversation!.id, userId: a, otherUserId: b },
    { conversationId: conversation!.id, userId: b, otherUserId: a },
  ]);
  for (const text of lines) await app.deps.db.insert(messages).values({ conversationId: conversation!.id, senderId: a, text });
  return conversation!;
}

describe('content of every kind', () => {
  it("lists a creator's posts with filters, text search, dates and paging, and opens one with its links", async () => {
    const other = await verifiedPerformer(app);
    const old = await newPost(creator.user.id, 'an old post about kites', new Date('2026-01-02T00:00:00Z'));
    const recent = await newPost(creator.user.id, 'a fresh post about boats');
    await newPost(other.user.id, 'someone else about boats');

    const mine = await call('GET', `/admin/entities/posts?user=${creator.user.username}&limit=1`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().total).toBe(2);
    expect(mine.json().data).toHaveLength(1);
    expect(mine.json().data[0]).toMatchObject({
      _id: recent.id,
      kind: 'posts',
      ownerId: creator.user.id,
      ownerUsername: creator.user.username,
      publicUrl: `/post/${recent.id}`,
    });
    const second = await call('GET', `/admin/entities/posts?user=${creator.user.username}&limit=1&offset=1`);
    expect(second.json().data[0]._id).toBe(old.id);

    const boats = await call('GET', '/admin/entities/posts?q=BOATS');
    expect(
      boats
        .json()
        .data.map((row: { _id: string }) => row._id)
        .sort(),
    ).toHaveLength(2);
    const january = await call('GET', `/admin/entities/posts?user=${creator.user.id}&to=2026-02-01T00:00:00Z`);
    expect(january.json().data.map((row: { _id: string }) => row._id)).toEqual([old.id]);
    const nobody = await call('GET', '/admin/entities/posts?user=no_such_account');
    expect(nobody.json()).toEqual({ data: [], total: 0 });

    const detail = await call('GET', `/admin/entities/posts/${recent.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().row.title).toBe('a fresh post about boats');
    expect((await call('GET', '/admin/entities/posts/not-an-id')).statusCode).toBe(404);
  });

  it('answers every kind, and names a bad filter', async () => {
    for (const kind of adminEntityKinds) {
      const response = await call('GET', `/admin/entities/${kind}?status=active&q=x&from=2026-01-01T00:00:00Z&user=${fan.user.id}`);
      expect(response.statusCode, `${kind}: ${response.body}`).toBe(200);
    }
    const bad = await call('GET', '/admin/entities/posts?from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('from');
    expect((await call('GET', '/admin/entities/nothing')).statusCode).toBe(400);
  });

  it('shows saved cards masked: brand, last four and expiry, never the gateway token', async () => {
    await app.deps.db.insert(paymentCards).values({
      userId: fan.user.id,
      gateway: 'sandbox',
      gatewayCardId: 'pm_secret_token_123',
      brand: 'visa',
      last4: '4242',
      expMonth: 3,
      expYear: 2031,
    });
    const cards = await call('GET', `/admin/entities/cards?user=${fan.user.username}`);
    expect(cards.json().data[0].title).toBe('visa •••• 4242 exp 03/2031');
    expect(cards.body).not.toContain('pm_secret_token_123');
  });
});

describe('conversations', () => {
  it('lists who talked without what was said, and opens one only with a reason, recorded first', async () => {
    const conversation = await newConversation(fan.user.id, creator.user.id, ['hello there', 'a private word']);
    const list = await call('GET', `/admin/entities/conversations?user=${fan.user.username}`);
    expect(list.json().data[0]).toMatchObject({ _id: conversation.id, count: 2 });
    expect([list.json().data[0].ownerId, list.json().data[0].otherId].sort()).toEqual([fan.user.id, creator.user.id].sort());
    expect(list.body).not.toContain('a private word');

    const without = await call('POST', `/admin/conversations/${conversation.id}/read`, {});
    expect(without.statusCode).toBe(400);
    expect(refusedFields(without)).toEqual(['reason']);
    const trailBefore = await call('GET', `/admin/audit?targetId=${conversation.id}`);
    expect(trailBefore.json().total).toBe(0);

    const read = await call('POST', `/admin/conversations/${conversation.id}/read`, { reason: 'Report 42: harassment claim' });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.map((message: { text: string }) => message.text)).toEqual(['hello there', 'a private word']);
    const trail = await call('GET', `/admin/audit?targetId=${conversation.id}`);
    expect(trail.json().data[0]).toMatchObject({
      action: 'conversation.read',
      reason: 'Report 42: harassment claim',
      actorId: admin.user.id,
    });
  });
});

describe('editing an account', () => {
  it('names the refused field, with the same rules and "taken" answers as the owner\'s own form', async () => {
    const bad = await call('PATCH', `/admin/accounts/${fan.user.id}`, { username: 'a b', email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(refusedFields(bad)).toEqual(['email', 'username']);
    const taken = await call('PATCH', `/admin/accounts/${fan.user.id}`, { username: creator.user.username });
    expect(taken.statusCode).toBe(409);
    expect(refusedFields(taken)).toEqual(['username']);
    const commission = await call('PATCH', `/admin/accounts/${creator.user.id}`, { commission: 1.5 });
    expect(commission.statusCode).toBe(400);
    expect(commission.body).toContain('at most 1 (100 %)');
    const fanCommission = await call('PATCH', `/admin/accounts/${fan.user.id}`, { commission: 0.2 });
    expect(refusedFields(fanCommission)).toEqual(['commission']);
    const toAdmin = await call('PATCH', `/admin/accounts/${fan.user.id}`, { role: 'admin' });
    expect(refusedFields(toAdmin)).toEqual(['role']);
    const otherAdmin = await signedIn(app, 'admin');
    expect((await call('PATCH', `/admin/accounts/${otherAdmin.user.id}`, { name: 'Renamed' })).statusCode).toBe(403);
  });

  it('saves profile fields and records what changed', async () => {
    const someone = await signedIn(app, 'user');
    const saved = await call('PATCH', `/admin/accounts/${someone.user.id}`, {
      name: 'New Name',
      email: `renamed_${Date.now()}@example.test`,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().name).toBe('New Name');
    const trail = await call('GET', `/admin/audit?targetId=${someone.user.id}&action=account.update`);
    expect(trail.json().data[0].details.name).toEqual({ from: someone.user.name, to: 'New Name' });
  });

  it('leaves a new address unverified, sends it the verification link and tells the old one', async () => {
    const someone = await signedIn(app, 'user');
    const oldEmail = someone.user.email!;
    // A verification link sent to the old address before: it carries no address, so it must not verify the new one.
    const oldLink = await issueOneTimeToken(app.deps.db, someone.user.id, 'verify_email');
    const newEmail = `moved_${Date.now()}@example.test`;
    const saved = await call('PATCH', `/admin/accounts/${someone.user.id}`, { email: newEmail });
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await app.deps.db.select().from(users).where(eq(users.id, someone.user.id));
    expect(row).toMatchObject({ email: newEmail, verifiedEmail: false });

    await deliverMail(app);
    const mailTo = (address: string) => smtp.received.filter((message) => JSON.stringify(message.to).includes(address));
    const [verification] = mailTo(newEmail);
    expect(verification?.subject).toContain('Verify your e-mail address');
    const [told] = mailTo(oldEmail);
    expect(told?.subject).toContain('An administrator changed the e-mail address your account signs in with');
    expect(told?.text).not.toContain(newEmail);

    const verify = (token: string) => app.inject({ method: 'POST', url: '/api/auth/email-verification/verify', payload: { token } });
    expect((await verify(oldLink)).statusCode).toBe(400);
    expect((await verify(linkToken(verification!, '/auth/verify-email'))).statusCode).toBe(200);
    const [verified] = await app.deps.db.select().from(users).where(eq(users.id, someone.user.id));
    expect(verified!.verifiedEmail).toBe(true);

    const trail = await call('GET', `/admin/audit?targetId=${someone.user.id}&action=account.update`);
    expect(trail.json().data[0].details).toEqual({
      email: { from: oldEmail, to: newEmail },
      verifiedEmail: { from: true, to: false },
    });
  });

  it("applies a creator's own commission to the next sale", async () => {
    const seller = await verifiedPerformer(app);
    const buyer = await signedIn(app, 'user');
    await fundWallet(app, buyer.user.id, 100);
    const set = await call('PATCH', `/admin/accounts/${seller.user.id}`, { commission: 0.25 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ commission: 0.25, siteCommission: 0.1 });
    const tip = await call('POST', `/wallet/charges/tip/${seller.user.id}`, { price: 40 }, buyer.headers);
    expect(tip.statusCode, tip.body).toBe(200);
    const [earning] = await app.deps.db.select().from(earnings).where(eq(earnings.performerId, seller.user.id));
    expect(earning).toMatchObject({ grossCents: 4000, commissionCents: 1000, netCents: 3000, commissionBps: 2500 });

    // Back to the site's commission.
    await call('PATCH', `/admin/accounts/${seller.user.id}`, { commission: null });
    await call('POST', `/wallet/charges/tip/${seller.user.id}`, { price: 10 }, buyer.headers);
    const rows = await app.deps.db
      .select()
      .from(earnings)
      .where(and(eq(earnings.performerId, seller.user.id), eq(earnings.grossCents, 1000)));
    expect(rows[0]!.commissionBps).toBe(1000);
    await expectSoundLedger(app);
  });
});

describe('wallet adjustments', () => {
  it('credit and debit through the ledger, once per key, never below zero', async () => {
    const someone = await signedIn(app, 'user');
    const adjust = (key: string, payload: object) =>
      call('POST', `/admin/accounts/${someone.user.id}/wallet-adjustments`, payload, { ...admin.headers, [IDEMPOTENCY_HEADER]: key });
    const credit = { direction: 'credit', amount: 25, reason: 'Goodwill after an outage' };

    expect(refusedFields(await call('POST', `/admin/accounts/${someone.user.id}/wallet-adjustments`, credit))).toEqual(['Idempotency-Key']);
    expect(refusedFields(await adjust('k0', { direction: 'credit', amount: 5 }))).toEqual(['reason']);

    const first = await adjust('k1', credit);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().balance).toBe(25);
    const retry = await adjust('k1', credit);
    expect(retry.json()).toEqual(first.json());
    expect(await app.deps.db.select().from(walletAdjustments).where(eq(walletAdjustments.userId, someone.user.id))).toHaveLength(1);

    const tooMuch = await adjust('k2', { direction: 'debit', amount: 30, reason: 'Chargeback' });
    expect(tooMuch.statusCode).toBe(409);
    expect(refusedFields(tooMuch)).toEqual(['amount']);
    const debit = await adjust('k3', { direction: 'debit', amount: 10, reason: 'Chargeback' });
    expect(debit.json().balance).toBe(15);
    const journals = await app.deps.db.select().from(ledgerJournals).where(eq(ledgerJournals.kind, 'admin_adjustment'));
    expect(journals.filter((journal) => journal.referenceType === 'wallet_adjustment').length).toBeGreaterThanOrEqual(2);
    const me = await call('GET', '/users/me', undefined, someone.headers);
    expect(me.json().balance).toBe(15);
    const trail = await call('GET', `/admin/audit?targetId=${someone.user.id}&action=wallet`);
    expect(trail.json().data.map((row: { reason: string }) => row.reason)).toEqual(['Chargeback', 'Goodwill after an outage']);
    await expectSoundLedger(app);
  });
});

describe('admins and log-in-as', () => {
  it('creates an admin who sets a password from the e-mailed link', async () => {
    const email = `new_admin_${Date.now()}@example.test`;
    const created = await call('POST', '/admin/admins', { name: 'Second Admin', username: `admin_${Date.now()}`, email });
    expect(created.statusCode, created.body).toBe(201);
    await deliverMail(app);
    const mail = smtp.received.find((message) => message.to && JSON.stringify(message.to).includes(email));
    expect(mail?.subject).toContain('admin account');
    const token = linkToken(mail!, '/auth/reset-password');
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/users/reset-password',
      payload: { token, password: 'a-new-long-password-77' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const session = await login(app, email, 'a-new-long-password-77');
    const me = await call('GET', '/users/me', undefined, { authorization: `Bearer ${session}` });
    expect(me.json().isAdmin).toBe(true);
    // The site's team is listed apart from fans and creators.
    const admins = await call('GET', `/admin/accounts?role=admin&q=${encodeURIComponent(email)}`);
    expect(admins.json().data.map((row: { _id: string; role: string }) => [row._id, row.role])).toEqual([[created.json()._id, 'admin']]);
    const trail = await call('GET', `/admin/audit?targetId=${created.json()._id}`);
    expect(trail.json().data.map((entry: { action: string }) => entry.action)).toContain('admin.create');
    expect(refusedFields(await call('POST', '/admin/admins', { name: 'X', username: 'ok_name', email: 'bad' }))).toEqual(['email']);
  });

  it('logs in as a user with the reason recorded, the session marked, and End revokes it', async () => {
    const without = await call('POST', `/admin/accounts/${fan.user.id}/impersonate`, {});
    expect(refusedFields(without)).toEqual(['reason']);
    const link = await call('POST', `/admin/accounts/${fan.user.id}/impersonate`, { reason: 'Checking a payment bug' });
    expect(link.statusCode, link.body).toBe(200);
    const token = new URL(link.json().url).searchParams.get('token')!;
    const opened = await app.inject({ method: 'POST', url: '/api/auth/token-login', payload: { token } });
    expect(opened.statusCode, opened.body).toBe(200);
    const headers = { authorization: `Bearer ${opened.json().token}` };
    const me = await call('GET', '/users/me', undefined, headers);
    expect(me.json()).toMatchObject({ _id: fan.user.id, impersonated: true });
    const [session] = await app.deps.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, fan.user.id), eq(sessions.method, 'impersonation')));
    expect(session).toBeDefined();
    const trail = await call('GET', `/admin/audit?targetId=${fan.user.id}&action=account.impersonate`);
    expect(trail.json().data[0]).toMatchObject({ reason: 'Checking a payment bug', actorId: admin.user.id });
    // The fan's own session is not marked.
    expect((await call('GET', '/users/me', undefined, fan.headers)).json().impersonated).toBe(false);

    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(200);
    expect((await call('GET', '/users/me', undefined, headers)).statusCode).toBe(401);

    const otherAdmin = await signedIn(app, 'admin');
    expect((await call('POST', `/admin/accounts/${otherAdmin.user.id}/impersonate`, { reason: 'not allowed' })).statusCode).toBe(403);
  });
});

describe('CSV export', () => {
  it('exports the current filter, with formula cells escaped', async () => {
    const seller = await verifiedPerformer(app);
    await newPost(seller.user.id, '=HYPERLINK("http://evil.test","click")');
    await newPost(seller.user.id, '+1, with "quotes"');
    await newPost(creator.user.id, 'not this creator');
    const csv = await call('GET', `/admin/entities/posts/export.csv?user=${seller.user.username}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment; filename="posts.csv"');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,kind,title,status,owner,other,amount,count,parent,parentType,publicUrl,createdAt,updatedAt');
    expect(lines).toHaveLength(3);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`);
    expect(csv.body).toContain(`"'+1, with ""quotes"""`);
    expect(csv.body).not.toContain('not this creator');

    const accounts = await call('GET', `/admin/accounts/export.csv?role=performer&q=${seller.user.username}`);
    expect(accounts.body.trim().split('\r\n')).toHaveLength(2);
  });
});

describe('admins only', () => {
  it('refuses a fan and a creator on every console route', async () => {
    const stranger = await signedIn(app, 'user');
    const conversation = await newConversation(stranger.user.id, creator.user.id, ['x']);
    const routes: Array<[method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object]> = [
      ['GET', '/admin/entities/posts'],
      ['GET', '/admin/entities/posts/export.csv'],
      ['GET', `/admin/entities/conversations/${conversation.id}`],
      ['POST', `/admin/conversations/${conversation.id}/read`, { reason: 'curious fan' }],
      ['GET', `/admin/accounts/${fan.user.id}`],
      ['GET', '/admin/accounts/export.csv?role=user'],
      ['PATCH', `/admin/accounts/${fan.user.id}`, { name: 'Hacked' }],
      ['POST', `/admin/accounts/${fan.user.id}/wallet-adjustments`, { direction: 'credit', amount: 1, reason: 'free money' }],
      ['POST', `/admin/accounts/${fan.user.id}/impersonate`, { reason: 'let me in' }],
      ['POST', '/admin/admins', { name: 'Evil', username: 'evil_admin', email: 'evil@example.test' }],
    ];
    for (const caller of [fan, creator]) {
      for (const [method, url, payload] of routes) {
        const response = await call(method, url, payload, caller.headers);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });
});
