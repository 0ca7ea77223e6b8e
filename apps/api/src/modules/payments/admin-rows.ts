import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { paymentCards } from '../../db/schema/payments';
import { type AdminRowFilters, adminRowPage, nullValue } from '../../platform/admin-rows';

/**
 * Saved cards for the admin's console, masked: brand, last four digits and expiry. The gateway's
 * token never leaves this query (decision 052).
 */
export const adminCardRows = (db: Queryable, filters: AdminRowFilters) =>
  adminRowPage(
    db,
    {
      table: paymentCards,
      select: {
        id: paymentCards.id,
        title: sql`${paymentCards.brand} || ' •••• ' || ${paymentCards.last4} || ' exp ' || lpad(${paymentCards.expMonth}::text, 2, '0') || '/' || ${paymentCards.expYear}`,
        status: sql`case when ${paymentCards.isDefault} then 'default' else null end`,
        ownerId: paymentCards.userId,
        otherId: nullValue,
        amountCents: nullValue,
        count: nullValue,
        parentId: nullValue,
        parentType: paymentCards.gateway,
        createdAt: paymentCards.createdAt,
        updatedAt: nullValue,
      },
      id: paymentCards.id,
      createdAt: paymentCards.createdAt,
      users: [paymentCards.userId],
      text: [paymentCards.brand, paymentCards.last4, paymentCards.holderName],
    },
    filters,
  );
