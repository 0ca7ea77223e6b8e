import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** `accessFrom`'s "anyone what is for sale at price 0", as SQL over an item's table: what a visitor sees in full. */
export const openToEveryone = (item: { isSale: AnyPgColumn; priceCents: AnyPgColumn }) => sql`(${item.isSale} and ${item.priceCents} = 0)`;
