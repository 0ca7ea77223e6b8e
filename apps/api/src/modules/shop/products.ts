import {
  fromCents,
  MAX_PRODUCT_IMAGES,
  type Product,
  type performerProductQuerySchema,
  type productSearchQuerySchema,
  saveProductSchema,
  toCents,
} from '@limelight/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { products } from '../../db/schema/shop';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, notFound, parseOrThrow } from '../../platform/errors';
import { readMediaForm } from '../../platform/uploads';
import { assertBuyersKeep, assertMayReach, ownHolds } from '../access';
import { withdrawOwnFromReview } from '../library';
import {
  DOWNLOAD_UPLOAD,
  deleteFileRecords,
  type KeptDownload,
  keepDownload,
  presentMediaFile,
  removeStored,
  saveDownloadFile,
  saveImageFile,
} from '../media';
import { holdForReview, isReviewedBeforePublication, waitsForReview } from '../moderation';
import { bookmarkedPage, viewerReactions } from '../reactions';
import { publicUsersById } from '../users';
import {
  boughtAmong,
  deleteProductImages,
  deleteProducts,
  hasBought,
  imageIdsOf,
  imagesOf,
  insertProduct,
  insertProductImage,
  keepSoldProducts,
  lockedProductsOf,
  ownProductRow,
  ownProductsPage,
  productById,
  productsByIds,
  saveProductRow,
  shopPage,
  shownProductIds,
  soldProductIds,
  visibleProduct,
} from './repo/products';

type ProductRow = typeof products.$inferSelect;
type SaveProduct = z.output<typeof saveProductSchema>;

/** A product's price is always a sale; the library's `title` column holds its name. */
const columnsOf = (input: SaveProduct) => ({
  title: input.name,
  description: input.description,
  status: input.status,
  isSale: true,
  priceCents: toCents(input.price),
  stock: input.type === 'physical' ? (input.stock ?? 0) : null,
});

/**
 * Creates (no `id`) or edits a product from a multipart form: the text fields, `images` (the
 * field repeated, up to MAX_PRODUCT_IMAGES, the first the cover; sent on an edit, they replace
 * the set) and, for a digital product, `digitalFile` (required to create one; sent on an edit,
 * it replaces the file). A product keeps its type: a physical one never becomes a download.
 */
export async function saveProduct(deps: Deps, performer: SessionUser, request: FastifyRequest, id?: string) {
  const form = await readMediaForm(request, { imageLists: { images: MAX_PRODUCT_IMAGES }, spooled: { digitalFile: DOWNLOAD_UPLOAD } });
  let kept: KeptDownload | undefined;
  let committed = false;
  try {
    const input = parseOrThrow(saveProductSchema, form.fields);
    const upload = form.spooled.digitalFile;
    if (upload && input.type !== 'digital') {
      throw badRequest('digitalFile is only for digital products', [{ field: 'digitalFile', message: 'is only for digital products' }]);
    }
    if (!id && input.type === 'digital' && !upload) {
      throw badRequest('digitalFile is required for a digital product', [{ field: 'digitalFile', message: 'is required' }]);
    }
    if (upload) kept = await keepDownload(deps, upload);
    const images = form.imageLists.images ?? [];
    const { row, replaced } = await deps.db.transaction(async (tx) => {
      const existing = id ? await ownProductRow(tx, performer, id, true) : undefined;
      if (existing && existing.type !== input.type) {
        throw badRequest(`type: this product is ${existing.type} and stays so; create a new product instead`, [
          { field: 'type', message: `must stay ${existing.type}` },
        ]);
      }
      const digitalFileId = kept ? (await saveDownloadFile(tx, { ownerId: performer.id, type: 'digital-product' }, kept)).id : undefined;
      const saved = existing
        ? await saveProductRow(tx, existing.id, { ...columnsOf(input), ...(digitalFileId ? { digitalFileId } : {}) })
        : await insertProduct(tx, { ...columnsOf(input), performerId: performer.id, type: input.type, digitalFileId });
      const previous = [...(digitalFileId && existing?.digitalFileId ? [existing.digitalFileId] : [])];
      if (images.length) {
        previous.push(...(await imageIdsOf(tx, saved.id)));
        await deleteProductImages(tx, saved.id);
        for (const [position, image] of images.entries()) {
          const file = await saveImageFile(deps, tx, { ownerId: performer.id, type: 'product-image', access: 'public' }, image);
          await insertProductImage(tx, { productId: saved.id, fileId: file.id, position });
        }
      }
      // A reviewed creator's product waits for an admin (decision 054); an edit while it waits holds its new files too.
      const reviewed = existing
        ? await waitsForReview(tx, existing.id)
        : await isReviewedBeforePublication(tx, deps.settings.get('reviewBeforePublication'), performer.id);
      if (reviewed) {
        const fileIds = [...(await imageIdsOf(tx, saved.id)), ...(saved.digitalFileId ? [saved.digitalFileId] : [])];
        await holdForReview(tx, { targetType: 'product', targetId: saved.id, ownerId: performer.id, fileIds }, !!existing);
      }
      return { row: saved, replaced: await deleteFileRecords(tx, previous) };
    });
    committed = true;
    await removeStored(deps, replaced);
    return (await presentProducts(deps, performer, [row]))[0]!;
  } catch (error) {
    if (kept && !committed) await deps.storage.remove(kept.storageKey);
    throw error;
  } finally {
    await form.discard();
  }
}

