import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { comments } from '../../db/schema/comments';
import { type AdminRowFilters, adminRowPage, nullValue } from '../../platform/admin-rows';

/** Comments for the admin's console, with what they are on (decision 052). */
export const adminCommentRows = (db: Queryable, filters: AdminRowFilters) =>
  adminRowPage(
    db,
    {
      table: comments,
      select: {
        id: comments.id,
        title: sql`left(${comments.content}, 200)`,
        status: sql`case when ${comments.deletedAt} is not null then 'deleted' else 'active' end`,
        ownerId: comments.userId,
        otherId: nullValue,
        amountCents: nullValue,
        count: comments.replyCount,
        parentId: comments.objectId,
        parentType: comments.objectType,
        createdAt: comments.createdAt,
        updatedAt: comments.updatedAt,
      },
      id: comments.id,
      createdAt: comments.createdAt,
      users: [comments.userId],
      status: sql`case when ${comments.deletedAt} is not null then 'deleted' else 'active' end`,
      parent: comments.objectId,
      text: [comments.content],
    },
    filters,
  );
