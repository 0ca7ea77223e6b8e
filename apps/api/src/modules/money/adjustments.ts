import { ErrorCode } from '@limelight/contracts';
import type { Queryable } from '../../db/client';
import { AppError } from '../../platform/errors';
import { platform, post, walletOf } from '../../platform/ledger';
import { insertWalletAdjustment } from './repo/wallet-adjustments';

export type WalletAdjustment = { userId: string; adminId: string | null; amountCents: number; reason: string };

/**
 * An admin's credit (positive) or debit (negative) of a user's wallet, inside the caller's
 * transaction: the adjustment row and one `admin_adjustment` journal between the wallet and the
 * platform's promotions account. A debit that would take the wallet below zero is refused (409,
 * naming `amount`) and nothing is written. Returns the row's id and the wallet's new balance.
 */
export async function adjustWallet(tx: Queryable, adjustment: WalletAdjustment): Promise<{ id: string; balanceCents: number }> {
  const id = await insertWalletAdjustment(tx, adjustment);
  try {
    const [balanceCents] = await post(tx, { kind: 'admin_adjustment', referenceType: 'wallet_adjustment', referenceId: id }, [
      { ...walletOf(adjustment.userId), amountCents: adjustment.amountCents },
      { ...platform('promotions'), amountCents: -adjustment.amountCents },
    ]);
    return { id, balanceCents: balanceCents! };
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.insufficientBalance) {
      throw new AppError(409, ErrorCode.insufficientBalance, 'This debit would take the wallet below zero', [
        { field: 'amount', message: 'must not be more than the wallet holds' },
      ]);
    }
    throw error;
  }
}