/**
 * Deletes a product. Once sold it stays its buyers' (domain rules: what a fan bought stays
 * theirs): it leaves sale and the creator's lists, and keeps its file for its buyers' downloads
 * and its row for their orders. A product nobody bought goes with its images and file.
 */
export async function deleteProduct(deps: Deps, performer: SessionUser, id: string) {
  const removed = await deps.db.transaction(async (tx) => {
    const product = await ownProductRow(tx, performer, id, true);
    const fileIds = [...(await imageIdsOf(tx, id)), ...(product.digitalFileId ? [product.digitalFileId] : [])];
    await withdrawOwnFromReview(tx, performer, { targetType: 'product', targetId: id, fileIds });
    return retireProducts(tx, [product]);
  });
  await removeStored(deps, removed);
}

/** All of a creator's products, retired as `deleteProduct` does one, for an account deleted by its owner; the file records it deleted. */
export const retireCreatorProducts = async (tx: Queryable, performerId: string) =>
  retireProducts(tx, await lockedProductsOf(tx, performerId));

/** Sold products (an order not refunded) kept for their buyers, the others deleted with their file records (returned, for their stored objects). */
async function retireProducts(tx: Queryable, rows: Array<typeof products.$inferSelect>) {
  const sold = await soldProductIds(
    tx,
    rows.map((row) => row.id),
  );
  const gone = await keepSoldProducts(tx, rows, sold);
  if (!gone.length) return [];
  const goneIds = gone.map((row) => row.id);
  const fileIds = [...(await imageIdsOf(tx, ...goneIds)), ...gone.flatMap((row) => (row.digitalFileId ? [row.digitalFileId] : []))];
  await deleteProducts(tx, goneIds);
  return deleteFileRecords(tx, fileIds);
}

/** `GET /performer/performer-assets/products/{id}/view`: the creator's own, in any state. */
export async function ownProduct(deps: Deps, performer: SessionUser, id: string) {
  return (await presentProducts(deps, performer, [await ownProductRow(deps.db, performer, id)]))[0]!;
}

/** A product's page: one on sale, or a deleted one to those who bought it (and only to them). */
async function productPageRow(deps: Deps, viewer: SessionUser | undefined, id: string) {
  const row = await productById(deps.db, id);
  if (row?.deletedAt) {
    if (!viewer || !(await hasBought(deps.db, viewer, id))) throw notFound('Product');
    await assertBuyersKeep(deps.db, viewer, id, row.performerId, 'Product');
    return row;
  }
  return visibleProduct(deps.db, viewer, id);
}

export async function productForViewer(deps: Deps, viewer: SessionUser | undefined, id: string) {
  return (await presentProducts(deps, viewer, [await productPageRow(deps, viewer, id)]))[0]!;
}

/** `GET /performer-assets/products/search`: active products of listed creators the viewer may reach. */
export async function searchProducts(deps: Deps, viewer: SessionUser | undefined, query: z.output<typeof productSearchQuerySchema>) {
  if (query.performerId) await assertMayReach(deps.db, viewer, query.performerId);
  return shopPage(deps, viewer, query, (rows) => presentProducts(deps, viewer, rows));
}

/** `GET /performer/performer-assets/products/search`: the creator's own, drafts and inactive ones included. */
export async function performerProducts(deps: Deps, performer: SessionUser, query: z.output<typeof performerProductQuerySchema>) {
  return ownProductsPage(deps, performer, query, (rows) => presentProducts(deps, performer, rows));
}

/** `GET /reactions/products/bookmark`: the products the fan bookmarked that are still shown. */
export async function bookmarkedProducts(deps: Deps, viewer: SessionUser, page: { offset: number; limit: number }) {
  const { data, total } = await bookmarkedPage(
    deps.db,
    viewer,
    'product',
    {
      shownIds: shownProductIds(deps.db, viewer),
      load: (ids) => productsByIds(deps.db, ids),
      present: (rows) => presentProducts(deps, viewer, rows),
    },
    page,
  );
  return { data: data.map(({ item, ...bookmark }) => ({ ...bookmark, product: item })), total };
}

/** Products as one viewer sees them: a fixed number of queries for a page. */
export async function presentProducts(deps: Deps, viewer: SessionUser | undefined, rows: ProductRow[]): Promise<Product[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const [images, sellers, reactedTo, bought, heldMark] = await Promise.all([
    imagesOf(deps.db, ids),
    publicUsersById(
      deps.db,
      rows.map((row) => row.performerId),
    ),
    viewerReactions(deps.db, viewer, 'product', ids),
    viewer ? boughtAmong(deps.db, viewer, ids) : [],
    ownHolds(deps.db, viewer, rows),
  ]);
  const boughtIds = new Set(bought.map((row) => row.itemId));
  return rows.map((row) => ({
    _id: row.id,
    name: row.title,
    description: row.description,
    type: row.type,
    price: fromCents(row.priceCents),
    stock: row.stock,
    status: row.status,
    images: images
      .filter((image) => image.productId === row.id)
      .map((image) => presentMediaFile(image.file, { signer: deps.mediaSigner, canView: true })),
    hasDigitalFile: !!row.digitalFileId,
    performer: sellers.get(row.performerId)!,
    isBookmarked: reactedTo(row.id, 'bookmark'),
    isBought: boughtIds.has(row.id),
    moderation: heldMark(row.id),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}
