import type { Queryable } from '../../db/client';
import { streamSessions } from '../../db/schema/streaming';
import { type AdminRowFilters, adminRowPage, nullValue } from '../../platform/admin-rows';

/** Live sessions for the admin's console; `parentId` is the session's chat (decision 052). */
export const adminLiveSessionRows = (db: Queryable, filters: AdminRowFilters) =>
  adminRowPage(
    db,
    {
      table: streamSessions,
      select: {
        id: streamSessions.id,
        title: streamSessions.title,
        status: streamSessions.status,
        ownerId: streamSessions.performerId,
        otherId: nullValue,
        amountCents: streamSessions.priceCents,
        count: streamSessions.peakViewerCount,
        parentId: streamSessions.conversationId,
        parentType: streamSessions.access,
        createdAt: streamSessions.createdAt,
        updatedAt: streamSessions.updatedAt,
      },
      id: streamSessions.id,
      createdAt: streamSessions.createdAt,
      users: [streamSessions.performerId],
      status: streamSessions.status,
      text: [streamSessions.title, streamSessions.description],
    },
    filters,
  );
