import { createHash } from 'node:crypto';
import {
  type ChargeType,
  formatTokens,
  fromCents,
  type PublicUser,
  toCents,
  type WalletCharge,
  type WalletChargeInput,
  type WalletChargeRouteType,
  type walletChargeQuerySchema,
} from '@limelight/contracts';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { rowFromJson } from '../../db/json-row';
import { pageOf } from '../../db/paging';
import { preparedStatement } from '../../db/prepared';
import { type PurchasableType, walletCharges } from '../../db/read/money';
import { users } from '../../db/read/users';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { clientCountry } from '../../platform/client-country';
import { badRequest, conflict } from '../../platform/errors';
import { orderBy } from '../../platform/http';
import { type Intent, intentOf } from '../../platform/idempotency';
import { assertMay, assertNoPayRefusal, isCreator, type PayRefusal, payRefusalSql } from '../access';
import { visibleFeed } from '../feeds';
import { visibleGallery } from '../galleries';
import { announceTipMessage, assertTipConversation, messageForSale, writeTipMessage } from '../messages';
import { type NewCharge, notifyBalance, payFromWalletOnce, type WalletSale } from '../money';
import { placeOrder, productForSale, reserveStock } from '../shop';
import { announceTip, assertLiveStreamingOn, findSession, sessionForTip, writeTipLine } from '../streaming';
import { publicUsersById, toPublicUser } from '../users';
import { visibleVideo } from '../videos';

/** What a fan bought, as the creator's notification names it (a feed item is a post to people). */
const boughtNames: Record<Exclude<WalletChargeRouteType, 'tip'>, string> = {
  stream: 'live session',
  feed: 'post',
  video: 'video',
  gallery: 'gallery',
  message: 'message',
  product: 'product',
};

type Transaction = Parameters<Parameters<Deps['db']['transaction']>[0]>[0];
export type Target = {
  performerId: string;
  priceCents: number;
  itemId: string | null;
  /** Bought once and unlocked for good (items); a physical product may be bought again. */
  once: boolean;
  /** In the payment's transaction: before the money moves (stock), and with the charge once paid (the order). */
  before?(tx: Transaction): Promise<void>;
  after?(tx: Transaction, charge: typeof walletCharges.$inferSelect): Promise<void>;
  /** What the creator is told, when the charge type's own words say too little (an order to send). */
  notice?: { text: string; link: string };
  /** The charge's type when the route's says too little: a tip sent in a live chat is a `stream_tip`. */
  chargeType?: ChargeType;
  /** After the commit, when this request moved the money (a tip's line reaches the live room). */
  announce?(): void;
};

/** An amount as the app writes it: "39.00 tokens". */
const tokens = (cents: number) => `${formatTokens(fromCents(cents))}`;

