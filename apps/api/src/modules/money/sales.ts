import type { Queryable, Transaction } from '../../db/client';
import type { earnings } from '../../db/schema/money';
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
import { BPS } from './rates';
import { insertEarning, saleEarningOf, saleSplitOf } from './repo/sales';

/**
 * The site's commission (setting `performerCommission`) in basis points, for creators with no
 * rate of their own. The setting is validated as a fraction of whole basis points where it is saved.
 */
export const siteCommissionBps = (deps: Pick<Deps, 'settings'>) => Math.round(deps.settings.get('performerCommission') * BPS);

/** How a sale splits (`saleSplitSql`), read inside `tx`. */
export async function splitSale(deps: Pick<Deps, 'settings'>, tx: Queryable, performerId: string, grossCents: number) {
  const { bps, commissionCents } = await saleSplitOf(tx, performerId, grossCents, siteCommissionBps(deps));
  return { grossCents, commissionBps: bps, commissionCents, netCents: grossCents - commissionCents };
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
  await insertEarning(tx, {
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

/** Undoes the sale its seller recorded as `source` (`refundSale`), inside `tx`. */
export async function refundSaleOf(
  tx: Transaction,
  source: { sourceType: string; sourceId: string },
  journal: JournalHeader,
  payer: AccountRef = platform('gateway_clearing'),
) {
  const sale = await saleEarningOf(tx, source);
  return refundSale(tx, sale!, { payer, journal });
}

/**
 * Undoes a sale inside `tx` (a refund): the payer gets the gross back; the creator gives back
 * the net as far as their available earnings still hold it (what was paid out or is on hold
 * stays theirs); the platform gives back its commission and writes off the rest as a promotion.
 * The creator's earnings show it as a refund row. Returns the payer's and the creator's balances.
 */
async function refundSale(tx: Transaction, sale: typeof earnings.$inferSelect, refund: { payer: AccountRef; journal: JournalHeader }) {
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
  await insertEarning(tx, {
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
