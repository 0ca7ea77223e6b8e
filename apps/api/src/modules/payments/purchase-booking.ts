import { formatTokens, fromCents } from '@limelight/contracts';
import type { Database, Transaction } from '../../db/client';
import type { paymentTransactions } from '../../db/schema/payments';
import type { Deps } from '../../deps';
import { AppError } from '../../platform/errors';
import { sendEmail } from '../emails';
import { findById } from '../users';
import { bookCharge, prepareCharge } from '../wallet';
import { fanAddressOf } from './repo/fans';
import { setPurchaseCharge, setPurchaseProblem } from './repo/payments';

type PaymentRow = typeof paymentTransactions.$inferSelect;

/**
 * The purchase a `charge` card payment was made for, booked inside the transaction that marked
 * the payment paid, right after its tokens reached the wallet (decision 032): the ordinary wallet
 * charge, checked again as it stands now, under the payment's own key (once, whoever confirms).
 * It runs in a savepoint: when the item can no longer be bought (sold out, deleted, the creator
 * blocked the fan, the price changed), only the purchase is undone, the tokens stay in the wallet,
 * and the payment and an e-mail tell the fan why. Returns what follows the commit.
 */
export async function bookCardPurchase(deps: Deps, tx: Transaction, payment: PaymentRow): Promise<() => void> {
  const { type, itemId, input } = payment.purchase!;
  const intent = { key: `card-payment:${payment.id}`, fingerprint: payment.id };
  try {
    const booked = await tx.transaction(async (savepoint) => {
      const scoped: Deps = { ...deps, db: savepoint as unknown as Database };
      const fan = await findById(savepoint, payment.userId);
      return bookCharge(scoped, await prepareCharge(scoped, fan!, type, itemId, input), intent);
    });
    await setPurchaseCharge(tx, payment.id, booked.charge._id);
    return booked.announce;
  } catch (error) {
    if (!(error instanceof AppError)) deps.log.error({ err: error, paymentId: payment.id }, 'a card purchase could not be booked');
    const why = error instanceof AppError ? error.message : 'The purchase could not be completed';
    const problem = `${why}. The ${formatTokens(fromCents(payment.tokensCents))} you paid for are in your wallet.`;
    await setPurchaseProblem(tx, payment.id, problem);
    const fan = await fanAddressOf(tx, payment.userId);
    if (fan?.email) {
      await sendEmail(deps, tx, 'payment.purchaseNotBooked', {
        to: fan.email,
        vars: { name: fan.name, problem, link: `${deps.config.publicUrl}/user/wallet` },
      });
    }
    return () => {};
  }
}
