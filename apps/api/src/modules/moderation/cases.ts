import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { type ReportStatus, reports, takedownCases } from '../../db/schema/moderation';

/**
 * The admin's queue is made of reports (decision 046): a user's, or a case the site opens itself
 * (without a reporter): a review before publication, a re-upload of removed material, a takedown
 * notice, a profile revision.
 */
export async function openCase(
  tx: Queryable,
  report: Pick<typeof reports.$inferInsert, 'targetType' | 'targetId' | 'reason' | 'description'> & { reporterId?: string },
) {
  await tx.insert(reports).values({ reporterId: null, ...report });
}

/**
 * Closes the open reports on a target (of one type, or of any; of one reason, or of any) as
 * resolved or dismissed, by an admin or by nobody (the creator withdrew what waited); answers them.
 */
export async function closeOpenCases(
  tx: Queryable,
  target: { targetId: string; targetType?: string; reason?: string },
  outcome: { status: Exclude<ReportStatus, 'open'>; handledBy?: string },
) {
  return tx
    .update(reports)
    .set({ status: outcome.status, handledBy: outcome.handledBy ?? null, handledAt: new Date() })
    .where(
      and(
        eq(reports.targetId, target.targetId),
        eq(reports.status, 'open'),
        target.targetType ? eq(reports.targetType, target.targetType) : undefined,
        target.reason ? eq(reports.reason, target.reason) : undefined,
      ),
    )
    .returning({ reporterId: reports.reporterId, targetType: reports.targetType });
}

/** An admin sets one report's status (reopening it clears who handled it); answers it, or undefined. */
export async function setCaseStatus(tx: Queryable, id: string, status: ReportStatus, adminId: string) {
  const [row] = await tx
    .update(reports)
    .set({ status, handledBy: status === 'open' ? null : adminId, handledAt: status === 'open' ? null : new Date() })
    .where(eq(reports.id, id))
    .returning();
  return row;
}

const caseNumberOf = (n: number | bigint, at: Date) => `LL-${at.getUTCFullYear()}-${String(n).padStart(6, '0')}`;

/** A takedown notice gets the next case number (`LL-<year>-<six digits>`); answers its row. */
export async function openTakedownCase(tx: Queryable, notice: Omit<typeof takedownCases.$inferInsert, 'caseNumber' | 'id' | 'createdAt'>) {
  const seq = await tx.execute(sql`select nextval('takedown_case_numbers') as n`);
  const caseNumber = caseNumberOf((seq.rows[0] as { n: string }).n as unknown as number, new Date());
  const [row] = await tx
    .insert(takedownCases)
    .values({ ...notice, caseNumber })
    .returning();
  return row!;
}
