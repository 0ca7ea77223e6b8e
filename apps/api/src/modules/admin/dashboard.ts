import { type AdminDashboard, type AdminDashboardDay, fromCents } from '@limelight/contracts';
import type { Deps } from '../../deps';
import { ledgerFiguresByDay } from '../money';
import { payoutsToPay } from '../payouts';
import { verificationQueue, verifiedByDay } from '../performers';
import { openReportsQueue } from '../reports';
import { activeSubscriptionCount, subscriptionsStartedByDay } from '../subscriptions';
import { signUpsByDay } from '../users';

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
type Figure = Exclude<keyof AdminDashboardDay, 'date'>;
const figures: Figure[] = ['fans', 'creators', 'verifiedCreators', 'subscriptions', 'revenue', 'fees', 'payouts', 'refunds'];

/**
 * The operator's overview over the last `days` UTC days, today included (decision 051). Money from
 * the ledger through the money module; counts from each module's own tables through its index.
 */
export async function adminDashboard(deps: Deps, days: number): Promise<AdminDashboard> {
  const today = new Date(`${isoDay(new Date())}T00:00:00Z`);
  const since = new Date(today.getTime() - (days - 1) * DAY_MS);
  const db = deps.db;
  const [money, signUps, verified, started, activeSubscriptions, reports, verification, payouts] = await Promise.all([
    ledgerFiguresByDay(db, since),
    signUpsByDay(db, since),
    verifiedByDay(db, since),
    subscriptionsStartedByDay(db, since),
    activeSubscriptionCount(db),
    openReportsQueue(db),
    verificationQueue(db),
    payoutsToPay(db),
  ]);
  const series: AdminDashboardDay[] = Array.from({ length: days }, (_, index) => {
    const date = isoDay(new Date(since.getTime() + index * DAY_MS));
    const on = <T extends { date: string }>(rows: T[]) => rows.filter((row) => row.date === date);
    const ledger = on(money)[0];
    const countOf = (rows: Array<{ date: string; count: number }>) => on(rows).reduce((sum, row) => sum + row.count, 0);
    return {
      date,
      fans: on(signUps)[0]?.fans ?? 0,
      creators: on(signUps)[0]?.creators ?? 0,
      verifiedCreators: countOf(verified),
      subscriptions: countOf(started),
      revenue: fromCents(ledger?.revenueCents ?? 0),
      fees: fromCents(ledger?.feesCents ?? 0),
      payouts: fromCents(ledger?.payoutsCents ?? 0),
      refunds: fromCents(ledger?.refundsCents ?? 0),
    };
  });
  // Totals from the cents, so that rounding each day cannot drift the sum.
  const centsTotal = (key: 'revenueCents' | 'feesCents' | 'payoutsCents' | 'refundsCents') =>
    fromCents(money.reduce((sum, row) => sum + row[key], 0));
  const totals = Object.fromEntries(figures.map((key) => [key, series.reduce((sum, day) => sum + day[key], 0)])) as Record<Figure, number>;
  return {
    days,
    from: isoDay(since),
    series,
    totals: {
      ...totals,
      revenue: centsTotal('revenueCents'),
      fees: centsTotal('feesCents'),
      payouts: centsTotal('payoutsCents'),
      refunds: centsTotal('refundsCents'),
    },
    activeSubscriptions,
    queues: {
      reports: { open: reports.open, oldestAt: reports.oldestAt?.toISOString() ?? null, overdue: reports.overdue },
      verification: { waiting: verification.waiting, oldestAt: verification.oldestAt?.toISOString() ?? null },
      payouts: { count: payouts.count, amount: fromCents(payouts.amountCents) },
    },
  };
}
