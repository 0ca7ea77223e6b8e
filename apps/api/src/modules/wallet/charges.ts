import {
  type ChargeType,
  formatTokens,
  fromCents,
  type PublicUser,
  toCents,
  type WalletCharge,
  type WalletChargeInput,
  type walletChargeQuerySchema,
} from '@limelight/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { PurchasableType, walletCharges } from '../../db/read/money';
import type { Deps, Sale, Sellable } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { clientCountry } from '../../platform/client-country';
import { badRequest, conflict } from '../../platform/errors';
import { type Intent, intentOf } from '../../platform/idempotency';
import { assertMay, assertNoPayRefusal, isCreator } from '../access';
import { type NewCharge, notifyBalance, payFromWalletOnce, type WalletSale } from '../money';
import { publicUsersById, toPublicUser } from '../users';
import { type ChargeScope, chargeParties, chargesPage } from './repo';

/** An amount as the app writes it: "39.00 tokens". */
const tokens = (cents: number) => `${formatTokens(fromCents(cents))}`;

/** Fields of the input that belong to another kind of sale: refused, never ignored ("quantity: only for products"). */
function misplacedFields(deps: Deps, seller: Sellable, input: WalletChargeInput) {
  const sent = (field: keyof WalletChargeInput) => input[field] !== undefined;
  return deps.sellables.types
    .map((type) => deps.sellables.of(type))
    .filter((other) => other !== seller && other.ownFields)
    .flatMap(({ ownFields }) => ownFields!.fields.filter(sent).map((field) => ({ field, only: ownFields!.for })))
    .filter(({ field }) => !seller.ownFields?.fields.includes(field));
}

/** A charge checked as it stands, ready to be paid from the wallet (`bookCharge`). */
export type PreparedCharge = { type: string; target: Sale; sale: WalletSale; people: Map<string, PublicUser> };

/**
 * Everything a charge checks before money moves, whichever way it is paid: who may pay whom (one
 * statement reads the parties), the item and its price (a price sent must be the current one),
 * fields that belong to another type. A card purchase runs it when it starts and again, inside
 * the confirming transaction, when the card has paid (decision 032).
 */
export async function prepareCharge(
  deps: Deps,
  fan: SessionUser,
  type: string,
  id: string,
  input: WalletChargeInput,
): Promise<PreparedCharge> {
  assertMay(fan, 'wallet.pay', null, () => conflict('Only fans pay from a wallet'));
  const seller = deps.sellables.of(type);
  const misplaced = misplacedFields(deps, seller, input);
  if (misplaced.length) {
    throw badRequest(
      misplaced.map(({ field, only }) => `${field}: only for ${only}`).join('; '),
      misplaced.map(({ field, only }) => ({ field, message: `is only for ${only}` })),
    );
  }
  const target = await seller.sell!(deps, fan, id, input);
  const parties = await chargeParties(deps.db, { fanId: fan.id, performerId: target.performerId, country: clientCountry() ?? null });
  assertNoPayRefusal(parties.refusal);
  assertMay(fan, 'creator.pay', target, () => conflict('You cannot pay yourself'));
  if (target.itemId && input.price !== undefined && toCents(input.price) !== target.priceCents) {
    throw conflict(`The price has changed: it is now ${tokens(target.priceCents)}`);
  }
  const people = new Map(parties.people.map((user) => [user.id, toPublicUser(user)]));
  const sale: WalletSale = {
    fanId: fan.id,
    performerId: target.performerId,
    // A registered sellable's type: one the document names, or a test's seller beside them (decision 076).
    type: (target.chargeType ?? type) as ChargeType,
    itemId: target.itemId,
    priceCents: target.priceCents,
    message: input.message,
    unlocks: target.once && target.itemId ? (type as PurchasableType) : undefined,
    notice: {
      kind: target.notice?.kind ?? 'purchase',
      text: target.notice?.text ?? `${fan.name} bought your ${seller.noun} for ${tokens(target.priceCents)}`,
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
 * the parties, one pays. What is sold and how is its seller's (`deps.sellables`, decision 076).
 */
export async function chargeWallet(
  deps: Deps,
  fan: SessionUser,
  type: string,
  id: string,
  input: WalletChargeInput,
  request: FastifyRequest,
) {
  const prepared = await prepareCharge(deps, fan, type, id, input);
  const { charge, balance, announce } = await bookCharge(
    deps,
    prepared,
    intentOf(request) ?? (await deps.sellables.of(type).intent?.(deps.db, fan.id, id)),
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

/** Whose charges a fan or a creator lists: their own payments, or those they received. */
export const chargeScopeOf = (viewer: SessionUser): ChargeScope => (isCreator(viewer) ? { performerId: viewer.id } : { userId: viewer.id });

/** `GET /wallet/charges/search` (a fan's payments, or those a creator received) and the admin's list of all. */
export async function searchCharges(deps: Deps, scope: ChargeScope, query: z.output<typeof walletChargeQuerySchema>) {
  const { rows, total } = await chargesPage(deps.db, scope, query);
  const people = await publicUsersById(
    deps.db,
    rows.flatMap((row) => [row.userId, row.performerId]),
  );
  return { data: rows.map((row) => presentCharge(row, people)), total };
}
