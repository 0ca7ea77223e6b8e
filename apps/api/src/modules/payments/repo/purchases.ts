import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { type PurchasableType, purchasedItems, walletCharges } from '../../../db/read/money';
import { tokenPackages } from '../../../db/read/token-packages';

/** A token package on sale, if it is one. */
export async function packageOnSale(db: Queryable, id: string) {
  const [found] = await db
    .select()
    .from(tokenPackages)
    .where(and(eq(tokenPackages.id, id), eq(tokenPackages.isActive, true)));
  return found;
}

/** Whether the fan holds this item already. */
export async function owns(db: Queryable, userId: string, itemType: PurchasableType, itemId: string) {
  const [row] = await db
    .select({ id: purchasedItems.itemId })
    .from(purchasedItems)
    .where(and(eq(purchasedItems.userId, userId), eq(purchasedItems.itemType, itemType), eq(purchasedItems.itemId, itemId)));
  return !!row;
}

/** What a wallet charge paid, while it still stands (successful, not refunded). */
export async function standingChargeGross(db: Queryable, chargeId: string) {
  const [charge] = await db
    .select({ grossCents: walletCharges.grossCents })
    .from(walletCharges)
    .where(and(eq(walletCharges.id, chargeId), eq(walletCharges.status, 'success')));
  return charge?.grossCents;
}
