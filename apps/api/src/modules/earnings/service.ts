import { type Earning, type earningQuerySchema, type earningStatsQuerySchema, fromCents } from '@limelight/contracts';
import { and, desc, eq, gte, lt, type SQL, sql, sum } from 'drizzle-orm';
import type { z } from 'zod';
import { pageOf } from '../../db/paging';
import { earnings } from '../../db/read/money';
import { payoutRequests } from '../../db/read/payouts';
import type { Deps } from '../../deps';
import { orderBy } from '../../platform/http';
import { balanceOf, earningsOf, payoutHoldOf } from '../../platform/ledger';
import { fromBps } from '../money';
import { publicUsersById } from '../users';

type EarningRow = typeof earnings.$inferSelect;
type DateRange = { fromDate?: string; toDate?: string };

const DAY_MS = 86_400_000;
/** From the start of `fromDate` to the end of `toDate` (UTC days). */
const inRange = ({ fromDate, toDate }: DateRange): SQL[] => [
  ...(fromDate ? [gte(earnings.createdAt, new Date(`${fromDate}T00:00:00Z`))] : []),
  ...(toDate ? [lt(earnings.createdAt, new Date(new Date(`${toDate}T00:00:00Z`).getTime() + DAY_MS))] : []),
];

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

const sortColumns = { createdAt: earnings.createdAt, gross: earnings.grossCents, net: earnings.netCents };

/** `GET /performer/earning/search` (one creator's) and the admin's list of every creator's earnings. */
export async function searchEarnings(deps: Deps, query: z.output<typeof earningQuerySchema>, performerId?: string) {
  const conditions: SQL[] = [...inRange(query)];
  if (performerId) conditions.push(eq(earnings.performerId, performerId));
  if (query.sourceType) conditions.push(eq(earnings.sourceType, query.sourceType));
  const where = conditions.length ? and(...conditions) : undefined;
  const { rows, total } = await pageOf(
    deps.db
      .select()
      .from(earnings)
      .where(where)
      .orderBy(...orderBy(sortColumns, query.sortBy, query.sort, earnings.id))
      .$dynamic(),
    query,
    deps.db.$count(earnings, where),
  );
  return { data: await presentEarnings(deps, rows), total };
}

/** What a creator earned, paid out, holds and may request now (tokens). */
export async function payoutBalance(deps: Deps, performerId: string) {
  const [[earned], [paid], available, onHold] = await Promise.all([
    deps.db
      .select({ net: sum(earnings.netCents).mapWith(Number) })
      .from(earnings)
      .where(eq(earnings.performerId, performerId)),
    deps.db
      .select({ amount: sum(payoutRequests.amountCents).mapWith(Number) })
      .from(payoutRequests)
      .where(and(eq(payoutRequests.performerId, performerId), eq(payoutRequests.status, 'paid'))),
    balanceOf(deps.db, earningsOf(performerId)),
    balanceOf(deps.db, payoutHoldOf(performerId)),
  ]);
  return {
    totalEarned: fromCents(earned?.net ?? 0),
    totalPaidOut: fromCents(paid?.amount ?? 0),
    onHold: fromCents(onHold),
    available: fromCents(available),
    minimumPayoutAmount: deps.settings.get('minimumPayoutAmount'),
  };
}

/** `GET /performer/earning/stats`: totals, by source and by day, in the range; and the balances. */
export async function earningStats(deps: Deps, performerId: string, range: z.output<typeof earningStatsQuerySchema>) {
  const where = and(eq(earnings.performerId, performerId), ...inRange(range));
  const day = sql<string>`to_char(${earnings.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [[totals], bySource, byDay, balance] = await Promise.all([
    deps.db
      .select({
        gross: sum(earnings.grossCents).mapWith(Number),
        commission: sum(earnings.commissionCents).mapWith(Number),
        net: sum(earnings.netCents).mapWith(Number),
      })
      .from(earnings)
      .where(where),
    deps.db
      .select({
        sourceType: earnings.sourceType,
        net: sum(earnings.netCents).mapWith(Number),
        // Sales, not rows: a refund's row lowers the net but is no sale.
        count: sql<number>`count(*) filter (where not ${earnings.isRefund})`.mapWith(Number),
      })
      .from(earnings)
      .where(where)
      .groupBy(earnings.sourceType)
      .orderBy(desc(sum(earnings.netCents))),
    deps.db
      .select({ date: day, net: sum(earnings.netCents).mapWith(Number) })
      .from(earnings)
      .where(where)
      .groupBy(day)
      .orderBy(day),
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
