import type { Address, DeliveryAddress, saveAddressSchema } from '@limelight/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { addresses } from '../../db/schema/shop';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, notFound } from '../../platform/errors';
import { isCountryCode } from '../lookups';
import {
  addressBookPage,
  addressCount,
  clearDefault,
  defaultCount,
  deleteAddressRow,
  insertAddress,
  lockOwnAddress,
  makeDefault,
  newestAddressOf,
  ownAddressRow,
  saveAddress,
} from './repo/addresses';

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
  if (input.isDefault) {
    await clearDefault(tx, ownerId, exceptId);
    return true;
  }
  return (await defaultCount(tx, ownerId, exceptId)) === 0;
}

/** `POST /addresses/create`. */
export async function createAddress(deps: Deps, owner: SessionUser, input: SaveAddress) {
  assertKnownCountry(input);
  const row = await deps.db.transaction(async (tx) => {
    if ((await addressCount(tx, owner.id)) >= MAX_ADDRESSES) {
      throw badRequest(`An address book holds at most ${MAX_ADDRESSES} addresses: remove one first`);
    }
    const isDefault = await settleDefault(tx, owner.id, input);
    return insertAddress(tx, owner.id, input, isDefault);
  });
  return presentAddress(row);
}

/** `PUT /addresses/{id}`: only its owner; another person's address is not found. */
export async function updateAddress(deps: Deps, owner: SessionUser, id: string, input: SaveAddress) {
  assertKnownCountry(input);
  const row = await deps.db.transaction(async (tx) => {
    const existing = await ownAddress(tx, owner, id);
    const isDefault = existing.isDefault || (await settleDefault(tx, owner.id, input, id));
    return saveAddress(tx, id, input, isDefault);
  });
  return presentAddress(row);
}

/** `DELETE /addresses/{id}`: a removed default passes to the newest address left. Orders keep their own copy. */
export async function deleteAddress(deps: Deps, owner: SessionUser, id: string) {
  await deps.db.transaction(async (tx) => {
    const existing = await ownAddress(tx, owner, id);
    await deleteAddressRow(tx, id);
    if (!existing.isDefault) return;
    const next = await newestAddressOf(tx, owner.id);
    if (next) await makeDefault(tx, next.id);
  });
}

/** `GET /addresses/search`: the owner's address book, the default first, then the newest. */
export async function listAddresses(deps: Deps, owner: SessionUser, page: { offset: number; limit: number }) {
  const { rows, total } = await addressBookPage(deps.db, owner.id, page);
  return { data: rows.map(presentAddress), total };
}

/** One of the owner's addresses, locked for the transaction; anyone else's is not found. */
export async function ownAddress(tx: Queryable, owner: SessionUser, id: string): Promise<AddressRow> {
  const row = await lockOwnAddress(tx, owner.id, id);
  if (!row) throw notFound('Address');
  return row;
}

/** The copy of one of the owner's addresses an order keeps; anyone else's is refused, naming the field. */
export async function deliveryAddressFrom(db: Queryable, owner: SessionUser, addressId: string): Promise<DeliveryAddress> {
  const row = await ownAddressRow(db, owner.id, addressId);
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
