import type { SessionUser } from '../../platform/auth';
import { isPrivileged } from './creators';

/** A comment's author, the creator whose content it is under, and admins may delete it (domain rules). */
export const mayDeleteComment = (viewer: SessionUser | undefined, comment: { authorId: string; ownerId: string }) =>
  !!viewer && (viewer.id === comment.authorId || isPrivileged(viewer, comment.ownerId));
