import { formatTokens, fromCents } from '@limelight/contracts';
import type { Transaction } from '../../db/client';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../platform/errors';
import { notifyBalance, refundWalletCharge } from '../money';
import { notifyRefund } from '../notifications';
import { chargeFor } from './charges';
import { chargeStatusOf, chargeTypeOf } from './repo';

/** What a refunded charge paid for, as its fan and creator are told ("a post"). */
export const refundedItem = (deps: Pick<Deps, 'sellables'>, type: string) => deps.sellables.get(type)?.refundedAs ?? 'a purchase';

/**
 * Gives a wallet charge back inside `tx`, once (see the money module's refundWalletCharge), with
 * what its seller takes back around the money (a product's stock locked first, in the payment's
 * lock order, and back on the shelf after). Undefined when the charge is not (or no longer) a
 * successful one. Whoever calls it tells fan and creator (notifyRefund).
 */
export async function refundChargeIn(deps: Pick<Deps, 'sellables'>, tx: Transaction, id: string) {
  const type = await chargeTypeOf(tx, id);
  const refund = type ? deps.sellables.get(type)?.refund : undefined;
  await refund?.before?.(tx, id);
  const done = await refundWalletCharge(tx, id);
  if (done) await refund?.after?.(tx, done.charge);
  return done;
}

/** `POST /admin/wallet/charges/{id}/refund`: gives a wallet charge back, once. */
export async function refundCharge(deps: Deps, id: string) {
  const refunded = await deps.db.transaction(async (tx) => {
    const done = await refundChargeIn(deps, tx, id);
    if (done) {
      await notifyRefund(deps, tx, {
        fanId: done.charge.userId,
        performerId: done.charge.performerId,
        amount: formatTokens(fromCents(done.charge.grossCents)),
        item: refundedItem(deps, done.charge.type),
      });
    }
    return done;
  });
  if (!refunded) {
    const status = await chargeStatusOf(deps.db, id);
    throw status ? conflict(`Only a successful charge can be refunded; this one is ${status}`) : notFound('Wallet charge');
  }
  notifyBalance(deps, refunded.charge.userId, refunded.payerBalance);
  notifyBalance(deps, refunded.charge.performerId, refunded.creatorBalance);
  return chargeFor(deps.db, refunded.charge);
}
