import { ErrorCode } from '@limelight/contracts';
import type { Queryable } from '../../db/client';
import type { SessionUser } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { isPrivileged } from './creators';
import { blockedPairs } from './messaging';

/** A comment's author, the creator whose content it is under, and admins may delete it (domain rules). */
export const mayDeleteComment = (viewer: SessionUser | undefined, comment: { authorId: string; ownerId: string }) =>
  !!viewer && (viewer.id === comment.authorId || isPrivileged(viewer, comment.ownerId));

/**
 * Who may reply to or like a comment: whoever may comment on the item it is under (the caller
 * checks that first), unless they and the comment's author blocked each other, either way.
 */
export async function assertMayAnswerComment(db: Queryable, viewer: SessionUser, comment: { authorId: string }) {
  const reason = (await blockedPairs(db, viewer, [comment.authorId])).get(comment.authorId);
  if (reason) throw new AppError(403, ErrorCode.forbidden, `${reason}: you cannot reply to or like their comments`);
}
