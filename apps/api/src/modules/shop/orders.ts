import {
  type checkPurchasedQuerySchema,
  type DeliveryAddress,
  DOWNLOAD_LINK_SECONDS,
  fromCents,
  type Order,
  type orderQuerySchema,
  type PublicUser,
  type updateDeliveryAddressSchema,
  type updateOrderSchema,
  type WalletChargeInput,
} from '@limelight/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { walletCharges } from '../../db/read/money';
import type { orders } from '../../db/schema/shop';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { publicUrl } from '../../platform/storage';
import { assertBuyersKeep, assertMay, isAdmin, mayEach } from '../access';
import { sendEmail } from '../emails';
import { notify } from '../notifications';
import { publicUsersById } from '../users';
import { deliveryAddressFrom } from './addresses';
import {
  buyerContactOf,
  insertOrder,
  markOrderRefunded,
  type OrderScope,
  orderById,
  orderCountOf,
  ordersPage,
  saveOrder,
} from './repo/orders';
import {
  coverOf,
  downloadOf,
  productById,
  productPurchaseOf,
  restock,
  sellerOf,
  stockOf,
  takeStock,
  visibleProduct,
} from './repo/products';

type OrderRow = typeof orders.$inferSelect;
type ChargeRow = typeof walletCharges.$inferSelect;

const orderNumber = (row: Pick<OrderRow, 'number'>) => `L-${String(row.number).padStart(6, '0')}`;
const soldOut = (left: number) => conflict(left === 0 ? 'This product is sold out' : `Only ${left} left`);

/**
 * A product purchase as the wallet charge needs it, checked before any money moves: the product
 * shown to the buyer, the quantity (one of a digital product), the buyer's own address for a
 * physical one, and enough stock as far as can be seen now (the charge's transaction decides).
 */
export async function productForSale(deps: Deps, buyer: SessionUser, productId: string, input: WalletChargeInput) {
  const product = await visibleProduct(deps.db, buyer, productId);
  const quantity = input.quantity ?? 1;
  let deliveryAddress: DeliveryAddress | null = null;
  if (product.type === 'digital') {
    if (quantity !== 1) throw badRequest('quantity: a digital product is bought once', [{ field: 'quantity', message: 'must be 1' }]);
    if (input.addressId) {
      throw badRequest('addressId: a digital product is delivered here, not by post', [
        { field: 'addressId', message: 'must be left out' },
      ]);
    }
  } else {
    if (!input.addressId) {
      throw badRequest('addressId is required: where should it go?', [
        { field: 'addressId', message: 'is required for a physical product' },
      ]);
    }
    deliveryAddress = await deliveryAddressFrom(deps.db, buyer, input.addressId);
    if ((product.stock ?? 0) < quantity) throw soldOut(product.stock ?? 0);
  }
  const cover = await coverOf(deps.db, product.id);
  return {
    product,
    quantity,
    deliveryAddress,
    phone: input.phone ?? deliveryAddress?.phone ?? null,
    snapshot: { name: product.title, type: product.type, imageUrl: cover ? publicUrl(cover.storageKey) : null },
  };
}
export type ProductSale = Awaited<ReturnType<typeof productForSale>>;

/**
 * In the charge's transaction, before the money moves: takes the items from stock in one
 * conditional update, so buyers racing for the last ones never oversell; the loser's transaction
 * rolls back with "Only N left", and nothing is charged.
 */
export async function reserveStock(tx: Queryable, sale: ProductSale) {
  if (sale.product.type !== 'physical') return;
  if (await takeStock(tx, sale.product.id, sale.quantity)) return;
  const left = await stockOf(tx, sale.product.id);
  throw soldOut(left?.stock ?? 0);
}

/** In the charge's transaction, once paid: the order, a digital one delivered at once. */
export async function placeOrder(tx: Queryable, sale: ProductSale, charge: ChargeRow) {
  await insertOrder(tx, {
    buyerId: charge.userId,
    performerId: charge.performerId,
    productId: sale.product.id,
    product: sale.snapshot,
    quantity: sale.quantity,
    unitPriceCents: sale.product.priceCents,
    totalCents: charge.grossCents,
    commissionCents: charge.commissionCents,
    netCents: charge.netCents,
    chargeId: charge.id,
    deliveryStatus: sale.product.type === 'digital' ? 'delivered' : 'processing',
    deliveryAddress: sale.deliveryAddress,
    phone: sale.phone,
    note: charge.message,
  });
}

