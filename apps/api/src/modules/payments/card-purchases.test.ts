import { SANDBOX_CARDS } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { expectSoundLedger, fundWallet, HOME_ADDRESS, signedIn, subscribe, verifiedPerformer } from '../../../test/factories';
import { readOutbox } from '../../../test/mail';
import { galleries, videos } from '../../db/schema';
import { checkLedger } from '../../platform/ledger-check';
import { settlePayment } from './card-payments';

type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
let creator: Account;
let admin: Account;
beforeAll(async () => {
  app = await createTestApp();
  creator = await verifiedPerformer(app);
  admin = await signedIn(app, 'admin');
});
afterEach(() => expectSoundLedger(app));
afterAll(() => app.close());

const nextYear = new Date().getUTCFullYear() + 1;
const call = (as: Account | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: object = {}) =>
  app.inject({ method, url: `/api${url}`, headers: { ...(as?.headers ?? {}), ...headers }, ...(payload ? { payload } : {}) });
const balance = async (account: Account) => (await call(account, 'GET', '/users/me')).json().balance as number;
const addCard = async (fan: Account, number: string) => {
  const card = await call(fan, 'POST', '/sandbox/cards', { number, expMonth: 12, expYear: nextYear, cvc: '123', holderName: 'Fan' });
  expect(card.statusCode, card.body).toBe(200);
  return card.json()._id as string;
};
const fanWithCard = async (number: string = SANDBOX_CARDS.success) => {
  const fan = await signedIn(app, 'user');
  const cardId = await addCard(fan, number);
  return { fan, cardId };
};
const payByCard = (fan: Account, type: string, id: string, payload: object, key: string = crypto.randomUUID()) =>
  call(fan, 'POST', `/payment/charges/${type}/${id}`, payload, { 'idempotency-key': key });
const charges = async (fan: Account) => (await call(fan, 'GET', '/wallet/charges/search')).json().data as Array<Record<string, unknown>>;

/** One of each thing a fan buys, priced at `price` tokens, and what `payload` the charge sends for it. */
async function forSale(
  kind: string,
  price: number,
): Promise<{ id: string; payload: object; fanSetup?: (fan: Account) => Promise<object> }> {
  const db = app.deps.db;
  const performerId = creator.user.id;
  const priceCents = Math.round(price * 100);
  switch (kind) {
    case 'tip':
      return { id: performerId, payload: { price, message: 'For you' } };
    case 'feed': {
      const made = await call(creator, 'POST', '/performer/feeds', { type: 'text', text: 'Paid', isSale: true, price });
      expect(made.statusCode, made.body).toBe(200);
      return { id: made.json()._id, payload: {} };
    }
    case 'video': {
      const [video] = await db.insert(videos).values({ performerId, title: 'clip', isSale: true, priceCents }).returning();
      return { id: video!.id, payload: {} };
    }
    case 'gallery': {
      const [gallery] = await db.insert(galleries).values({ performerId, title: 'set', isSale: true, priceCents }).returning();
      return { id: gallery!.id, payload: {} };
    }
    case 'product': {
      const body = new FormData();
      for (const [key, value] of Object.entries({ name: 'Mug', type: 'physical', price: String(price), stock: '3' }))
        body.append(key, value);
      const made = await app.inject({
        method: 'POST',
        url: '/api/performer/performer-assets/products',
        headers: creator.headers,
        payload: body,
      });
      expect(made.statusCode, made.body).toBe(200);
      return {
        id: made.json()._id,
        payload: {},
        fanSetup: async (fan) => {
          const address = await call(fan, 'POST', '/addresses/create', HOME_ADDRESS);
          return { quantity: 1, addressId: address.json()._id };
        },
      };
    }
    case 'message':
      return {
        id: '',
        payload: {},
        fanSetup: async (fan) => {
          await subscribe(app, fan.user.id, performerId);
          const opened = await call(fan, 'POST', '/conversations', { source: 'performer', sourceId: performerId });
          const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3c3' } })
            .jpeg()
            .toBuffer();
          const form = new FormData();
          form.append('file', new Blob([photo]), 'photo.jpg');
          const file = await app.inject({
            method: 'POST',
            url: '/api/messages/public/file/photo',
            headers: creator.headers,
            payload: form,
          });
          const sent = await call(creator, 'POST', `/messages/conversations/${opened.json()._id}`, {
            text: 'Secret',
            price,
            fileIds: [file.json()._id],
          });
          expect(sent.statusCode, sent.body).toBe(200);
          return { messageId: sent.json()._id };
        },
      };
    default:
      throw new Error(kind);
  }
}

const kinds = ['tip', 'feed', 'video', 'gallery', 'product', 'message'];

