import type { performerProductQuerySchema, productSearchQuerySchema } from '@limelight/contracts';
import { and, asc, eq, gte, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../../db/client';
import { files } from '../../../db/read/media';
import { purchasedItems } from '../../../db/read/money';
import { orders, productImages, products } from '../../../db/schema/shop';
import type { Deps } from '../../../deps';
import { type AdminRowFilters, adminRowPage, nullValue, statusOrDeleted } from '../../../platform/admin-rows';
import type { SessionUser } from '../../../platform/auth';
import { escapeLike } from '../../../platform/http';
import { keepSoldOnes, libraryPage, lockedItemsOf, ownedBy, ownItem, shownTo, visibleItem } from '../../library';

type ProductRow = typeof products.$inferSelect;
type ProductValues = Partial<typeof products.$inferInsert>;
type ProductQuery = z.output<typeof productSearchQuerySchema>;
/** A list of products as either screen asks for it: the shop's or the creator's own (which may sort by last change). */
type ProductPageQuery = Omit<ProductQuery, 'performerId' | 'sortBy'> & { sortBy: z.output<typeof performerProductQuerySchema>['sortBy'] };
type Present<P> = (rows: ProductRow[]) => Promise<P[]>;

/** One product by its id, deleted or not. */
export async function productById(db: Queryable, id: string) {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row;
}

/** Products by their ids, in no order. */
export const productsByIds = (db: Queryable, ids: string[]) => db.select().from(products).where(inArray(products.id, ids));

/** One product on sale to a visitor: active, not deleted and its creator listed, unless the viewer owns it or is an admin. */
export const visibleProduct = (db: Queryable, viewer: SessionUser | undefined, id: string) =>
  visibleItem(db, products, viewer, id, 'Product');

/** The creator's own product (any state but deleted), optionally locked for a change; else 404. */
export const ownProductRow = (db: Queryable, performer: SessionUser, id: string, forUpdate = false) =>
  ownItem(db, products, performer, id, 'Product', forUpdate);

/** All of a creator's products not deleted yet, locked. */
export const lockedProductsOf = (tx: Queryable, performerId: string) => lockedItemsOf(tx, products, performerId);

/** Creates a product; returns its row. */
export async function insertProduct(tx: Queryable, values: typeof products.$inferInsert) {
  const [saved] = await tx.insert(products).values(values).returning();
  return saved!;
}

/** Saves a product's fields; returns its row. */
export async function saveProductRow(tx: Queryable, id: string, values: ProductValues) {
  const [saved] = await tx.update(products).set(values).where(eq(products.id, id)).returning();
  return saved!;
}

/** The file ids of these products' images. */
export const imageIdsOf = async (db: Queryable, ...productIds: string[]) =>
  (await db.select({ fileId: productImages.fileId }).from(productImages).where(inArray(productImages.productId, productIds))).map(
    (row) => row.fileId,
  );

/** The file ids of one product's images, as moderation asks for them. */
export const productImageIds = (db: Queryable, productId: string) =>
  db.select({ id: productImages.fileId }).from(productImages).where(eq(productImages.productId, productId));

/** Drops a product's images (their file records are the caller's). */
export const deleteProductImages = (tx: Queryable, productId: string) =>
  tx.delete(productImages).where(eq(productImages.productId, productId));

/** Adds an image to a product at `position` (0, the cover, first). */
export const insertProductImage = (tx: Queryable, image: typeof productImages.$inferInsert) => tx.insert(productImages).values(image);

/** Which of these products someone bought (an order not refunded). */
export async function soldProductIds(tx: Queryable, ids: string[]) {
  const orderRows = ids.length
    ? await tx
        .selectDistinct({ id: orders.productId })
        .from(orders)
        .where(and(inArray(orders.productId, ids), ne(orders.deliveryStatus, 'refunded')))
    : [];
  return new Set(orderRows.flatMap((row) => (row.id ? [row.id] : [])));
}

/** Sold products (`sold`) kept for their buyers, deleted and inactive; the others returned. */
export const keepSoldProducts = (tx: Queryable, rows: ProductRow[], sold: Set<string>) => keepSoldOnes(tx, products, rows, sold);

/** Deletes these products. */
export const deleteProducts = (tx: Queryable, ids: string[]) => tx.delete(products).where(inArray(products.id, ids));

/** Whether this user bought this product (an order not refunded). */
export async function hasBought(db: Queryable, buyer: SessionUser, productId: string) {
  const [bought] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.productId, productId), eq(orders.buyerId, buyer.id), ne(orders.deliveryStatus, 'refunded')))
    .limit(1);
  return !!bought;
}

