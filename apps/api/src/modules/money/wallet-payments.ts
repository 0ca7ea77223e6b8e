import { randomUUID } from 'node:crypto';
import type { ChargeType } from '@limelight/contracts';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { earnings, purchasedItems, subscriptionPeriods, walletCharges } from '../../db/schema';
import type { Deps } from '../../deps';
import { walletOf } from '../../platform/ledger';
import { removePeriod } from './periods';
import { recordSale, refundSale, splitSale } from './sales';

/**
 * Pays a sale from the fan's wallet inside `tx`: the wallet charge the fan and the creator see,
 * the earning and the ledger journal, whose conditional debit refuses a wallet holding too
 * little. Every wallet payment (items, tips, subscription periods) goes through here; a new
 * thing to sell (a shop order, a paid message, a live tip) is one more `ChargeType`.
 */
export async function payFromWallet(
  deps: Pick<Deps, 'settings'>,
  tx: Transaction,
  sale: { fanId: string; performerId: string; type: ChargeType; itemId: string | null; priceCents: number; message?: string },
) {
  const split = await splitSale(deps, tx, sale.performerId, sale.priceCents);
  const chargeId = randomUUID();
  const [charge] = await tx
    .insert(walletCharges)
    .values({
      id: chargeId,
      userId: sale.fanId,
      performerId: sale.performerId,
      type: sale.type,
      itemId: sale.itemId,
      grossCents: split.grossCents,
      commissionCents: split.commissionCents,
      netCents: split.netCents,
      message: sale.message ?? '',
    })
    .returning();
  const balances = await recordSale(tx, {
    ...split,
    payer: walletOf(sale.fanId),
    fanId: sale.fanId,
    performerId: sale.performerId,
    sourceType: sale.type,
    sourceId: chargeId,
    referenceType: 'wallet_charge',
  });
  return { charge: charge!, ...balances };
}

/**
 * Gives a successful wallet charge back inside `tx`, once: the fan's wallet gets the gross back
 * and loses what it bought (the item locks again; a subscription period is taken out); the
 * creator gives back the net as far as their available earnings hold it. Returns undefined when
 * the charge is not (or no longer) a successful one.
 */
export async function refundWalletCharge(tx: Transaction, chargeId: string) {
  const [charge] = await tx
    .update(walletCharges)
    .set({ status: 'refunded' })
    .where(and(eq(walletCharges.id, chargeId), eq(walletCharges.status, 'success')))
    .returning();
  if (!charge) return undefined;
  const [sale] = await tx
    .select()
    .from(earnings)
    .where(and(eq(earnings.sourceType, charge.type), eq(earnings.sourceId, charge.id), eq(earnings.isRefund, false)));
  const balances = await refundSale(tx, sale!, {
    payer: walletOf(charge.userId),
    journal: { kind: 'refund', referenceType: 'wallet_charge', referenceId: charge.id },
  });
  await tx.delete(purchasedItems).where(eq(purchasedItems.chargeId, charge.id));
  const [period] = await tx.select().from(subscriptionPeriods).where(eq(subscriptionPeriods.chargeId, charge.id));
  if (period) await removePeriod(tx, period);
  return { charge, ...balances };
}
