import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { subscriptions } from '../../db/schema/subscriptions';
import { type AdminRowFilters, adminRowPage, nullValue } from '../../platform/admin-rows';

const until = sql`coalesce(', until ' || to_char(${subscriptions.expiredAt} at time zone 'UTC', 'YYYY-MM-DD'), '')`;

/** Subscriptions for the admin's console: the fan (owner), the creator (other), status, dates, price (decision 052). */
export const adminSubscriptionRows = (db: Queryable, filters: AdminRowFilters) =>
  adminRowPage(
    db,
    {
      table: subscriptions,
      select: {
        id: subscriptions.id,
        title: sql`${subscriptions.type} || coalesce(' via ' || ${subscriptions.gateway}, '') || ${until}`,
        status: subscriptions.status,
        ownerId: subscriptions.userId,
        otherId: subscriptions.performerId,
        amountCents: subscriptions.priceCents,
        count: nullValue,
        parentId: nullValue,
        parentType: subscriptions.type,
        createdAt: subscriptions.createdAt,
        updatedAt: subscriptions.updatedAt,
      },
      id: subscriptions.id,
      createdAt: subscriptions.createdAt,
      users: [subscriptions.userId, subscriptions.performerId],
      status: subscriptions.status,
      text: [subscriptions.type],
    },
    filters,
  );
