import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { type PurchasableType, purchasedItems } from '../../../db/read/money';
import { subscriptions } from '../../../db/read/subscriptions';
import { subscriptionGivesAccess } from './fans';
import { refusalSql } from './refusals';
import type { ViewerSql } from './viewer';

/**
 * The facts of `accessTo` for one item of a hand-written statement, as its columns `refusal`,
 * `is_subscribed` and `is_bought` (read them with `accessFromFacts`): a page of items and its
 * access in one statement.
 */
export const accessFactsSql = (viewer: ViewerSql, itemType: PurchasableType, item: { id: SQL; performerId: SQL }) => sql`
  ${refusalSql(viewer, item.performerId)} as refusal,
  exists(select 1 from ${subscriptions} where ${subscriptions.userId} = ${viewer.id}
    and ${subscriptions.performerId} = ${item.performerId} and ${subscriptionGivesAccess()}) as is_subscribed,
  exists(select 1 from ${purchasedItems} where ${purchasedItems.userId} = ${viewer.id}
    and ${purchasedItems.itemType} = ${itemType} and ${purchasedItems.itemId} = ${item.id}) as is_bought`;

/** Which of these items of one type the buyer holds a purchase of (column `itemId`). */
export const boughtBy = (db: Queryable, buyerId: string, itemType: PurchasableType, itemIds: string[]) =>
  db
    .select({ itemId: purchasedItems.itemId })
    .from(purchasedItems)
    .where(and(eq(purchasedItems.userId, buyerId), eq(purchasedItems.itemType, itemType), inArray(purchasedItems.itemId, itemIds)));

/** Whether anyone (or `buyerId`) holds this item: a purchase stands until a refund takes its row away. */
export async function hasBuyers(db: Queryable, itemType: PurchasableType, itemId: string, buyerId?: string) {
  const [row] = await db
    .select({ id: purchasedItems.id })
    .from(purchasedItems)
    .where(
      and(
        eq(purchasedItems.itemType, itemType),
        eq(purchasedItems.itemId, itemId),
        buyerId ? eq(purchasedItems.userId, buyerId) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

/** Which of these items someone holds a purchase of (the batch form of `hasBuyers`). */
export async function boughtAmong(db: Queryable, itemType: PurchasableType, itemIds: string[]) {
  if (!itemIds.length) return new Set<string>();
  const rows = await db
    .selectDistinct({ id: purchasedItems.itemId })
    .from(purchasedItems)
    .where(and(eq(purchasedItems.itemType, itemType), inArray(purchasedItems.itemId, itemIds)));
  return new Set(rows.map((row) => row.id));
}
