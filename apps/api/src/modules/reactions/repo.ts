import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { reactions } from '../../db/schema';
import type { SessionUser } from '../../platform/auth';

/** Which of these objects the viewer liked or bookmarked, in one query. */
export async function viewerReactions(db: Queryable, viewer: SessionUser | undefined, objectType: string, objectIds: string[]) {
  const rows =
    viewer && objectIds.length
      ? await db
          .select({ objectId: reactions.objectId, action: reactions.action })
          .from(reactions)
          .where(and(eq(reactions.userId, viewer.id), eq(reactions.objectType, objectType), inArray(reactions.objectId, objectIds)))
      : [];
  return (objectId: string, action: 'like' | 'bookmark') => rows.some((row) => row.objectId === objectId && row.action === action);
}
