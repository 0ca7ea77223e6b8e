import type { PaymentCard, PaymentGatewayName } from '@limelight/contracts';
import type { Queryable } from '../../db/client';
import type { paymentCards } from '../../db/schema/payments';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import { uniqueViolation } from '../../platform/http';
import { activeGatewayName, gatewayNamed } from './gateways';
import {
  cardOfUser,
  cardsOf,
  clearDefaultCard,
  defaultCardOf,
  deleteCard,
  hasCardWith,
  insertCard,
  makeCardDefault,
  makeNextCardDefault,
  oldestCardOf,
} from './repo/cards';

type CardRow = typeof paymentCards.$inferSelect;

export const presentCard = (row: CardRow): PaymentCard => ({
  _id: row.id,
  gateway: row.gateway,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  holderName: row.holderName,
  isDefault: row.isDefault,
  createdAt: row.createdAt.toISOString(),
});

/** `GET /payment-cards`: the account's cards for the gateway in use, the default first. */
export async function listCards(deps: Deps, user: SessionUser) {
  const gateway = activeGatewayName(deps);
  if (!gateway) return { data: [], total: 0 };
  const rows = await cardsOf(deps.db, user.id, gateway);
  return { data: rows.map(presentCard), total: rows.length };
}

/** `POST /{gateway}/cards`: saves a card with the gateway; the first one becomes the default. */
export async function addCard(deps: Deps, user: SessionUser, gatewayName: string, input: unknown) {
  const gateway = gatewayNamed(deps, gatewayName);
  const details = await gateway.addCard({ id: user.id, email: user.email }, input);
  return deps.db.transaction(async (tx) => {
    const existing = await hasCardWith(tx, user.id, gateway.name);
    const row = await insertCard(tx, { userId: user.id, gateway: gateway.name, ...details, isDefault: !existing }).catch(
      (error: unknown) => {
        throw uniqueViolation(error) ? conflict('This card is already saved') : error;
      },
    );
    return presentCard(row);
  });
}

/** `DELETE /payment-cards/{id}`: another card becomes the default when the default goes. */
export async function removeCard(deps: Deps, user: SessionUser, id: string) {
  const card = await ownCard(deps.db, user, id);
  await deps.db.transaction(async (tx) => {
    await deleteCard(tx, card.id);
    if (card.isDefault) {
      const next = await oldestCardOf(tx, user.id, card.gateway);
      if (next) await makeNextCardDefault(tx, next);
    }
  });
  await gatewayNamed(deps, card.gateway)
    .removeCard(card)
    .catch((error: unknown) => deps.log.warn({ err: error }, 'the gateway kept a removed card'));
}

/** `PUT /payment-cards/{id}/default`: this card becomes the one payments use unless they name another; one default per gateway. */
export async function setDefaultCard(deps: Deps, user: SessionUser, id: string) {
  const card = await ownCard(deps.db, user, id);
  return deps.db.transaction(async (tx) => {
    await clearDefaultCard(tx, user.id, card.gateway);
    return presentCard(await makeCardDefault(tx, card.id));
  });
}

export async function ownCard(db: Queryable, user: SessionUser, id: string) {
  const card = await cardOfUser(db, id, user.id);
  if (!card) throw notFound('Card');
  return card;
}

/** The card a payment uses: the one named, else the default for the gateway in use. */
export async function cardToCharge(deps: Deps, user: SessionUser, gatewayName: PaymentGatewayName, cardId?: string) {
  if (cardId) {
    const card = await ownCard(deps.db, user, cardId);
    if (card.gateway !== gatewayName)
      throw unprocessable('This card was saved with another gateway: add it again', [
        { field: 'cardId', message: 'belongs to another gateway' },
      ]);
    return card;
  }
  const card = await defaultCardOf(deps.db, user.id, gatewayName);
  if (!card) throw unprocessable('Add a card before paying', [{ field: 'cardId', message: 'add a card first' }]);
  return card;
}
