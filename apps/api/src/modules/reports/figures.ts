import { count, eq, lt, min, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { reports } from '../../db/read/moderation';

/** Reports are to be resolved within 7 days (issue 27): older open ones are overdue. */
export const REPORT_LIMIT_DAYS = 7;

/** Open reports: how many, since when the oldest waits, how many are overdue (the reports_status_created index). */
export async function openReportsQueue(db: Queryable) {
  const [row] = await db
    .select({
      open: count(),
      oldestAt: min(reports.createdAt),
      overdue:
        sql<number>`count(*) filter (where ${lt(reports.createdAt, sql`now() - make_interval(days => ${REPORT_LIMIT_DAYS})`)})`.mapWith(
          Number,
        ),
    })
    .from(reports)
    .where(eq(reports.status, 'open'));
  return { open: row?.open ?? 0, oldestAt: row?.oldestAt ?? null, overdue: row?.overdue ?? 0 };
}
