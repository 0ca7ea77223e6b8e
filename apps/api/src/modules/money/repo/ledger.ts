import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerJournals } from '../../../db/read/platform/ledger';

/** One UTC day of money movements, in cents. */
export type LedgerDay = { date: string; revenueCents: number; feesCents: number; payoutsCents: number; refundsCents: number };

/**
 * The admin dashboard's money figures per UTC day since `since`, read from the ledger itself
 * (decision 051), never from a second bookkeeping:
 * - revenue: what fans paid for sales, gross: a sale journal (`charge`) credits the creator's
 *   earnings with the net and the platform's revenue with the commission, which add up to it;
 * - fees: the commission alone (the `platform_revenue` entries of sale journals);
 * - payouts: what left the platform to creators (the `paid_out` account's entries);
 * - refunds: what refund journals gave back to fans, to a wallet or to a card (the credits of
 *   wallets and of the gateway's clearing account in `refund` journals).
 * The journals are found by their time index; their entries by the journal index.
 */
export async function ledgerFiguresByDay(db: Queryable, since: Date): Promise<LedgerDay[]> {
  const { rows } = (await db.execute(sql`
    select to_char(date_trunc('day', j.created_at at time zone 'UTC'), 'YYYY-MM-DD') as date,
      coalesce(sum(e.amount_cents) filter (where j.kind = 'charge' and a.kind in ('earnings', 'platform_revenue')), 0)::bigint as revenue,
      coalesce(sum(e.amount_cents) filter (where j.kind = 'charge' and a.kind = 'platform_revenue'), 0)::bigint as fees,
      coalesce(sum(e.amount_cents) filter (where j.kind = 'payout_paid' and a.kind = 'paid_out'), 0)::bigint as payouts,
      coalesce(sum(e.amount_cents) filter (where j.kind = 'refund' and a.kind in ('wallet', 'gateway_clearing') and e.amount_cents > 0), 0)::bigint
        as refunds
    from ${ledgerJournals} j
    join ${ledgerEntries} e on e.journal_id = j.id
    join ${ledgerAccounts} a on a.id = e.account_id
    where j.created_at >= ${since.toISOString()}::timestamptz
    group by 1 order by 1`)) as unknown as { rows: Array<Record<string, string | number>> };
  return rows.map((row) => ({
    date: String(row.date),
    revenueCents: Number(row.revenue),
    feesCents: Number(row.fees),
    payoutsCents: Number(row.payouts),
    refundsCents: Number(row.refunds),
  }));
}
