import { ErrorCode } from '@limelight/contracts';
import type { Queryable } from '../../db/client';
import { walletAdjustments } from '../../db/schema/money';
import { AppError } from '../../platform/errors';
import { platform, post, walletOf } from '../../platform/ledger';

export type WalletAdjustment = { userId: string; adminId: string | null; amountCents: number; reason: string };

/**
 * An admin's credit (positive) or debit (negative) of a user's wallet, inside the caller's
 * transaction: the adjustment row and one `admin_adjustment` journal between the wallet and the
 * platform's promotions account. A debit that would take the wallet below zero is refused (409,
 * naming `amount`) and nothing is written. Returns the row's id and the wallet's new balance.
 */
export async function adjustWallet(tx: Queryable, adjustment: WalletAdjustment): Promise<{ id: string; balanceCents: number }> {
  const [row] = await tx.insert(walletAdjustments).values(adjustment).returning({ id: walletAdjustments.id });
  try {
    const [balanceCents] = await post(tx, { kind: 'admin_adjustment', referenceType: 'wallet_adjustment', referenceId: row!.id }, [
      { ...walletOf(adjustment.userId), amountCents: adjustment.amountCents },
      { ...platform('promotions'), amountCents: -adjustment.amountCents },
    ]);
    return { id: row!.id, balanceCents: balanceCents! };
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.insufficientBalance) {
      throw new AppError(409, ErrorCode.insufficientBalance, 'This debit would take the wallet below zero', [
        { field: 'amount', message: 'must not be more than the wallet holds' },
      ]);
    }
    throw error;
  }
}
