import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { follows } from '../../db/schema/follows';
import { type AdminRowFilters, adminRowPage, nullValue } from '../../platform/admin-rows';

/** Follows for the admin's console: the follower (owner) and the creator (other) (decision 052). */
export const adminFollowRows = (db: Queryable, filters: AdminRowFilters) =>
  adminRowPage(
    db,
    {
      table: follows,
      select: {
        id: follows.id,
        title: sql`'follows'`,
        status: nullValue,
        ownerId: follows.followerId,
        otherId: follows.performerId,
        amountCents: nullValue,
        count: nullValue,
        parentId: nullValue,
        parentType: nullValue,
        createdAt: follows.createdAt,
        updatedAt: nullValue,
      },
      id: follows.id,
      createdAt: follows.createdAt,
      users: [follows.followerId, follows.performerId],
      text: [],
    },
    filters,
  );
