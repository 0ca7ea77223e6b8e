import type { Queryable } from '../../db/client';
import { videos } from '../../db/schema/videos';
import { type AdminRowFilters, adminRowPage, nullValue, statusOrDeleted } from '../../platform/admin-rows';

/** Videos for the admin's console, of every status (decision 052). */
export const adminVideoRows = (db: Queryable, filters: AdminRowFilters) =>
  adminRowPage(
    db,
    {
      table: videos,
      select: {
        id: videos.id,
        title: videos.title,
        status: statusOrDeleted(videos),
        ownerId: videos.performerId,
        otherId: nullValue,
        amountCents: videos.priceCents,
        count: videos.viewCount,
        parentId: nullValue,
        parentType: nullValue,
        createdAt: videos.createdAt,
        updatedAt: videos.updatedAt,
      },
      id: videos.id,
      createdAt: videos.createdAt,
      users: [videos.performerId],
      status: videos.status,
      text: [videos.title, videos.description],
    },
    filters,
  );
