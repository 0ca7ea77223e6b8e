import type { orderQuerySchema } from '@limelight/contracts';
import { and, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../../db/client';
import { pageOf } from '../../../db/paging';
import { users } from '../../../db/read/users';
import { orders, products } from '../../../db/schema/shop';
import { escapeLike, orderBy } from '../../../platform/http';

/** Whose orders a list shows: a buyer's, a seller's, or all (the admin's). */
export type OrderScope = { buyerId: string } | { performerId: string } | 'all';

/** Places an order. */
export const insertOrder = (tx: Queryable, values: typeof orders.$inferInsert) => tx.insert(orders).values(values);

/**
 * Before a refund moves money back: the stock row of the product the charge ordered, locked as a
 * purchase locks it (the stock, then the wallets). Taken in the other order, a refund and a
 * purchase of the same product deadlock (the chaos test saw PostgreSQL abort one with a 500).
 */
export async function lockOrderedStock(tx: Queryable, chargeId: string) {
  await tx.execute(
    sql`select 1 from ${products} where ${products.id} = (select ${orders.productId} from ${orders} where ${orders.chargeId} = ${chargeId}) for update`,
  );
}

/** Marks the order this charge paid refunded; returns it, none when there is none. */
export async function markOrderRefunded(tx: Queryable, chargeId: string) {
  const [order] = await tx.update(orders).set({ deliveryStatus: 'refunded' }).where(eq(orders.chargeId, chargeId)).returning();
  return order;
}

/** One page of orders in the scope, filtered by delivery status and by product name or order number, with the count. */
export function ordersPage(db: Queryable, scope: OrderScope, query: z.output<typeof orderQuerySchema>) {
  const conditions: Array<SQL | undefined> = [
    scope === 'all' ? undefined : 'buyerId' in scope ? eq(orders.buyerId, scope.buyerId) : eq(orders.performerId, scope.performerId),
    query.deliveryStatus ? eq(orders.deliveryStatus, query.deliveryStatus) : undefined,
  ];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(
      or(sql`${orders.product}->>'name' ilike ${pattern}`, ilike(sql`'L-' || lpad(${orders.number}::text, 6, '0')`, pattern)),
    );
  }
  const where = and(...conditions);
  const sortable = { createdAt: orders.createdAt, totalPrice: orders.totalCents };
  return pageOf(
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(...orderBy(sortable, query.sortBy, query.sort, orders.id))
      .$dynamic(),
    query,
    db.$count(orders, where),
  );
}

/** One order by its id, optionally locked for a change. */
export async function orderById(db: Queryable, id: string, lock = false) {
  const query = db.select().from(orders).where(eq(orders.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Saves an order's changes; returns its row. */
export async function saveOrder(tx: Queryable, id: string, changes: Partial<typeof orders.$inferInsert>) {
  const [updated] = await tx.update(orders).set(changes).where(eq(orders.id, id)).returning();
  return updated!;
}

/** Where the buyer's e-mail goes, and their name. */
export async function buyerContactOf(tx: Queryable, buyerId: string) {
  const [buyer] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, buyerId));
  return buyer;
}

/** How many orders, not refunded, this user placed for this product. */
export async function orderCountOf(db: Queryable, productId: string, userId: string) {
  const [bought] = await db
    .select({ value: count() })
    .from(orders)
    .where(and(eq(orders.productId, productId), eq(orders.buyerId, userId), sql`${orders.deliveryStatus} <> 'refunded'`));
  return bought!.value;
}
