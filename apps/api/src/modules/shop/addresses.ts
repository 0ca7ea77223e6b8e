import type { Address, DeliveryAddress, saveAddressSchema } from '@limelight/contracts';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { addresses } from '../../db/schema/shop';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, notFound } from '../../platform/errors';
import { isCountryCode } from '../lookups';

type SaveAddress = z.output<typeof saveAddressSchema>;
type AddressRow = typeof addresses.$inferSelect;

/** An address book holds at most this many addresses. */
export const MAX_ADDRESSES = 20;

function assertKnownCountry(input: SaveAddress) {
  if (!isCountryCode(input.country)) {
    throw badRequest(`country: ${input.country} is not a country we know`, [{ field: 'country', message: 'must be a known country' }]);
  }
}

/**
 * The first address is the default; making another the default takes it from the previous one
 * (in the same transaction: the unique index allows one default per person).
 */
async function settleDefault(tx: Queryable, ownerId: string, input: SaveAddress, exceptId?: string) {
  const others = and(eq(addresses.userId, ownerId), exceptId ? ne(addresses.id, exceptId) : undefined);
  if (input.isDefault) {
    await tx
      .update(addresses)
      .set({ isDefault: false })
      .where(and(others, eq(addresses.isDefault, true)));
    return true;
  }
  const [existing] = await tx
    .select({ value: count() })
    .from(addresses)
    .where(and(others, eq(addresses.isDefault, true)));
  return existing!.value === 0;
}

/** `POST /addresses/create`. */
export async function createAddress(deps: Deps, owner: SessionUser, input: SaveAddress) {
  assertKnownCountry(input);
  const row = await deps.db.transaction(async (tx) => {
    const [held] = await tx.select({ value: count() }).from(addresses).where(eq(addresses.userId, owner.id));
    if (held!.value >= MAX_ADDRESSES) {
      throw badRequest(`An address book holds at most ${MAX_ADDRESSES} addresses: remove one first`);
    }
    const isDefault = await settleDefault(tx, owner.id, input);
    const [created] = await tx
      .insert(addresses)
      .values({ ...input, isDefault, userId: owner.id })
      .returning();
    return created!;
  });
  return presentAddress(row);
}

/** `PUT /addresses/{id}`: only its owner; another person's address is not found. */
export async function updateAddress(deps: Deps, owner: SessionUser, id: string, input: SaveAddress) {
  assertKnownCountry(input);
  const row = await deps.db.transaction(async (tx) => {
    const existing = await ownAddress(tx, owner, id);
    const isDefault = existing.isDefault || (await settleDefault(tx, owner.id, input, id));
    const [updated] = await tx
      .update(addresses)
      .set({ ...input, isDefault })
      .where(eq(addresses.id, id))
      .returning();
    return updated!;
  });
  return presentAddress(row);
}

/** `DELETE /addresses/{id}`: a removed default passes to the newest address left. Orders keep their own copy. */
export async function deleteAddress(deps: Deps, owner: SessionUser, id: string) {
  await deps.db.transaction(async (tx) => {
    const existing = await ownAddress(tx, owner, id);
    await tx.delete(addresses).where(eq(addresses.id, id));
    if (!existing.isDefault) return;
    const [next] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, owner.id))
      .orderBy(desc(addresses.createdAt))
      .limit(1);
    if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
  });
}

/** `GET /addresses/search`: the owner's address book, the default first, then the newest. */
export async function listAddresses(deps: Deps, owner: SessionUser, page: { offset: number; limit: number }) {
  const where = eq(addresses.userId, owner.id);
  const { rows, total } = await pageOf(
    deps.db
      .select()
      .from(addresses)
      .where(where)
      .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id))
      .$dynamic(),
    page,
    deps.db.$count(addresses, where),
  );
  return { data: rows.map(presentAddress), total };
}

/** One of the owner's addresses, locked for the transaction; anyone else's is not found. */
export async function ownAddress(tx: Queryable, owner: SessionUser, id: string): Promise<AddressRow> {
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, owner.id)))
    .for('update');
  if (!row) throw notFound('Address');
  return row;
}

/** The copy of one of the owner's addresses an order keeps; anyone else's is refused, naming the field. */
export async function deliveryAddressFrom(db: Queryable, owner: SessionUser, addressId: string): Promise<DeliveryAddress> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, owner.id)));
  if (!row) throw badRequest('addressId: not one of your addresses', [{ field: 'addressId', message: 'must be one of your addresses' }]);
  return {
    name: row.name,
    country: row.country,
    state: row.state,
    city: row.city,
    street: row.street,
    postalCode: row.postalCode,
    phone: row.phone,
  };
}

function presentAddress(row: AddressRow): Address {
  return {
    _id: row.id,
    name: row.name,
    country: row.country,
    state: row.state,
    city: row.city,
    street: row.street,
    postalCode: row.postalCode,
    phone: row.phone,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