describe('paying for anything with a card (sandbox)', () => {
  for (const kind of kinds) {
    it(`${kind}: paid by card books the ordinary wallet charge once; declined and 3-D Secure grant nothing until confirmed; a refund takes it back`, async () => {
      const item = await forSale(kind, 12);
      const prepare = async (fan: Account) => {
        const extra = (await item.fanSetup?.(fan)) ?? {};
        const { messageId, ...fields } = extra as { messageId?: string };
        return { id: messageId ?? item.id, payload: { ...item.payload, ...fields } };
      };
      const type = kind;
      const creatorBefore = await balance(creator);

      // Declined: nothing moves, nothing is bought.
      const { fan: declinedFan, cardId: declinedCard } = await fanWithCard(SANDBOX_CARDS.declined);
      const declinedTarget = await prepare(declinedFan);
      const declined = await payByCard(declinedFan, type, declinedTarget.id, { ...declinedTarget.payload, cardId: declinedCard });
      expect(declined.statusCode, declined.body).toBe(200);
      expect(declined.json()).toMatchObject({ type: 'charge', status: 'fail', purchase: { chargeId: null } });
      expect(await balance(declinedFan)).toBe(0);
      expect(await charges(declinedFan)).toEqual([]);

      // The same dialog, another card and a new key: paid, booked as a wallet charge, the wallet back at 0.
      const goodCard = await addCard(declinedFan, SANDBOX_CARDS.success);
      const paid = await payByCard(declinedFan, type, declinedTarget.id, { ...declinedTarget.payload, cardId: goodCard });
      expect(paid.json()).toMatchObject({ status: 'success', amount: 12, purchase: { type, problem: null } });
      expect(paid.json().purchase.chargeId).toEqual(expect.any(String));
      expect(await balance(declinedFan)).toBe(0);
      const [bought] = await charges(declinedFan);
      expect(bought).toMatchObject({ _id: paid.json().purchase.chargeId, price: 12, status: 'success' });
      expect(await balance(creator)).toBeGreaterThan(creatorBefore);

      // 3-D Secure: nothing until the fan confirms; confirming twice (and a late webhook-like settle) books once.
      const { fan: secureFan } = await fanWithCard(SANDBOX_CARDS.authentication);
      const secureTarget = await prepare(secureFan);
      const waiting = (await payByCard(secureFan, type, secureTarget.id, secureTarget.payload)).json();
      expect(waiting).toMatchObject({ status: 'require_authentication', nextAction: { type: 'confirm' } });
      expect(await charges(secureFan)).toEqual([]);
      const [first, second] = await Promise.all([
        call(secureFan, 'POST', waiting.nextAction.url.replace(/^\/api/, '')),
        settlePayment(app.deps, waiting._id, { status: 'success' }),
      ]);
      expect(first.statusCode === 200 || first.statusCode === 409).toBe(true);
      void second;
      await settlePayment(app.deps, waiting._id, { status: 'success' });
      expect(await charges(secureFan)).toHaveLength(1);
      expect(await balance(secureFan)).toBe(0);

      // The admin refunds the card purchase: the purchase is given back, then its tokens go back to the card in full.
      const preview = (await call(admin, 'GET', `/admin/payment/transactions/${paid.json()._id}/refund-preview`)).json();
      expect(preview).toMatchObject({ amount: 12, shortfall: 0, tokensTaken: 12, reversesCharge: true });
      const refunded = await call(admin, 'POST', `/admin/payment/transactions/${paid.json()._id}/refund`);
      expect(refunded.json()).toMatchObject({ status: 'refunded', refunded: 12 });
      expect((await charges(declinedFan))[0]).toMatchObject({ status: 'refunded' });
      expect(await balance(declinedFan)).toBe(0);
    });
  }

  it('a paid live session by card, with the same key retried: one payment, one charge', async () => {
    const live = await call(creator, 'POST', '/streaming/live', { title: 'Paid show', access: 'paid', price: 15 });
    expect(live.statusCode, live.body).toBe(200);
    const { fan } = await fanWithCard();
    await subscribe(app, fan.user.id, creator.user.id);
    const key = crypto.randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => payByCard(fan, 'stream', live.json()._id, {}, key)));
    const ids = new Set(answers.map((answer) => answer.json()._id as string));
    expect(ids.size).toBe(1);
    // A retry that arrived while the first was still at the gateway answers "processing" for the same
    // payment; once every answer is in, that payment has succeeded, once.
    const [paymentId] = ids;
    expect((await call(fan, 'GET', `/payment/transactions/${paymentId}`)).json()).toMatchObject({
      status: 'success',
      purchase: { type: 'stream' },
    });
    expect(await charges(fan)).toHaveLength(1);
    // Bought already: a second card payment is refused before the card is charged.
    expect((await payByCard(fan, 'stream', live.json()._id, {})).statusCode).toBe(409);
    // The same key for another request is refused; a new key is a new request.
    expect((await payByCard(fan, 'tip', creator.user.id, { price: 10 }, key)).statusCode).toBe(422);
    await call(creator, 'PUT', `/streaming/live/${live.json()._id}`, { status: 'ended' });
  });

  it('refuses what the wallet would refuse, before charging: a wrong price, another fan’s card, a creator paying, no card', async () => {
    const item = await forSale('feed', 9);
    const { fan } = await fanWithCard();
    expect((await payByCard(fan, 'feed', item.id, { price: 5 })).statusCode).toBe(409);
    const other = await fanWithCard();
    expect((await payByCard(fan, 'feed', item.id, { cardId: other.cardId })).statusCode).toBe(404);
    expect((await payByCard(creator, 'tip', (await verifiedPerformer(app)).user.id, { price: 10 })).statusCode).toBe(409);
    expect((await payByCard(await signedIn(app, 'user'), 'feed', item.id, {})).statusCode).toBe(422);
    expect((await payByCard(fan, 'tip', creator.user.id, { price: 1 })).statusCode).toBe(400);
    expect((await call(undefined, 'POST', `/payment/charges/feed/${item.id}`, {})).statusCode).toBe(401);
    expect(await balance(fan)).toBe(0);
  });

  it('keeps the tokens in the wallet and tells the fan when the item cannot be bought any more at confirmation', async () => {
    const item = await forSale('product', 20);
    const { fan } = await fanWithCard(SANDBOX_CARDS.authentication);
    const fields = await item.fanSetup!(fan);
    const waiting = (await payByCard(fan, 'product', item.id, fields)).json();
    expect(waiting.status).toBe('require_authentication');
    // Sold out meanwhile.
    await app.deps.db.execute(sql`update products set stock = 0 where id = ${item.id}`);
    const confirmed = await call(fan, 'POST', waiting.nextAction.url.replace(/^\/api/, ''));
    expect(confirmed.json()).toMatchObject({ status: 'success', purchase: { chargeId: null } });
    expect(confirmed.json().purchase.problem).toContain('20.00 tokens you paid for are in your wallet');
    expect(await balance(fan)).toBe(20);
    expect(await charges(fan)).toEqual([]);
    const mails = await readOutbox(app);
    expect(mails.some((mail) => mail.subject === 'Your card payment is in your wallet')).toBe(true);
  });
});

