import { PRE_PUBLICATION_REASON } from '@limelight/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { performerProfiles } from '../../db/read/users';
import { type HoldState, moderationHolds, type ReportStatus, reports, takedownCases } from '../../db/schema/moderation';

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

/** The next number of the takedown case sequence. */
export async function nextTakedownNumber(tx: Queryable) {
  const seq = await tx.execute(sql`select nextval('takedown_case_numbers') as n`);
  return (seq.rows[0] as { n: string }).n as unknown as number;
}

/** Records a takedown notice under its case number; answers its row. */
export async function insertTakedownCase(tx: Queryable, notice: Omit<typeof takedownCases.$inferInsert, 'id' | 'createdAt'>) {
  const [row] = await tx.insert(takedownCases).values(notice).returning();
  return row!;
}

type HoldTarget = { targetId: string; targetType: string; ownerId: string | null };

/** Lifts every hold on these targets (restored content, an upheld appeal's opposite, dropped files); answers the holds lifted. */
export async function liftHolds(tx: Queryable, targetIds: string[]) {
  if (!targetIds.length) return [];
  return tx.delete(moderationHolds).where(inArray(moderationHolds.targetId, targetIds)).returning();
}

/**
 * An admin hides or removes content and its files (decision 046). A hold already there takes the
 * new decision, which ends a review before publication (then a hold only an admin lifts,
 * decision 054) and any appeal of the earlier one.
 */
export async function placeHolds(
  tx: Queryable,
  targets: HoldTarget[],
  decision: { state: Exclude<HoldState, 'review'>; reason: string; buyersKeep: boolean; actedBy: string },
) {
  await tx
    .insert(moderationHolds)
    .values(targets.map((target) => ({ ...target, ...decision })))
    .onConflictDoUpdate({
      target: moderationHolds.targetId,
      set: {
        ...decision,
        prePublication: false,
        appealText: null,
        appealedAt: null,
        appealDecision: null,
        appealDecidedAt: null,
      },
    });
}

/** Holds an upload that matches removed material for review; a file already held keeps its hold. */
export async function insertReuploadHold(db: Queryable, file: { id: string; ownerId: string | null }) {
  await db
    .insert(moderationHolds)
    .values({ targetId: file.id, targetType: 'file', ownerId: file.ownerId, state: 'review', reason: 'Re-upload of removed material' })
    .onConflictDoNothing();
}

/** The owner's one appeal of a hold, with their text. */
export async function recordAppeal(tx: Queryable, targetId: string, text: string) {
  await tx.update(moderationHolds).set({ appealText: text, appealedAt: new Date() }).where(eq(moderationHolds.targetId, targetId));
}

/** The admin keeps the hold an appeal was about, with the reason the owner reads. */
export async function upholdAppeal(tx: Queryable, targetId: string, reason: string) {
  await tx
    .update(moderationHolds)
    .set({ appealDecision: `upheld: ${reason}`, appealDecidedAt: new Date() })
    .where(eq(moderationHolds.targetId, targetId));
}

/** What decides whether a creator is reviewed, read off their profile: its verification date and the admin's flag. */
export async function reviewFactsOf(db: Queryable, creatorId: string) {
  const [facts] = await db
    .select({ verifiedAt: performerProfiles.verifiedAt, reviewBeforePublication: performerProfiles.reviewBeforePublication })
    .from(performerProfiles)
    .where(eq(performerProfiles.userId, creatorId));
  return facts;
}

/** Whether this item waits for review before publication (its owner may then still edit it). */
export async function waitsForReview(db: Queryable, id: string) {
  const [row] = await db
    .select({ id: moderationHolds.targetId })
    .from(moderationHolds)
    .where(and(eq(moderationHolds.targetId, id), eq(moderationHolds.prePublication, true)));
  return !!row;
}

/** Lifts the pre-publication holds on an item and its files (never another hold on one of them); the item's was there. */
export async function liftReviewHolds(tx: Queryable, targetId: string, fileIds: string[]) {
  const lifted = await tx
    .delete(moderationHolds)
    .where(and(inArray(moderationHolds.targetId, [targetId, ...fileIds]), eq(moderationHolds.prePublication, true)))
    .returning({ id: moderationHolds.targetId });
  return lifted.some((row) => row.id === targetId);
}

/** Pre-publication `review` holds on these targets; one already held (a re-upload's hold) keeps its own. */
export async function insertReviewHolds(tx: Queryable, ownerId: string, targets: Array<{ targetId: string; targetType: string }>) {
  await tx
    .insert(moderationHolds)
    .values(
      targets.map((target) => ({ ...target, ownerId, state: 'review' as const, reason: PRE_PUBLICATION_REASON, prePublication: true })),
    )
    .onConflictDoNothing();
}

/** Lifts the pre-publication holds of these files (a re-upload hold on one of them stays). */
export async function liftFileReviewHolds(tx: Queryable, fileIds: string[]) {
  if (!fileIds.length) return;
  await tx.delete(moderationHolds).where(and(inArray(moderationHolds.targetId, fileIds), eq(moderationHolds.prePublication, true)));
}
