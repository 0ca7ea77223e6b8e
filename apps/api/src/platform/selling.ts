import { chargeTypes, commentObjectTypes, walletChargeRouteTypes } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Queryable } from '../db/client';
import type { Sale, Sellable, Sellables } from '../deps';
import { conflict } from './errors';

/** Documented types (the contracts' list, which clients know) that `registered` lacks: a mistake in `app.ts`. */
const lacking = (documented: readonly string[], registered: string[], what: string) =>
  documented.filter((type) => !registered.includes(type)).map((type) => `${type} is documented but not ${what}`);

/**
 * The registry of `list`, checked when the app is built: two sellables of one type, or a type the
 * API's document promises (`chargeTypes`, `walletChargeRouteTypes`, `commentObjectTypes`) with no
 * sellable doing it, stop the start.
 */
export function sellablesOf(list: Sellable[]): Sellables {
  const byType = new Map<string, Sellable>();
  for (const sellable of list) {
    if (byType.has(sellable.type)) throw new Error(`Two sellables of type ${sellable.type}`);
    byType.set(sellable.type, sellable);
  }
  const where = (test: (sellable: Sellable) => unknown) => list.filter(test).map((sellable) => sellable.type);
  const [types, sold, commentable] = [where(() => true), where((sellable) => sellable.sell), where((sellable) => sellable.comments)];
  const problems = [
    ...lacking(chargeTypes, types, 'registered'),
    ...lacking(walletChargeRouteTypes, sold, 'sold through the wallet'),
    ...lacking(commentObjectTypes, commentable, 'commentable'),
  ];
  if (problems.length) throw new Error(`Sellables: ${problems.join('; ')}`);
  return {
    get: (type) => byType.get(type),
    of: (type) => {
      const sellable = byType.get(type);
      if (!sellable) throw new Error(`No sellable of type ${type}`);
      return sellable;
    },
    // Never empty: the documented lists above are not, and each is checked against its registered one.
    types: types as [string, ...string[]],
    sold: sold as [string, ...string[]],
    commentable: commentable as [string, ...string[]],
    reportable: where((sellable) => sellable.moderation),
  };
}

/** An item sold once (a post, a video, a gallery, a paid message), as its seller found it for the fan. */
export function itemSale(item: { id: string; performerId: string; isSale: boolean; priceCents: number }): Sale {
  if (!item.isSale) throw conflict('This is for subscribers: subscribe to see it');
  if (item.priceCents === 0) throw conflict('This is free: there is nothing to pay');
  return { performerId: item.performerId, priceCents: item.priceCents, itemId: item.id, once: true };
}

/**
 * A route's enum of types: the documented ones, in the contracts' order (so the API's document is
 * the same whatever is registered), then any more registered (a seller added in the tests alone).
 */
export const typesEnum = (documented: readonly string[], registered: string[]) =>
  z.enum([...documented, ...registered.filter((type) => !documented.includes(type))] as [string, ...string[]]);

/** The creator a row of `table` (with `id` and `performer_id`) belongs to: a `Sellable`'s `comments.owner`. */
export const performerOf = (table: PgTable) => async (db: Queryable, id: string) => {
  const { rows } = (await db.execute(sql`select performer_id from ${table} where id = ${id}::uuid`)) as unknown as {
    rows: Array<{ performer_id: string }>;
  };
  return rows[0]?.performer_id;
};
