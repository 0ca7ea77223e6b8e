import type { Queryable } from '../../../db/client';
import { walletAdjustments } from '../../../db/schema/money';

/** Records an admin's adjustment of a wallet; returns its id. */
export async function insertWalletAdjustment(tx: Queryable, adjustment: typeof walletAdjustments.$inferInsert) {
  const [row] = await tx.insert(walletAdjustments).values(adjustment).returning({ id: walletAdjustments.id });
  return row!.id;
}
