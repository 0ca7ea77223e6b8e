import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { type Page, pageOf } from '../../../db/paging';
import { addresses } from '../../../db/schema/shop';
import { type AdminRowFilters, adminRowPage, nullValue } from '../../../platform/admin-rows';

type AddressValues = Omit<typeof addresses.$inferInsert, 'userId' | 'isDefault'>;

/** The owner's addresses but `exceptId`. */
const othersOf = (ownerId: string, exceptId?: string) =>
  and(eq(addresses.userId, ownerId), exceptId ? ne(addresses.id, exceptId) : undefined);

/** Takes the default from the owner's other addresses (the unique index allows one default per person). */
export const clearDefault = (tx: Queryable, ownerId: string, exceptId?: string) =>
  tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(othersOf(ownerId, exceptId), eq(addresses.isDefault, true)));

/** How many of the owner's other addresses are the default (none or one). */
export async function defaultCount(tx: Queryable, ownerId: string, exceptId?: string) {
  const [existing] = await tx
    .select({ value: count() })
    .from(addresses)
    .where(and(othersOf(ownerId, exceptId), eq(addresses.isDefault, true)));
  return existing!.value;
}

/** How many addresses the owner's book holds. */
export async function addressCount(tx: Queryable, ownerId: string) {
  const [held] = await tx.select({ value: count() }).from(addresses).where(eq(addresses.userId, ownerId));
  return held!.value;
}

/** Adds an address to the owner's book; returns its row. */
export async function insertAddress(tx: Queryable, ownerId: string, values: AddressValues, isDefault: boolean) {
  const [created] = await tx
    .insert(addresses)
    .values({ ...values, isDefault, userId: ownerId })
    .returning();
  return created!;
}

/** Saves an address's fields; returns its row. */
export async function saveAddress(tx: Queryable, id: string, values: AddressValues, isDefault: boolean) {
  const [updated] = await tx
    .update(addresses)
    .set({ ...values, isDefault })
    .where(eq(addresses.id, id))
    .returning();
  return updated!;
}

/** Removes an address from its book. */
export const deleteAddressRow = (tx: Queryable, id: string) => tx.delete(addresses).where(eq(addresses.id, id));

/** The owner's newest address, if any. */
export async function newestAddressOf(tx: Queryable, ownerId: string) {
  const [next] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(eq(addresses.userId, ownerId))
    .orderBy(desc(addresses.createdAt))
    .limit(1);
  return next;
}

/** Makes this address its owner's default. */
export const makeDefault = (tx: Queryable, id: string) => tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, id));

/** One page of the owner's address book, the default first, then the newest, with the count. */
export function addressBookPage(db: Queryable, ownerId: string, page: Page) {
  const where = eq(addresses.userId, ownerId);
  return pageOf(
    db.select().from(addresses).where(where).orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id)).$dynamic(),
    page,
    db.$count(addresses, where),
  );
}

/** One of the owner's addresses, locked for the transaction; none when it is anyone else's. */
export async function lockOwnAddress(tx: Queryable, ownerId: string, id: string) {
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, ownerId)))
    .for('update');
  return row;
}

/** One of the owner's addresses; none when it is anyone else's. */
export async function ownAddressRow(db: Queryable, ownerId: string, id: string) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, ownerId)));
  return row;
}

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
