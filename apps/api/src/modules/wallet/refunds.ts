import { and, eq } from 'drizzle-orm';
import { earnings, purchasedItems, subscriptionPeriods, walletCharges } from '../../db/schema';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../platform/errors';
import { walletOf } from '../../platform/ledger';
import { refundSale } from '../earnings';
import { removePeriod } from '../subscriptions';
import { notifyBalance } from './balance';
import { chargeFor } from './charges';

/**
 * `POST /admin/wallet/charges/{id}/refund`: gives a wallet charge back, once. The fan's wallet
 * gets the gross back and loses what it bought (the item locks again; a subscription period is
 * taken out); the creator gives back the net as far as their available earnings hold it.
 */
export async function refundWalletCharge(deps: Deps, id: string) {
  const refunded = await deps.db.transaction(async (tx) => {
    const [charge] = await tx
      .update(walletCharges)
      .set({ status: 'refunded' })
      .where(and(eq(walletCharges.id, id), eq(walletCharges.status, 'success')))
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
  });
  if (!refunded) {
    const [charge] = await deps.db.select({ status: walletCharges.status }).from(walletCharges).where(eq(walletCharges.id, id));
    throw charge ? conflict(`Only a successful charge can be refunded; this one is ${charge.status}`) : notFound('Wallet charge');
  }
  notifyBalance(deps, refunded.charge.userId, refunded.payerBalance);
  notifyBalance(deps, refunded.charge.performerId, refunded.creatorBalance);
  return chargeFor(deps.db, refunded.charge);
}
