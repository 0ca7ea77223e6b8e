import { type Earning, type earningQuerySchema, type earningStatsQuerySchema, fromCents } from '@limelight/contracts';
import type { z } from 'zod';
import type { earnings } from '../../db/read/money';
import type { Deps } from '../../deps';
import { balanceOf, earningsOf, payoutHoldOf } from '../../platform/ledger';
import { fromBps } from '../money';
import { publicUsersById } from '../users';
import { earningsPage, earningTotals, netByDay, netBySource, netEarnedBy, paidOutTo } from './repo';

type EarningRow = typeof earnings.$inferSelect;

async function presentEarnings(deps: Deps, rows: EarningRow[]): Promise<Earning[]> {
  if (!rows.length) return [];
  const people = await publicUsersById(
    deps.db,
    rows.flatMap((row) => [row.userId, row.performerId]),
  );
  const person = (id: string) => people.get(id)!;
  return rows.map((row) => ({
    _id: row.id,
    sourceType: row.sourceType as Earning['sourceType'],
    sourceId: row.sourceId,
    gross: fromCents(row.grossCents),
    commission: fromCents(row.commissionCents),
    isRefund: row.isRefund,
    net: fromCents(row.netCents),
    commissionRate: fromBps(row.commissionBps),
    user: person(row.userId),
    performer: person(row.performerId),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** `GET /performer/earning/search` (one creator's) and the admin's list of every creator's earnings. */
export async function searchEarnings(deps: Deps, query: z.output<typeof earningQuerySchema>, performerId?: string) {
  const { rows, total } = await earningsPage(deps.db, query, performerId);
  return { data: await presentEarnings(deps, rows), total };
}

/** What a creator earned, paid out, holds and may request now (tokens). */
export async function payoutBalance(deps: Deps, performerId: string) {
  const [earned, paid, available, onHold] = await Promise.all([
    netEarnedBy(deps.db, performerId),
    paidOutTo(deps.db, performerId),
    balanceOf(deps.db, earningsOf(performerId)),
    balanceOf(deps.db, payoutHoldOf(performerId)),
  ]);
  return {
    totalEarned: fromCents(earned),
    totalPaidOut: fromCents(paid),
    onHold: fromCents(onHold),
    available: fromCents(available),
    minimumPayoutAmount: deps.settings.get('minimumPayoutAmount'),
  };
}

/** `GET /performer/earning/stats`: totals, by source and by day, in the range; and the balances. */
export async function earningStats(deps: Deps, performerId: string, range: z.output<typeof earningStatsQuerySchema>) {
  const [totals, bySource, byDay, balance] = await Promise.all([
    earningTotals(deps.db, performerId, range),
    netBySource(deps.db, performerId, range),
    netByDay(deps.db, performerId, range),
    payoutBalance(deps, performerId),
  ]);
  return {
    totalGross: fromCents(totals?.gross ?? 0),
    totalCommission: fromCents(totals?.commission ?? 0),
    totalNet: fromCents(totals?.net ?? 0),
    bySource: bySource.map((row) => ({ sourceType: row.sourceType as Earning['sourceType'], net: fromCents(row.net), count: row.count })),
    byDay: byDay.map((row) => ({ date: row.date, net: fromCents(row.net) })),
    balance,
  };
}
