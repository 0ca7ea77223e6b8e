import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { userBlocks } from '../../db/schema/blocks';
import { type AdminRowFilters, adminRowPage, nullValue } from '../../platform/admin-rows';

/** Block lists for the admin's console: who blocked (owner) whom (other), and why (decision 052). */
export const adminBlockRows = (db: Queryable, filters: AdminRowFilters) =>
  adminRowPage(
    db,
    {
      table: userBlocks,
      select: {
        id: userBlocks.id,
        title: sql`coalesce(${userBlocks.reason}, '')`,
        status: nullValue,
        ownerId: userBlocks.blockerId,
        otherId: userBlocks.targetId,
        amountCents: nullValue,
        count: nullValue,
        parentId: nullValue,
        parentType: nullValue,
        createdAt: userBlocks.createdAt,
        updatedAt: nullValue,
      },
      id: userBlocks.id,
      createdAt: userBlocks.createdAt,
      users: [userBlocks.blockerId, userBlocks.targetId],
      text: [sql`coalesce(${userBlocks.reason}, '')`],
    },
    filters,
  );
