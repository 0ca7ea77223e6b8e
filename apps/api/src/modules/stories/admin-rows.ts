import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { stories } from '../../db/schema/stories';
import { type AdminRowFilters, adminRowPage, nullValue } from '../../platform/admin-rows';

/** Stories for the admin's console, expired ones too (decision 052). */
export const adminStoryRows = (db: Queryable, filters: AdminRowFilters) =>
  adminRowPage(
    db,
    {
      table: stories,
      select: {
        id: stories.id,
        title: sql`left(${stories.text}, 200)`,
        status: sql`case when ${stories.expiresAt} > now() then 'active' else 'expired' end`,
        ownerId: stories.performerId,
        otherId: nullValue,
        amountCents: nullValue,
        count: stories.likeCount,
        parentId: nullValue,
        parentType: stories.type,
        createdAt: stories.createdAt,
        updatedAt: stories.updatedAt,
      },
      id: stories.id,
      createdAt: stories.createdAt,
      users: [stories.performerId],
      status: sql`case when ${stories.expiresAt} > now() then 'active' else 'expired' end`,
      text: [stories.text],
    },
    filters,
  );
