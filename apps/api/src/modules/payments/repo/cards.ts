import type { CardLabel, PaymentGatewayName } from '@limelight/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { paymentCards } from '../../../db/schema/payments';
import { type AdminRowFilters, adminRowPage, nullValue } from '../../../platform/admin-rows';

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

/**
 * Saved cards for the admin's console, masked: brand, last four digits and expiry. The gateway's
 * token never leaves this query (decision 052).
 */
export const adminCardRows = (db: Queryable, filters: AdminRowFilters) =>
  adminRowPage(
    db,
    {
      table: paymentCards,
      select: {
        id: paymentCards.id,
        title: sql`${paymentCards.brand} || ' •••• ' || ${paymentCards.last4} || ' exp ' || lpad(${paymentCards.expMonth}::text, 2, '0') || '/' || ${paymentCards.expYear}`,
        status: sql`case when ${paymentCards.isDefault} then 'default' else null end`,
        ownerId: paymentCards.userId,
        otherId: nullValue,
        amountCents: nullValue,
        count: nullValue,
        parentId: nullValue,
        parentType: paymentCards.gateway,
        createdAt: paymentCards.createdAt,
        updatedAt: nullValue,
      },
      id: paymentCards.id,
      createdAt: paymentCards.createdAt,
      users: [paymentCards.userId],
      text: [paymentCards.brand, paymentCards.last4, paymentCards.holderName],
    },
    filters,
  );

/** An account's cards saved with a gateway, the default first, then the oldest. */
export const cardsOf = (db: Queryable, userId: string, gateway: PaymentGatewayName) =>
  db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.userId, userId), eq(paymentCards.gateway, gateway)))
    .orderBy(desc(paymentCards.isDefault), asc(paymentCards.createdAt));

/** The card a payment uses when it names none: the account's default for the gateway, else its oldest. */
export async function defaultCardOf(db: Queryable, userId: string, gateway: PaymentGatewayName) {
  const [card] = await cardsOf(db, userId, gateway).limit(1);
  return card;
}

/** Whether the account has any card saved with the gateway. */
export async function hasCardWith(tx: Queryable, userId: string, gateway: PaymentGatewayName) {
  const [existing] = await tx
    .select({ id: paymentCards.id })
    .from(paymentCards)
    .where(and(eq(paymentCards.userId, userId), eq(paymentCards.gateway, gateway)))
    .limit(1);
  return !!existing;
}

/** Saves a card, returning its row (fails on the one-card-once key). */
export async function insertCard(tx: Queryable, values: typeof paymentCards.$inferInsert) {
  const [row] = await tx.insert(paymentCards).values(values).returning();
  return row!;
}

/** A card of this account, if it is one. */
export async function cardOfUser(db: Queryable, id: string, userId: string) {
  const [card] = await db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.id, id), eq(paymentCards.userId, userId)));
  return card;
}

/** A saved card by id, if it is still saved. */
export async function cardById(db: Queryable, id: string) {
  const [card] = await db.select().from(paymentCards).where(eq(paymentCards.id, id));
  return card;
}

/** Whether a card is still saved. */
export async function cardExists(db: Queryable, id: string) {
  const [card] = await db.select({ id: paymentCards.id }).from(paymentCards).where(eq(paymentCards.id, id));
  return !!card;
}

/** Deletes a saved card. */
export async function deleteCard(tx: Queryable, id: string) {
  await tx.delete(paymentCards).where(eq(paymentCards.id, id));
}

/** The id of the account's oldest card saved with the gateway, if any. */
export async function oldestCardOf(tx: Queryable, userId: string, gateway: PaymentGatewayName) {
  const [next] = await tx
    .select({ id: paymentCards.id })
    .from(paymentCards)
    .where(and(eq(paymentCards.userId, userId), eq(paymentCards.gateway, gateway)))
    .orderBy(asc(paymentCards.createdAt))
    .limit(1);
  return next?.id;
}

/** The next card becomes the default, once the default one was removed. */
export async function makeNextCardDefault(tx: Queryable, id: string) {
  await tx.update(paymentCards).set({ isDefault: true }).where(eq(paymentCards.id, id));
}

/** Makes a card the default, returning its row (after `clearDefaultCard`: one default per gateway). */
export async function makeCardDefault(tx: Queryable, id: string) {
  const [row] = await tx.update(paymentCards).set({ isDefault: true }).where(eq(paymentCards.id, id)).returning();
  return row!;
}

/** The account's default card for a gateway is one no longer. */
export async function clearDefaultCard(tx: Queryable, userId: string, gateway: PaymentGatewayName) {
  await tx
    .update(paymentCards)
    .set({ isDefault: false })
    .where(and(eq(paymentCards.userId, userId), eq(paymentCards.gateway, gateway), eq(paymentCards.isDefault, true)));
}
