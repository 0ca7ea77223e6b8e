import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { addresses, products } from '../../db/schema/shop';
import { type AdminRowFilters, adminRowPage, nullValue, statusOrDeleted } from '../../platform/admin-rows';

/** Products for the admin's console, of every status (decision 052). */
export const adminProductRows = (db: Queryable, filters: AdminRowFilters) =>
  adminRowPage(
    db,
    {
      table: products,
      select: {
        id: products.id,
        title: products.title,
        status: statusOrDeleted(products),
        ownerId: products.performerId,
        otherId: nullValue,
        amountCents: products.priceCents,
        count: products.stock,
        parentId: nullValue,
        parentType: products.type,
        createdAt: products.createdAt,
        updatedAt: products.updatedAt,
      },
      id: products.id,
      createdAt: products.createdAt,
      users: [products.performerId],
      status: products.status,
      text: [products.title, products.description],
    },
    filters,
  );

/** Delivery addresses for the admin's console: the address in one line. */
export const adminAddressRows = (db: Queryable, filters: AdminRowFilters) =>
  adminRowPage(
    db,
    {
      table: addresses,
      select: {
        id: addresses.id,
        title: sql`concat_ws(', ', ${addresses.name}, ${addresses.street}, ${addresses.city}, nullif(${addresses.state}, ''), nullif(${addresses.postalCode}, ''), ${addresses.country}, ${addresses.phone})`,
        status: sql`case when ${addresses.isDefault} then 'default' else null end`,
        ownerId: addresses.userId,
        otherId: nullValue,
        amountCents: nullValue,
        count: nullValue,
        parentId: nullValue,
        parentType: nullValue,
        createdAt: addresses.createdAt,
        updatedAt: addresses.updatedAt,
      },
      id: addresses.id,
      createdAt: addresses.createdAt,
      users: [addresses.userId],
      text: [addresses.name, addresses.city, addresses.street, addresses.country],
    },
    filters,
  );
