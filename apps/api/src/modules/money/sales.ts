import { eq } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db/client';
import { earnings, performerProfiles } from '../../db/schema';
import type { Deps } from '../../deps';
import {
  type AccountRef,
  earningsOf,
  type JournalHeader,
  lockedBalances,
  type OwnedAccountRef,
  platform,
  post,
} from '../../platform/ledger';
import { BPS, shareOf } from './rates';

/**
 * How a sale splits: the platform keeps its commission (the creator's own rate when an admin
 * set one, else the site's performerCommission) and the creator earns the rest.
 */
export async function splitSale(deps: Pick<Deps, 'settings'>, tx: Queryable, performerId: string, grossCents: number) {
  const [profile] = await tx
    .select({ bps: performerProfiles.commissionBps })
    .from(performerProfiles)
    .where(eq(performerProfiles.userId, performerId));
  // The setting is validated as a fraction of whole basis points where it is saved.
  const commissionBps = profile?.bps ?? Math.round(deps.settings.get('performerCommission') * BPS);
  const commissionCents = shareOf(grossCents, commissionBps);
  return { grossCents, commissionBps, commissionCents, netCents: grossCents - commissionCents };
}
export type SaleSplit = Awaited<ReturnType<typeof splitSale>>;

/**
 * Moves a sale's money inside `tx`: the payer pays the gross, the creator earns the net,
 * the platform keeps the commission; the earning row records all three. Returns the payer's and
 * the creator's new balances.
 */
export async function recordSale(
  tx: Transaction,
  sale: SaleSplit & {
    /** Who pays: the fan's wallet, or the gateway's clearing account for a card payment. */
    payer: AccountRef;
    fanId: string;
    performerId: string;
    sourceType: string;
    sourceId: string;
    referenceType: string;
  },
) {
  await tx.insert(earnings).values({
    performerId: sale.performerId,
    userId: sale.fanId,
    sourceType: sale.sourceType,
    sourceId: sale.sourceId,
    grossCents: sale.grossCents,
    commissionCents: sale.commissionCents,
    netCents: sale.netCents,
    commissionBps: sale.commissionBps,
  });
  const [payerBalance, creatorBalance] = await post(tx, { kind: 'charge', referenceType: sale.referenceType, referenceId: sale.sourceId }, [
    { ...sale.payer, amountCents: -sale.grossCents },
    { ...earningsOf(sale.performerId), amountCents: sale.netCents },
    { ...platform('platform_revenue'), amountCents: sale.commissionCents },
  ]);
  return { payerBalance: payerBalance!, creatorBalance: creatorBalance! };
}

/**
 * Undoes a sale inside `tx` (a refund): the payer gets the gross back; the creator gives back
 * the net as far as their available earnings still hold it (what was paid out or is on hold
 * stays theirs); the platform gives back its commission and writes off the rest as a promotion.
 * The creator's earnings show it as a refund row. Returns the payer's and the creator's balances.
 */
export async function refundSale(
  tx: Transaction,
  sale: typeof earnings.$inferSelect,
  refund: { payer: AccountRef; journal: JournalHeader },
) {
  const creator = earningsOf(sale.performerId);
  const owned = refund.payer.ownerId ? [refund.payer as OwnedAccountRef, creator] : [creator];
  const available = (await lockedBalances(tx, owned)).at(-1)!;
  const taken = Math.min(sale.netCents, available);
  const [payerBalance, creatorBalance] = await post(tx, refund.journal, [
    { ...refund.payer, amountCents: sale.grossCents },
    { ...creator, amountCents: -taken },
    { ...platform('platform_revenue'), amountCents: -sale.commissionCents },
    { ...platform('promotions'), amountCents: -(sale.netCents - taken) },
  ]);
  await tx.insert(earnings).values({
    performerId: sale.performerId,
    userId: sale.userId,
    sourceType: sale.sourceType,
    sourceId: sale.sourceId,
    grossCents: -sale.grossCents,
    commissionCents: -sale.commissionCents,
    netCents: -sale.netCents,
    commissionBps: sale.commissionBps,
    isRefund: true,
  });
  return { payerBalance: payerBalance!, creatorBalance: creatorBalance! };
}