const filtersOf = (query: ProductPageQuery) => [
  query.q ? ilike(products.title, `%${escapeLike(query.q)}%`) : undefined,
  query.type ? eq(products.type, query.type) : undefined,
];
/** The library sorts by its own column names: a product's name is its title. */
const pageOf = <P>(deps: Deps, where: SQL | undefined, query: ProductPageQuery, present: Present<P>) =>
  libraryPage(deps, products, where, { ...query, sortBy: query.sortBy === 'name' ? 'title' : query.sortBy }, present);

/** One page of the shop: active products of listed creators the viewer may reach (of one creator when asked), with the count. */
export const shopPage = <P>(deps: Deps, viewer: SessionUser | undefined, query: ProductQuery, present: Present<P>) =>
  pageOf(
    deps,
    and(shownTo(viewer, products), query.performerId ? eq(products.performerId, query.performerId) : undefined, ...filtersOf(query)),
    query,
    present,
  );

/** One page of the creator's own products, drafts and inactive ones included, with the count. */
export const ownProductsPage = <P>(
  deps: Deps,
  performer: SessionUser,
  query: z.output<typeof performerProductQuerySchema>,
  present: Present<P>,
) =>
  pageOf(
    deps,
    and(ownedBy(products, performer), query.status ? eq(products.status, query.status) : undefined, ...filtersOf(query)),
    query,
    present,
  );

/** The ids of the products shown to the viewer, as a subquery. */
export const shownProductIds = (db: Queryable, viewer: SessionUser) =>
  db.select({ id: products.id }).from(products).where(shownTo(viewer, products));

/** The images of these products, each with its file, in their order. */
export const imagesOf = (db: Queryable, productIds: string[]) =>
  db
    .select({ productId: productImages.productId, file: files })
    .from(productImages)
    .innerJoin(files, eq(files.id, productImages.fileId))
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.position));

/** Which of these products the viewer bought. */
export const boughtAmong = (db: Queryable, viewer: SessionUser, productIds: string[]) =>
  db
    .select({ itemId: purchasedItems.itemId })
    .from(purchasedItems)
    .where(and(eq(purchasedItems.userId, viewer.id), eq(purchasedItems.itemType, 'product'), inArray(purchasedItems.itemId, productIds)));

/** The stored key of a product's cover (its first image), if it has one. */
export async function coverOf(db: Queryable, productId: string) {
  const [cover] = await db
    .select({ storageKey: files.storageKey })
    .from(productImages)
    .innerJoin(files, eq(files.id, productImages.fileId))
    .where(eq(productImages.productId, productId))
    .orderBy(productImages.position)
    .limit(1);
  return cover;
}

/**
 * Takes `quantity` items from a product's stock in one conditional update, so buyers racing for
 * the last ones never oversell: the stock left, none when there were not enough.
 */
export async function takeStock(tx: Queryable, productId: string, quantity: number) {
  const [taken] = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}` })
    .where(and(eq(products.id, productId), gte(products.stock, quantity)))
    .returning({ stock: products.stock });
  return taken;
}

/** A product's stock now. */
export async function stockOf(tx: Queryable, productId: string) {
  const [left] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return left;
}

/** Puts `quantity` items back in a product's stock. */
export const restock = (tx: Queryable, productId: string, quantity: number) =>
  tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${quantity}` })
    .where(eq(products.id, productId));

/** The seller of a product, none when there is no such product. */
export async function sellerOf(db: Queryable, productId: string) {
  const [product] = await db.select({ performerId: products.performerId }).from(products).where(eq(products.id, productId));
  return product;
}

/** A product's downloadable file and its seller, none when it has none. */
export async function downloadOf(db: Queryable, productId: string) {
  const [row] = await db
    .select({ file: files, performerId: products.performerId })
    .from(products)
    .innerJoin(files, eq(files.id, products.digitalFileId))
    .where(eq(products.id, productId));
  return row;
}

/** Whether this buyer holds this product (a purchased item): the holding's id, if any. */
export async function productPurchaseOf(db: Queryable, buyerId: string, productId: string) {
  const [bought] = await db
    .select({ id: purchasedItems.id })
    .from(purchasedItems)
    .where(and(eq(purchasedItems.userId, buyerId), eq(purchasedItems.itemType, 'product'), eq(purchasedItems.itemId, productId)));
  return bought;
}

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