/** What each charge type pays for: the creator paid and the price (an item's own, or the tip). */
const targets: Record<WalletChargeRouteType, (deps: Deps, fan: SessionUser, id: string, input: WalletChargeInput) => Promise<Target>> = {
  tip: async (deps, fan, id, input) => {
    if (input.price === undefined) throw badRequest('price is required for a tip', [{ field: 'price', message: 'is required' }]);
    const [min, max] = [deps.settings.get('minimumTipPrice'), deps.settings.get('maximumTipPrice')];
    if (input.price < min || input.price > max) {
      throw badRequest(`A tip must be between ${min} and ${max} tokens`, [
        { field: 'price', message: `must be between ${min} and ${max}` },
      ]);
    }
    if (input.sessionId && input.conversationId) {
      throw badRequest('A tip goes to a live session or a conversation, not both', [
        { field: 'conversationId', message: 'must be left out with sessionId' },
      ]);
    }
    if (input.sessionId) return streamTip(deps, fan, id, input.sessionId, toCents(input.price), input.message ?? '');
    if (input.conversationId) return conversationTip(deps, fan, id, input.conversationId, toCents(input.price), input.message ?? '');
    return { performerId: id, priceCents: toCents(input.price), itemId: null, once: false };
  },
  stream: async (deps, _fan, id) => {
    assertLiveStreamingOn(deps);
    const session = await findSession(deps.db, id);
    if (session.status !== 'live') throw conflict('This live session has ended');
    if (session.access !== 'paid') throw conflict('This live session is for subscribers: subscribe to watch it');
    return { performerId: session.performerId, priceCents: session.priceCents, itemId: session.id, once: true };
  },
  feed: async (deps, fan, id) => saleItem(await visibleFeed(deps, fan, id)),
  video: async (deps, fan, id) => saleItem(await visibleVideo(deps, fan, id)),
  gallery: async (deps, fan, id) => saleItem(await visibleGallery(deps, fan, id)),
  message: async (deps, fan, id) => saleItem(await messageForSale(deps, fan, id)),
  product: async (deps, fan, id, input) => {
    const sale = await productForSale(deps, fan, id, input);
    return {
      performerId: sale.product.performerId,
      priceCents: sale.product.priceCents * sale.quantity,
      itemId: sale.product.id,
      once: sale.product.type === 'digital',
      before: (tx) => reserveStock(tx, sale),
      after: (tx, charge) => placeOrder(tx, sale, charge),
      notice: {
        text: `${fan.name} ordered ${sale.quantity} × ${sale.product.title} for ${tokens(sale.product.priceCents * sale.quantity)}`,
        link: '/creator/orders',
      },
    };
  },
};

/**
 * A tip sent in a live session's chat (`sessionId`): to the session's creator, by a fan who may
 * watch it; paid with its highlighted line in one transaction, announced to the room after.
 */
async function streamTip(
  deps: Deps,
  fan: SessionUser,
  performerId: string,
  sessionId: string,
  cents: number,
  text: string,
): Promise<Target> {
  const session = await sessionForTip(deps, fan, sessionId);
  if (session.performerId !== performerId) {
    throw badRequest('sessionId: is not a live session of this creator', [
      { field: 'sessionId', message: 'must be a live session of this creator' },
    ]);
  }
  let line: Parameters<typeof announceTip>[2] | undefined;
  return {
    performerId,
    priceCents: cents,
    itemId: session.id,
    once: false,
    chargeType: 'stream_tip',
    after: async (tx, charge) => {
      line = await writeTipLine(tx, session, { fanId: fan.id, chargeId: charge.id, cents, text });
    },
    announce: () => {
      if (line) announceTip(deps, session, line, fan);
    },
  };
}

/** A tip sent in the fan's conversation with the creator: paid with its line in the thread, in one transaction. */
async function conversationTip(
  deps: Deps,
  fan: SessionUser,
  performerId: string,
  conversationId: string,
  cents: number,
  text: string,
): Promise<Target> {
  await assertTipConversation(deps, fan, conversationId, performerId);
  let sent: Awaited<ReturnType<typeof writeTipMessage>> | undefined;
  return {
    performerId,
    priceCents: cents,
    itemId: null,
    once: false,
    after: async (tx, charge) => {
      sent = await writeTipMessage(tx, fan, conversationId, text, { cents, chargeId: charge.id });
    },
    announce: () => {
      if (sent) announceTipMessage(deps, sent);
    },
  };
}

/**
 * A paid live session is bought once per fan: without an Idempotency-Key, retries share one
 * intent, so each gets the first answer and money moves once. The intent counts the fan's refunded
 * charges for the session, so paying again after an admin's refund is a new purchase, not a replay.
 */
async function streamIntent(db: Queryable, fanId: string, sessionId: string): Promise<Intent> {
  const [refunded] = await db
    .select({ value: count() })
    .from(walletCharges)
    .where(
      and(
        eq(walletCharges.userId, fanId),
        eq(walletCharges.type, 'stream'),
        eq(walletCharges.itemId, sessionId),
        eq(walletCharges.status, 'refunded'),
      ),
    );
  const key = `stream:${sessionId}:${refunded?.value ?? 0}`;
  return { key, fingerprint: createHash('sha256').update(key).digest('hex') };
}

