import type { CardLabel, PaymentCard, PaymentGatewayName } from '@limelight/contracts';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { paymentCards } from '../../db/schema/payments';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import { uniqueViolation } from '../../platform/http';
import { activeGatewayName, gatewayNamed } from './gateways';

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

/** Brand and last digits of these cards, by id, for lists that name the card a payment used. */
export async function cardLabels(db: Queryable, ids: Array<string | null>): Promise<Map<string, CardLabel>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: paymentCards.id, brand: paymentCards.brand, last4: paymentCards.last4 })
    .from(paymentCards)
    .where(inArray(paymentCards.id, wanted));
  return new Map(rows.map((row) => [row.id, { brand: row.brand, last4: row.last4 }]));
}

/** `GET /payment-cards`: the account's cards for the gateway in use, the default first. */
export async function listCards(deps: Deps, user: SessionUser) {
  const gateway = activeGatewayName(deps);
  if (!gateway) return { data: [], total: 0 };
  const rows = await deps.db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.userId, user.id), eq(paymentCards.gateway, gateway)))
    .orderBy(desc(paymentCards.isDefault), asc(paymentCards.createdAt));
  return { data: rows.map(presentCard), total: rows.length };
}

/** `POST /{gateway}/cards`: saves a card with the gateway; the first one becomes the default. */
export async function addCard(deps: Deps, user: SessionUser, gatewayName: string, input: unknown) {
  const gateway = gatewayNamed(deps, gatewayName);
  const details = await gateway.addCard({ id: user.id, email: user.email }, input);
  return deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: paymentCards.id })
      .from(paymentCards)
      .where(and(eq(paymentCards.userId, user.id), eq(paymentCards.gateway, gateway.name)))
      .limit(1);
    const [row] = await tx
      .insert(paymentCards)
      .values({ userId: user.id, gateway: gateway.name, ...details, isDefault: !existing })
      .returning()
      .catch((error: unknown) => {
        throw uniqueViolation(error) ? conflict('This card is already saved') : error;
      });
    return presentCard(row!);
  });
}

/** `DELETE /payment-cards/{id}`: another card becomes the default when the default goes. */
export async function removeCard(deps: Deps, user: SessionUser, id: string) {
  const card = await ownCard(deps.db, user, id);
  await deps.db.transaction(async (tx) => {
    await tx.delete(paymentCards).where(eq(paymentCards.id, card.id));
    if (card.isDefault) {
      const [next] = await tx
        .select({ id: paymentCards.id })
        .from(paymentCards)
        .where(and(eq(paymentCards.userId, user.id), eq(paymentCards.gateway, card.gateway)))
        .orderBy(asc(paymentCards.createdAt))
        .limit(1);
      if (next) await tx.update(paymentCards).set({ isDefault: true }).where(eq(paymentCards.id, next.id));
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
    await tx
      .update(paymentCards)
      .set({ isDefault: false })
      .where(and(eq(paymentCards.userId, user.id), eq(paymentCards.gateway, card.gateway), eq(paymentCards.isDefault, true)));
    const [row] = await tx.update(paymentCards).set({ isDefault: true }).where(eq(paymentCards.id, card.id)).returning();
    return presentCard(row!);
  });
}

export async function ownCard(db: Queryable, user: SessionUser, id: string) {
  const [card] = await db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.id, id), eq(paymentCards.userId, user.id)));
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
  const [card] = await deps.db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.userId, user.id), eq(paymentCards.gateway, gatewayName)))
    .orderBy(desc(paymentCards.isDefault), asc(paymentCards.createdAt))
    .limit(1);
  if (!card) throw unprocessable('Add a card before paying', [{ field: 'cardId', message: 'add a card first' }]);
  return card;
}
