import type { UpdateBankingInput, UpdatePaymentGatewayInput } from '@limelight/contracts';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { performerBanking, performerPaymentSettings } from '../../../db/schema/performers';

/** The bank account a creator's payouts go to, if they gave one. */
export async function bankingOf(db: Queryable, userId: string) {
  const [banking] = await db.select().from(performerBanking).where(eq(performerBanking.userId, userId));
  return banking;
}

/** A creator's payout accounts, one per gateway. */
export const paymentSettingsOf = (db: Queryable, userId: string) =>
  db.select().from(performerPaymentSettings).where(eq(performerPaymentSettings.userId, userId));

/** Stores the bank account a creator's payouts go to, replacing the one before. */
export async function saveBanking(tx: Queryable, userId: string, banking: Omit<UpdateBankingInput, 'currentPassword'>) {
  await tx
    .insert(performerBanking)
    .values({ userId, ...banking })
    .onConflictDoUpdate({ target: performerBanking.userId, set: { ...banking, updatedAt: new Date() } });
}

/** Stores a creator's payout account at one gateway, replacing the one before. */
export async function savePaymentSetting(
  tx: Queryable,
  userId: string,
  gateway: UpdatePaymentGatewayInput['key'],
  value: UpdatePaymentGatewayInput['value'],
) {
  await tx
    .insert(performerPaymentSettings)
    .values({ userId, gateway, value })
    .onConflictDoUpdate({
      target: [performerPaymentSettings.userId, performerPaymentSettings.gateway],
      set: { value, updatedAt: new Date() },
    });
}