/** What only a product purchase takes; sent with anything else, it is refused rather than ignored. */
const productOnlyFields = ['quantity', 'addressId', 'phone'] as const;
const tipOnlyFields = ['sessionId', 'conversationId'] as const;

function saleItem(item: { id: string; performerId: string; isSale: boolean; priceCents: number }): Target {
  if (!item.isSale) throw conflict('This is for subscribers: subscribe to see it');
  if (item.priceCents === 0) throw conflict('This is free: there is nothing to pay');
  return { performerId: item.performerId, priceCents: item.priceCents, itemId: item.id, once: true };
}

/**
 * Whether the fan may pay the creator (`assertMayBePaid`'s rule) and both as the charge shows
 * them, in one statement: a charge's reads before its payment statement.
 */
const partiesStatement = preparedStatement<{ refusal: PayRefusal | null; people: Array<Record<string, unknown>> | null }>(
  'wallet_charge_parties',
  sql`select ${payRefusalSql(sql.placeholder('fanId'), sql.placeholder('performerId'), sql.placeholder('country'))} as refusal,
    (select json_agg(u) from ${users} u where u.id in (${sql.placeholder('fanId')}::uuid, ${sql.placeholder('performerId')}::uuid)) as people`,
);

/** A charge checked as it stands, ready to be paid from the wallet (`bookCharge`). */
export type PreparedCharge = { type: WalletChargeRouteType; target: Target; sale: WalletSale; people: Map<string, PublicUser> };

/**
 * Everything a charge checks before money moves, whichever way it is paid: who may pay whom (one
 * statement reads the parties), the item and its price (a price sent must be the current one),
 * fields that belong to another type. A card purchase runs it when it starts and again, inside
 * the confirming transaction, when the card has paid (decision 032).
 */
export async function prepareCharge(
  deps: Deps,
  fan: SessionUser,
  type: WalletChargeRouteType,
  id: string,
  input: WalletChargeInput,
): Promise<PreparedCharge> {
  assertMay(fan, 'wallet.pay', null, () => conflict('Only fans pay from a wallet'));
  const misplaced = [
    ...(type === 'product'
      ? []
      : productOnlyFields.filter((field) => input[field] !== undefined).map((field) => ({ field, only: 'products' }))),
    ...(type === 'tip' ? [] : tipOnlyFields.filter((field) => input[field] !== undefined).map((field) => ({ field, only: 'tips' }))),
  ];
  if (misplaced.length) {
    throw badRequest(
      misplaced.map(({ field, only }) => `${field}: only for ${only}`).join('; '),
      misplaced.map(({ field, only }) => ({ field, message: `is only for ${only}` })),
    );
  }
  const target = await targets[type](deps, fan, id, input);
  const [parties] = await partiesStatement(deps.db, { fanId: fan.id, performerId: target.performerId, country: clientCountry() ?? null });
  assertNoPayRefusal(parties!.refusal);
  assertMay(fan, 'creator.pay', target, () => conflict('You cannot pay yourself'));
  if (target.itemId && input.price !== undefined && toCents(input.price) !== target.priceCents) {
    throw conflict(`The price has changed: it is now ${tokens(target.priceCents)}`);
  }
  const people = new Map(
    (parties!.people ?? []).map((json) => {
      const user = rowFromJson(users, json);
      return [user.id, toPublicUser(user)];
    }),
  );
  const amount = tokens(target.priceCents);
  const sale: WalletSale = {
    fanId: fan.id,
    performerId: target.performerId,
    type: target.chargeType ?? type,
    itemId: target.itemId,
    priceCents: target.priceCents,
    message: input.message,
    unlocks: target.once && target.itemId ? (type as PurchasableType) : undefined,
    notice: {
      kind: type === 'tip' ? 'tip' : 'purchase',
      text:
        target.notice?.text ??
        (type === 'tip' ? `${fan.name} tipped you ${amount}` : `${fan.name} bought your ${boughtNames[type]} for ${amount}`),
      link: target.notice?.link ?? '/creator/earnings',
    },
  };
  return { type, target, sale, people };
}

