import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { feeds } from '../../db/schema/feeds';
import { type AdminRowFilters, adminRowPage, nullValue, statusOrDeleted } from '../../platform/admin-rows';

/** Posts for the admin's console, of every status (decision 052). */
export const adminPostRows = (db: Queryable, filters: AdminRowFilters) =>
  adminRowPage(
    db,
    {
      table: feeds,
      select: {
        id: feeds.id,
        title: sql`left(${feeds.text}, 200)`,
        status: statusOrDeleted(feeds),
        ownerId: feeds.performerId,
        otherId: nullValue,
        amountCents: feeds.priceCents,
        count: feeds.commentCount,
        parentId: nullValue,
        parentType: feeds.type,
        createdAt: feeds.createdAt,
        updatedAt: feeds.updatedAt,
      },
      id: feeds.id,
      createdAt: feeds.createdAt,
      users: [feeds.performerId],
      status: feeds.status,
      text: [feeds.text],
    },
    filters,
  );