/** A refunded order, in the refund's transaction: marked so, and a physical one's items back in stock. */
export async function refundOrder(tx: Queryable, chargeId: string) {
  const order = await markOrderRefunded(tx, chargeId);
  if (order?.productId && order.product.type === 'physical') {
    await restock(tx, order.productId, order.quantity);
  }
}

/** `GET /orders/search` (the creator's sales, or all for the admin) and `GET /orders/users/search` (the fan's). */
export async function searchOrders(deps: Deps, viewer: SessionUser, scope: OrderScope, query: z.output<typeof orderQuerySchema>) {
  const { rows, total } = await ordersPage(deps.db, scope, query);
  return { data: await presentOrders(deps, viewer, rows), total };
}

export const orderScopeOf = (viewer: SessionUser): OrderScope => (isAdmin(viewer) ? 'all' : { performerId: viewer.id });

/** An order its buyer, its seller or an admin may see; anyone else is told it does not exist. */
async function orderRowFor(db: Queryable, viewer: SessionUser, id: string, lock = false) {
  return assertMay(viewer, 'order.view', await orderById(db, id, lock), () => notFound('Order'));
}

export async function orderFor(deps: Deps, viewer: SessionUser, id: string) {
  return (await presentOrders(deps, viewer, [await orderRowFor(deps.db, viewer, id)]))[0]!;
}

const statusWords = { processing: 'is being prepared', shipping: 'is on its way', delivered: 'was delivered', refunded: 'was refunded' };

/**
 * `PUT /orders/{id}/update`: the seller or an admin moves the delivery on (a refunded order stays
 * so; refunds are the admin's, through the charge). The buyer is told in the app and by e-mail.
 */
export async function updateOrder(deps: Deps, viewer: SessionUser, id: string, input: z.output<typeof updateOrderSchema>) {
  const row = await deps.db.transaction(async (tx) => {
    const order = await orderRowFor(tx, viewer, id, true);
    assertMay(viewer, 'order.update', order, () => forbidden('Only the seller or an admin updates an order'));
    if (order.deliveryStatus === 'refunded') throw conflict('This order was refunded: its delivery is closed');
    if (order.product.type === 'digital') throw conflict('A digital product is delivered at once: there is nothing to ship');
    const updated = await saveOrder(tx, id, {
      deliveryStatus: input.deliveryStatus,
      shippingCode: input.shippingCode ?? order.shippingCode,
      carrier: input.carrier ?? order.carrier,
    });
    if (updated.deliveryStatus !== order.deliveryStatus) await tellBuyer(deps, tx, updated);
    return updated;
  });
  return (await presentOrders(deps, viewer, [row]))[0]!;
}

async function tellBuyer(deps: Deps, tx: Queryable, order: OrderRow) {
  const number = orderNumber(order);
  const status = `Your order ${number} (${order.product.name}) ${statusWords[order.deliveryStatus]}`;
  const shipping = order.shippingCode ? ` Tracking: ${order.carrier ? `${order.carrier} ` : ''}${order.shippingCode}.` : '';
  await notify(deps, tx, {
    userId: order.buyerId,
    kind: 'order_status',
    actorId: order.performerId,
    text: status,
    link: `/user/orders/${order.id}`,
  });
  const buyer = await buyerContactOf(tx, order.buyerId);
  if (buyer?.email) {
    await sendEmail(deps, tx, 'order.status', {
      to: buyer.email,
      vars: {
        name: buyer.name,
        number,
        status: order.deliveryStatus,
        statusText: status,
        shipping,
        link: `${deps.config.publicUrl}/user/orders/${order.id}`,
      },
    });
  }
}