/**
 * Pays a prepared charge from the wallet (the money module's `payFromWalletOnce`: the conditional
 * debit, the item unlocked only once, the creator's notice, the intent's key). A product's stock
 * and order make it one transaction. `announce` is what follows the commit when this call moved
 * the money (balances pushed, a tip's line in the live room): the caller runs it after its own
 * commit when it pays inside a transaction of its own (a card purchase).
 */
export async function bookCharge(deps: Deps, { target, sale, people }: PreparedCharge, intent: Intent | undefined) {
  const hooks = target.before || target.after ? { before: target.before, after: target.after } : undefined;
  const { answer, moved } = await payFromWalletOnce(
    deps,
    sale,
    intent,
    // Presented before it is written and stored with it, so a retry answers exactly this.
    (charge) => ({ charge: presentCharge(charge, people) }),
    hooks,
  );
  const announce = () => {
    if (!moved) return;
    target.announce?.();
    notifyBalance(deps, sale.fanId, answer.balanceCents);
    notifyBalance(deps, target.performerId, answer.creatorBalanceCents);
  };
  return { charge: answer.charge, balance: fromCents(answer.balanceCents), announce };
}

/**
 * `POST /wallet/charges/{type}/{id}`: pays a tip or an item from the wallet: one statement reads
 * the parties, one pays. Products, messages and streams are one more entry in `targets`.
 */
export async function chargeWallet(
  deps: Deps,
  fan: SessionUser,
  type: WalletChargeRouteType,
  id: string,
  input: WalletChargeInput,
  request: FastifyRequest,
) {
  const prepared = await prepareCharge(deps, fan, type, id, input);
  const { charge, balance, announce } = await bookCharge(
    deps,
    prepared,
    intentOf(request) ?? (type === 'stream' ? await streamIntent(deps.db, fan.id, id) : undefined),
  );
  announce();
  return { charge, balance };
}

type ChargeRow = typeof walletCharges.$inferSelect;

/** One charge as lists show it. */
export async function chargeFor(db: Queryable, row: ChargeRow) {
  return presentCharge(row, await publicUsersById(db, [row.userId, row.performerId]));
}

function presentCharge(row: NewCharge, people: Map<string, PublicUser>): WalletCharge {
  return {
    _id: row.id,
    type: row.type,
    status: row.status,
    itemId: row.itemId,
    price: fromCents(row.grossCents),
    message: row.message,
    user: people.get(row.userId)!,
    performer: people.get(row.performerId)!,
    createdAt: row.createdAt.toISOString(),
  };
}

const chargeSortColumns = { createdAt: walletCharges.createdAt, price: walletCharges.grossCents };

/** Whose charges a list shows: a fan's, a creator's, or (for an admin) everyone's. */
export type ChargeScope = { userId: string } | { performerId: string } | 'all';
export const chargeScopeOf = (viewer: SessionUser): ChargeScope => (isCreator(viewer) ? { performerId: viewer.id } : { userId: viewer.id });

/** `GET /wallet/charges/search` (a fan's payments, or those a creator received) and the admin's list of all. */
export async function searchCharges(deps: Deps, scope: ChargeScope, query: z.output<typeof walletChargeQuerySchema>) {
  const conditions: SQL[] = [];
  if (scope !== 'all') {
    conditions.push('performerId' in scope ? eq(walletCharges.performerId, scope.performerId) : eq(walletCharges.userId, scope.userId));
  }
  if (query.type) conditions.push(eq(walletCharges.type, query.type));
  if (query.status) conditions.push(eq(walletCharges.status, query.status));
  const where = and(...conditions);
  const { rows, total } = await pageOf(
    deps.db
      .select()
      .from(walletCharges)
      .where(where)
      .orderBy(...orderBy(chargeSortColumns, query.sortBy, query.sort, walletCharges.id))
      .$dynamic(),
    query,
    deps.db.$count(walletCharges, where),
  );
  const people = await publicUsersById(
    deps.db,
    rows.flatMap((row) => [row.userId, row.performerId]),
  );
  return { data: rows.map((row) => presentCharge(row, people)), total };
}
