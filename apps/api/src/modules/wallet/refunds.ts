import { type ChargeType, formatTokens, fromCents } from '@limelight/contracts';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { walletCharges } from '../../db/read/money';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../platform/errors';
import { notifyBalance, refundWalletCharge } from '../money';
import { notifyRefund } from '../notifications';
import { lockOrderedStock, refundOrder } from '../shop';
import { chargeFor } from './charges';

/** What a refunded charge paid for, as its fan and creator are told. */
const refundedItems: Record<ChargeType, string> = {
  tip: 'a tip',
  feed: 'a post',
  video: 'a video',
  gallery: 'a gallery',
  product: 'a product',
  message: 'a paid message',
  stream: 'a live session',
  stream_tip: 'a tip in a live session',
  subscription: 'a subscription period',
};
export const refundedItem = (type: ChargeType) => refundedItems[type];

/**
 * Gives a wallet charge back inside `tx`, once (see the money module's refundWalletCharge); a
 * product goes back on the shelf, and its order says it was refunded. Undefined when the charge
 * is not (or no longer) a successful one. Whoever calls it tells fan and creator (notifyRefund).
 */
export async function refundChargeIn(tx: Transaction, id: string) {
  await lockOrderedStock(tx, id);
  const done = await refundWalletCharge(tx, id);
  if (done?.charge.type === 'product') await refundOrder(tx, done.charge.id);
  return done;
}

/** `POST /admin/wallet/charges/{id}/refund`: gives a wallet charge back, once. */
export async function refundCharge(deps: Deps, id: string) {
  const refunded = await deps.db.transaction(async (tx) => {
    const done = await refundChargeIn(tx, id);
    if (done) {
      await notifyRefund(deps, tx, {
        fanId: done.charge.userId,
        performerId: done.charge.performerId,
        amount: formatTokens(fromCents(done.charge.grossCents)),
        item: refundedItem(done.charge.type),
      });
    }
    return done;
  });
  if (!refunded) {
    const [charge] = await deps.db.select({ status: walletCharges.status }).from(walletCharges).where(eq(walletCharges.id, id));
    throw charge ? conflict(`Only a successful charge can be refunded; this one is ${charge.status}`) : notFound('Wallet charge');
  }
  notifyBalance(deps, refunded.charge.userId, refunded.payerBalance);
  notifyBalance(deps, refunded.charge.performerId, refunded.creatorBalance);
  return chargeFor(deps.db, refunded.charge);
}
