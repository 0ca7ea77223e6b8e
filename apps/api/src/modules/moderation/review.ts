import {
  NEW_CREATOR_REVIEW_DAYS,
  type PrePublicationType,
  type ReviewBeforePublicationMode,
  reviewBeforePublicationModes,
} from '@limelight/contracts';
import type { Queryable } from '../../db/client';
import { closeOpenCases, insertReviewHolds, liftReviewHolds, openCase, reviewFactsOf } from './repo';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What decides whether a creator is reviewed: their profile's verification date and the admin's flag. */
export type ReviewFacts = { verifiedAt: Date | null; reviewBeforePublication: boolean };

/**
 * Whether a creator's new content and profile changes wait for an admin before fans see them
 * (decision 054), the one answer to that question. `new` covers creators verified less than
 * NEW_CREATOR_REVIEW_DAYS ago (or not yet) and flagged ones; `flagged` only flagged ones.
 */
export function reviewedBeforePublication(mode: ReviewBeforePublicationMode, facts: ReviewFacts | undefined, now = new Date()) {
  if (mode === 'off' || !facts) return false;
  if (mode === 'all' || facts.reviewBeforePublication) return true;
  if (mode === 'flagged') return false;
  return !facts.verifiedAt || now.getTime() - facts.verifiedAt.getTime() < NEW_CREATOR_REVIEW_DAYS * DAY_MS;
}

const modeOf = (setting: string) =>
  (reviewBeforePublicationModes as readonly string[]).includes(setting) ? (setting as ReviewBeforePublicationMode) : 'off';

/** `reviewedBeforePublication` for a creator by id under the site's setting, reading their profile (no read at all when it is off). */
export async function isReviewedBeforePublication(db: Queryable, setting: string, creatorId: string) {
  const mode = modeOf(setting);
  if (mode === 'off') return false;
  return reviewedBeforePublication(mode, await reviewFactsOf(db, creatorId));
}

type Held = { targetType: PrePublicationType; targetId: string; ownerId: string; fileIds: string[] };

/**
 * Holds a new item and its files for review before publication and opens its case in the admin's
 * queue (a report without a reporter, reason `prePublication`). On an edit while it waits
 * (`opened`), only the files it now has are held too. A file already held (a re-upload) keeps its own hold.
 */
export async function holdForReview(tx: Queryable, item: Held, opened = false) {
  await insertReviewHolds(tx, item.ownerId, [
    { targetId: item.targetId, targetType: item.targetType },
    ...item.fileIds.map((targetId) => ({ targetId, targetType: 'file' })),
  ]);
  if (opened) return;
  await openCase(tx, {
    targetType: item.targetType,
    targetId: item.targetId,
    reason: 'prePublication',
    description: `A new ${item.targetType === 'feed' ? 'post' : item.targetType} by a creator reviewed before publication.`,
  });
}

/**
 * Holds the files of a creator's pending profile revision (decision 055): a new avatar, cover or
 * welcome video, whose links then refuse everyone but its owner and admins until approved.
 */
export async function holdFilesForReview(tx: Queryable, ownerId: string, fileIds: string[]) {
  if (fileIds.length)
    await insertReviewHolds(
      tx,
      ownerId,
      fileIds.map((targetId) => ({ targetId, targetType: 'file' })),
    );
}

/**
 * The creator deletes an item that waited for review: nothing is left to decide, so its holds go
 * and its queue case closes as dismissed (no admin handled it). Answers the audit entry the
 * caller records with the creator as actor (the audit module sits above this one), or nothing
 * for an item that did not wait.
 */
export async function withdrawFromReview(tx: Queryable, item: Omit<Held, 'ownerId'>) {
  if (!(await liftReviewHolds(tx, item.targetId, item.fileIds))) return undefined;
  await closeOpenCases(tx, { targetType: item.targetType, targetId: item.targetId, reason: 'prePublication' }, { status: 'dismissed' });
  return {
    action: 'review.withdraw',
    target: { type: item.targetType, id: item.targetId },
    reason: 'Deleted by its creator before review',
  };
}
