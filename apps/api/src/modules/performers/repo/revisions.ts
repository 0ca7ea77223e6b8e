import { PROFILE_REVISION_CASE, type RevisedProfileText } from '@limelight/contracts';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { reports } from '../../../db/read/moderation';
import { performerProfileRevisions } from '../../../db/schema/performers';

/** The columns of a revision that hold a new file. */
type RevisionFileColumn = 'avatarFileId' | 'coverFileId' | 'welcomeVideoFileId';

const ofCreator = (creatorId: string) => eq(performerProfileRevisions.userId, creatorId);

/** Adds an empty revision for the creator unless they have one. */
export async function ensureRevision(tx: Queryable, creatorId: string) {
  await tx.insert(performerProfileRevisions).values({ userId: creatorId }).onConflictDoNothing();
}

/** The creator's revision row (pending or refused), locked for update in `tx` when `lock`. */
export async function revisionOf(db: Queryable, creatorId: string, lock = false) {
  const query = db.select().from(performerProfileRevisions).where(ofCreator(creatorId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Starts the creator's revision over as a fresh pending one, answering it. */
export async function restartRevision(tx: Queryable, creatorId: string) {
  const [fresh] = await tx
    .update(performerProfileRevisions)
    .set({ changes: {}, refusedReason: null, refusedAt: null, createdAt: new Date(), updatedAt: new Date() })
    .where(ofCreator(creatorId))
    .returning();
  return fresh!;
}

/** Saves the words the creator's revision asks for, answering it. */
export async function saveRevisionChanges(tx: Queryable, creatorId: string, changes: RevisedProfileText) {
  const [saved] = await tx
    .update(performerProfileRevisions)
    .set({ changes, updatedAt: new Date() })
    .where(ofCreator(creatorId))
    .returning();
  return saved!;
}

/** Puts a new file into one column of the creator's revision, answering it. */
export async function saveRevisionFile(tx: Queryable, creatorId: string, column: RevisionFileColumn, fileId: string) {
  const [saved] = await tx
    .update(performerProfileRevisions)
    .set({ [column]: fileId, updatedAt: new Date() })
    .where(ofCreator(creatorId))
    .returning();
  return saved!;
}

/** Refuses the creator's revision: its values and files are emptied, the reason kept. */
export async function markRevisionRefused(tx: Queryable, creatorId: string, reason: string) {
  await tx
    .update(performerProfileRevisions)
    .set({ changes: {}, avatarFileId: null, coverFileId: null, welcomeVideoFileId: null, refusedReason: reason, refusedAt: new Date() })
    .where(ofCreator(creatorId));
}

/** Deletes the creator's revision. */
export async function deleteRevision(tx: Queryable, creatorId: string) {
  await tx.delete(performerProfileRevisions).where(ofCreator(creatorId));
}

/** Deletes the creator's revision, answering it; none when there was none. */
export async function deleteRevisionReturning(tx: Queryable, creatorId: string) {
  const [row] = await tx.delete(performerProfileRevisions).where(ofCreator(creatorId)).returning();
  return row;
}

/** Whether the queue has an open case for the creator's revision. */
export async function hasOpenRevisionCase(db: Queryable, creatorId: string) {
  const [open] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.targetType, PROFILE_REVISION_CASE), eq(reports.targetId, creatorId), eq(reports.status, 'open')));
  return open !== undefined;
}
