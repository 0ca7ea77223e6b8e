import { formatTokens, fromCents } from '@limelight/contracts';
import type { Deps, Sellable } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { assertShopOpen } from './open';
import { placeOrder, productForSale, refundOrder, reserveStock } from './orders';
import { lockOrderedStock } from './repo/orders';
import { productById, productImageIds, visibleProduct } from './repo/products';

/** A product a user may like, bookmark or report: the shop open, the product shown to them. */
async function reachableProduct(deps: Deps, viewer: SessionUser, id: string) {
  assertShopOpen(deps);
  return visibleProduct(deps.db, viewer, id);
}

/**
 * A product, as everything that sells, likes or reports one asks for it (decision 076): its stock
 * reserved and its order placed in the payment's transaction; a refund locks the stock before the
 * wallet (the payment's lock order) and puts it back on the shelf.
 */
export const productSellable: Sellable = {
  type: 'product',
  noun: 'product',
  refundedAs: 'a product',
  ownFields: { fields: ['quantity', 'addressId', 'phone'], for: 'products' },
  sell: async (deps, fan, id, input) => {
    const sale = await productForSale(deps, fan, id, input);
    const priceCents = sale.product.priceCents * sale.quantity;
    return {
      performerId: sale.product.performerId,
      priceCents,
      itemId: sale.product.id,
      once: sale.product.type === 'digital',
      before: (tx) => reserveStock(tx, sale),
      after: (tx, charge) => placeOrder(tx, sale, charge),
      notice: {
        text: `${fan.name} ordered ${sale.quantity} × ${sale.product.title} for ${formatTokens(fromCents(priceCents))}`,
        link: '/creator/orders',
      },
    };
  },
  refund: { before: lockOrderedStock, after: (tx, charge) => refundOrder(tx, charge.id) },
  reach: reachableProduct,
  moderation: async (db, id) => {
    const row = await productById(db, id);
    if (!row) return undefined;
    const images = await productImageIds(db, id);
    return {
      ownerId: row.performerId,
      title: row.title,
      text: row.description,
      fileIds: [...images.map((image) => image.id), row.digitalFileId].filter((fileId) => fileId !== null),
      library: 'products',
    };
  },
};
