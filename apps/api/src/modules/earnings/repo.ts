import type { earningQuerySchema } from '@limelight/contracts';
import { and, desc, eq, gte, lt, type SQL, sql, sum } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { earnings } from '../../db/read/money';
import { payoutRequests } from '../../db/read/payouts';
import { orderBy } from '../../platform/http';

type DateRange = { fromDate?: string; toDate?: string };

const DAY_MS = 86_400_000;
/** From the start of `fromDate` to the end of `toDate` (UTC days). */
const inRange = ({ fromDate, toDate }: DateRange): SQL[] => [
  ...(fromDate ? [gte(earnings.createdAt, new Date(`${fromDate}T00:00:00Z`))] : []),
  ...(toDate ? [lt(earnings.createdAt, new Date(new Date(`${toDate}T00:00:00Z`).getTime() + DAY_MS))] : []),
];

const sortColumns = { createdAt: earnings.createdAt, gross: earnings.grossCents, net: earnings.netCents };

/** One page of earnings in the range, of one creator when `performerId` is given, with the count. */
export function earningsPage(db: Queryable, query: z.output<typeof earningQuerySchema>, performerId?: string) {
  const conditions: SQL[] = [...inRange(query)];
  if (performerId) conditions.push(eq(earnings.performerId, performerId));
  if (query.sourceType) conditions.push(eq(earnings.sourceType, query.sourceType));
  const where = conditions.length ? and(...conditions) : undefined;
  return pageOf(
    db
      .select()
      .from(earnings)
      .where(where)
      .orderBy(...orderBy(sortColumns, query.sortBy, query.sort, earnings.id))
      .$dynamic(),
    query,
    db.$count(earnings, where),
  );
}

/** The net a creator ever earned (cents). */
export async function netEarnedBy(db: Queryable, performerId: string) {
  const [earned] = await db
    .select({ net: sum(earnings.netCents).mapWith(Number) })
    .from(earnings)
    .where(eq(earnings.performerId, performerId));
  return earned?.net ?? 0;
}

/** What was paid out to a creator (cents). */
export async function paidOutTo(db: Queryable, performerId: string) {
  const [paid] = await db
    .select({ amount: sum(payoutRequests.amountCents).mapWith(Number) })
    .from(payoutRequests)
    .where(and(eq(payoutRequests.performerId, performerId), eq(payoutRequests.status, 'paid')));
  return paid?.amount ?? 0;
}

/** A creator's earnings in the range. */
const ofCreatorIn = (performerId: string, range: DateRange) => and(eq(earnings.performerId, performerId), ...inRange(range));

/** A creator's gross, commission and net in the range (cents). */
export async function earningTotals(db: Queryable, performerId: string, range: DateRange) {
  const [totals] = await db
    .select({
      gross: sum(earnings.grossCents).mapWith(Number),
      commission: sum(earnings.commissionCents).mapWith(Number),
      net: sum(earnings.netCents).mapWith(Number),
    })
    .from(earnings)
    .where(ofCreatorIn(performerId, range));
  return totals;
}

/** A creator's net and number of sales by source in the range, the best source first. */
export const netBySource = (db: Queryable, performerId: string, range: DateRange) =>
  db
    .select({
      sourceType: earnings.sourceType,
      net: sum(earnings.netCents).mapWith(Number),
      // Sales, not rows: a refund's row lowers the net but is no sale.
      count: sql<number>`count(*) filter (where not ${earnings.isRefund})`.mapWith(Number),
    })
    .from(earnings)
    .where(ofCreatorIn(performerId, range))
    .groupBy(earnings.sourceType)
    .orderBy(desc(sum(earnings.netCents)));

/** A creator's net by UTC day (YYYY-MM-DD) in the range, in date order. */
export function netByDay(db: Queryable, performerId: string, range: DateRange) {
  const day = sql<string>`to_char(${earnings.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ date: day, net: sum(earnings.netCents).mapWith(Number) })
    .from(earnings)
    .where(ofCreatorIn(performerId, range))
    .groupBy(day)
    .orderBy(day);
}
