import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { type HoldState, moderationHolds } from '../../db/schema/moderation';
import { openCase } from './cases';

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

/** An upload that matches removed material (decision 046): held for review, with a case in the admin's queue. */
export async function holdAsReupload(db: Queryable, file: { id: string; ownerId: string | null }) {
  await db
    .insert(moderationHolds)
    .values({ targetId: file.id, targetType: 'file', ownerId: file.ownerId, state: 'review', reason: 'Re-upload of removed material' })
    .onConflictDoNothing();
  await openCase(db, {
    targetType: 'reupload',
    targetId: file.id,
    reason: 'illegal',
    description: 'This upload matches removed material (perceptual hash).',
  });
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