describe('refunding a partly spent top-up', () => {
  it('gives back only the unspent part, shows the shortfall first, tells the fan, and the ledger stays sound', async () => {
    const { fan } = await fanWithCard();
    const topUp = (await call(fan, 'POST', '/payment/wallet/top-up', { amount: 25 })).json();
    expect(topUp.status).toBe('success');
    expect((await call(fan, 'POST', `/wallet/charges/tip/${creator.user.id}`, { price: 10.48 })).statusCode).toBe(200);

    const preview = await call(admin, 'GET', `/admin/payment/transactions/${topUp._id}/refund-preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ amount: 14.52, shortfall: 10.48, tokensTaken: 14.52, reversesCharge: false });
    expect(preview.json().summary).toContain('10.48 was already spent');
    expect((await call(fan, 'GET', `/admin/payment/transactions/${topUp._id}/refund-preview`)).statusCode).toBe(403);

    const refunded = await call(admin, 'POST', `/admin/payment/transactions/${topUp._id}/refund`);
    expect(refunded.json()).toMatchObject({ status: 'refunded', amount: 25, refunded: 14.52 });
    expect(await balance(fan)).toBe(0);
    const mails = await readOutbox(app);
    const told = mails.filter((mail) => mail.subject === 'Your card payment was refunded' && mail.text?.includes(fan.user.name));
    expect(told.map((mail) => mail.text)).toEqual([expect.stringContaining('$14.52 of your card payment of $25.00')]);
    expect((await call(admin, 'POST', `/admin/payment/transactions/${topUp._id}/refund`)).statusCode).toBe(409);
  });

  it('refuses a refund with nothing left to give back', async () => {
    const { fan } = await fanWithCard();
    const topUp = (await call(fan, 'POST', '/payment/wallet/top-up', { amount: 10 })).json();
    await call(fan, 'POST', `/wallet/charges/tip/${creator.user.id}`, { price: 10 });
    expect((await call(admin, 'GET', `/admin/payment/transactions/${topUp._id}/refund-preview`)).json()).toMatchObject({
      amount: 0,
      shortfall: 10,
    });
    expect((await call(admin, 'POST', `/admin/payment/transactions/${topUp._id}/refund`)).statusCode).toBe(409);
  });

  it('the ledger check catches a refund that gave back more than it took', async () => {
    const { fan } = await fanWithCard();
    await fundWallet(app, fan.user.id, 1);
    const rolledBack = new Error('rolled back');
    const caught = app.deps.db.transaction(async (tx) => {
      await tx.execute(sql`
        with j as (insert into ledger_journals (kind, reference_type, reference_id) values ('refund', 'test', gen_random_uuid()) returning id)
        insert into ledger_entries (journal_id, account_id, amount_cents)
        select j.id, a.id, case a.kind when 'refund_losses' then -500 else 500 end from j, ledger_accounts a
        where a.owner_id is null and a.kind in ('refund_losses', 'gateway_clearing')`);
      expect((await checkLedger(tx)).join('\n')).toContain('a refund never gave back more than it took');
      throw rolledBack;
    });
    await expect(caught).rejects.toBe(rolledBack);
  });
});
