import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db/client';
import { performerProfiles } from '../../db/read/users';
import { earnings } from '../../db/schema/money';
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
import { BPS, shareOfSql } from './rates';

/**
 * The site's commission (setting `performerCommission`) in basis points, for creators with no
 * rate of their own. The setting is validated as a fraction of whole basis points where it is saved.
 */
export const siteCommissionBps = (deps: Pick<Deps, 'settings'>) => Math.round(deps.settings.get('performerCommission') * BPS);

/**
 * How a sale splits, as a query answering `bps` and `commission`: the platform keeps its
 * commission (the creator's own rate when an admin set one, else the site's), rounded as
 * `shareOf`, and the creator earns the rest. The one definition of a sale's split: the wallet
 * payment statement (decision 017) embeds it, so its one round trip stays one, and `splitSale`
 * runs it for every other sale.
 */
export const saleSplitSql = (params: { performerId: SQL; grossCents: SQL; siteBps: SQL }) => sql`
  select rate.bps, ${shareOfSql(params.grossCents, sql`rate.bps`)} as commission
  from (select coalesce(
    (select commission_bps from ${performerProfiles} where user_id = ${params.performerId}), ${params.siteBps}) as bps) rate`;

/** How a sale splits (`saleSplitSql`), read inside `tx`. */
export async function splitSale(deps: Pick<Deps, 'settings'>, tx: Queryable, performerId: string, grossCents: number) {
  const { rows } = (await tx.execute(
    saleSplitSql({
      performerId: sql`${performerId}::uuid`,
      grossCents: sql`${grossCents}::bigint`,
      siteBps: sql`${siteCommissionBps(deps)}::int`,
    }),
  )) as unknown as { rows: Array<{ bps: number; commission: unknown }> };
  // The driver may answer a bigint as a string; a share never exceeds its gross, a safe integer.
  const commissionCents = Number(rows[0]!.commission);
  return { grossCents, commissionBps: rows[0]!.bps, commissionCents, netCents: grossCents - commissionCents };
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

/** Undoes the sale its seller recorded as `source` (`refundSale`), inside `tx`. */
export async function refundSaleOf(
  tx: Transaction,
  source: { sourceType: string; sourceId: string },
  journal: JournalHeader,
  payer: AccountRef = platform('gateway_clearing'),
) {
  const [sale] = await tx
    .select()
    .from(earnings)
    .where(and(eq(earnings.sourceType, source.sourceType), eq(earnings.sourceId, source.sourceId), eq(earnings.isRefund, false)));
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