/** `PUT /orders/{id}/update/delivery-address`: the buyer, while the order is still being prepared. */
export async function updateDeliveryAddress(
  deps: Deps,
  buyer: SessionUser,
  id: string,
  input: z.output<typeof updateDeliveryAddressSchema>,
) {
  const row = await deps.db.transaction(async (tx) => {
    const order = await orderRowFor(tx, buyer, id, true);
    assertMay(buyer, 'order.changeAddress', order, () => forbidden('Only the buyer changes where an order goes'));
    if (order.product.type === 'digital') throw conflict('A digital product has no delivery address');
    if (order.deliveryStatus !== 'processing')
      throw conflict(`This order ${statusWords[order.deliveryStatus]}: its address can no longer change`);
    const address = await deliveryAddressFrom(tx, buyer, input.addressId);
    return saveOrder(tx, id, { deliveryAddress: address, phone: input.phone ?? address.phone });
  });
  return (await presentOrders(deps, buyer, [row]))[0]!;
}

/** `GET /orders/check-user-purchased`: asked by that user, the product's seller or an admin. */
export async function checkUserPurchased(deps: Deps, viewer: SessionUser, query: z.output<typeof checkPurchasedQuerySchema>) {
  const product = await sellerOf(deps.db, query.productId);
  if (!product) throw notFound('Product');
  assertMay(viewer, 'order.checkPurchase', { userId: query.userId, performerId: product.performerId }, () =>
    forbidden('Only that user, the seller or an admin may ask'),
  );
  return { purchased: (await orderCountOf(deps.db, query.productId, query.userId)) > 0 };
}

/**
 * `GET /performer-assets/products/{id}/download-link`: a link to a bought digital product's file
 * that works for a few minutes, and only for its buyer (the download route checks the signature,
 * which names the buyer, and the caller).
 */
export async function downloadLink(deps: Deps, buyer: SessionUser, productId: string) {
  const product = await productById(deps.db, productId);
  if (!product) throw notFound('Product');
  const bought = await productPurchaseOf(deps.db, buyer.id, productId);
  // A deleted product is its buyers' alone: to anyone else it no longer exists.
  if (!bought && product.deletedAt) throw notFound('Product');
  if (!bought) throw forbidden('Buy this product to download it');
  await assertBuyersKeep(deps.db, buyer, productId, product.performerId, 'Product');
  if (!product.digitalFileId) throw notFound('File');
  const expires = Math.floor(Date.now() / 1000) + DOWNLOAD_LINK_SECONDS;
  const signature = deps.mediaSigner.signFor(`download:${productId}:${buyer.id}`, expires);
  const url = `/api/performer-assets/products/${productId}/download?${new URLSearchParams({ expires: String(expires), signature })}`;
  return { url, expiresAt: new Date(expires * 1000).toISOString() };
}

/** The file behind a download link, when the link is genuine, fresh and the caller's own. */
export async function downloadFile(deps: Deps, buyer: SessionUser, productId: string, link: { expires?: string; signature?: string }) {
  if (!deps.mediaSigner.checkFor(`download:${productId}:${buyer.id}`, link.expires, link.signature)) {
    throw forbidden('This download link has expired or is not yours: ask for a new one from your orders');
  }
  const row = await downloadOf(deps.db, productId);
  if (!row) throw notFound('File');
  // A link minted before a hide stops with it (decision 046).
  await assertBuyersKeep(deps.db, buyer, productId, row.performerId, 'Product');
  return row.file;
}

async function presentOrders(deps: Deps, viewer: SessionUser, rows: OrderRow[]): Promise<Order[]> {
  const people: Map<string, PublicUser> = await publicUsersById(
    deps.db,
    rows.flatMap((row) => [row.buyerId, row.performerId]),
  );
  const sellerSides = mayEach(viewer, 'order.update', rows);
  return rows.map((row, index) => {
    const sellerSide = sellerSides[index];
    return {
      _id: row.id,
      number: orderNumber(row),
      buyer: people.get(row.buyerId)!,
      performer: people.get(row.performerId)!,
      productId: row.productId,
      product: row.product,
      quantity: row.quantity,
      unitPrice: fromCents(row.unitPriceCents),
      totalPrice: fromCents(row.totalCents),
      commission: sellerSide ? fromCents(row.commissionCents) : 0,
      net: sellerSide ? fromCents(row.netCents) : 0,
      deliveryStatus: row.deliveryStatus,
      shippingCode: row.shippingCode,
      carrier: row.carrier,
      deliveryAddress: row.deliveryAddress,
      phone: row.phone,
      note: row.note,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}
