import type { DeliveryStatus, Order, ProductType } from '@limelight/contracts';
import { MAX_ORDER_QUANTITY } from '@limelight/contracts/constants';
import type { StateLabel } from '../../shared/lib/money-labels';

/** Delivery states in the words a fan or creator reads (the API's words are for programs). */
export const deliveryStatusLabels: Record<DeliveryStatus, StateLabel> = {
  processing: { label: 'Processing', color: 'processing' },
  shipping: { label: 'Shipping', color: 'blue' },
  delivered: { label: 'Delivered', color: 'success' },
  refunded: { label: 'Refunded', color: 'purple' },
};

export const productTypeLabels: Record<ProductType, string> = { physical: 'Physical', digital: 'Digital download' };

/** At or below this many left, a product card says how many remain. */
export const LOW_STOCK = 5;

/** What a card says of a physical product's stock when it matters: "Sold out", "Only 3 left". */
export function stockNote(product: { type: ProductType; stock: number | null }): string | undefined {
  if (product.type !== 'physical' || product.stock === null) return undefined;
  if (product.stock <= 0) return 'Sold out';
  return product.stock <= LOW_STOCK ? `Only ${product.stock} left` : undefined;
}

/** Why a quantity cannot be bought, naming the limit it breaks; undefined when it may be. */
export function quantityProblem(quantity: number | null | undefined, stock: number): string | undefined {
  if (quantity === null || quantity === undefined || Number.isNaN(quantity)) return 'Choose how many';
  if (!Number.isInteger(quantity)) return 'The quantity must be a whole number';
  if (quantity < 1) return 'The quantity must be at least 1';
  if (stock <= 0) return 'This product is sold out';
  if (quantity > stock) return `Only ${stock} left: choose at most ${stock}`;
  if (quantity > MAX_ORDER_QUANTITY) return `At most ${MAX_ORDER_QUANTITY} in one order`;
  return undefined;
}

/**
 * Each file's share of one multipart request's progress: the files travel in order, so the
 * bytes sent so far fill the first file, then the next. Percent in, percents out (0-100).
 */
export function fileProgress(sizes: number[], percent: number): number[] {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  let sent = (Math.min(Math.max(percent, 0), 100) / 100) * total;
  return sizes.map((size) => {
    const share = size === 0 ? 1 : Math.min(sent, size) / size;
    sent = Math.max(sent - size, 0);
    return Math.round(share * 100);
  });
}

/** One step of an order's delivery as its buyer follows it. */
export type TimelineStep = { status: DeliveryStatus; reached: boolean; detail?: string };

/**
 * The delivery's steps: processing, shipping (with its code and carrier), delivered; a refund
 * ends the line where it happened. A digital product is delivered at once.
 */
export function deliverySteps(order: Pick<Order, 'deliveryStatus' | 'shippingCode' | 'carrier' | 'product'>): TimelineStep[] {
  const tracking = order.shippingCode ? [order.carrier, order.shippingCode].filter(Boolean).join(' ') : undefined;
  if (order.product.type === 'digital') {
    return order.deliveryStatus === 'refunded'
      ? [
          { status: 'delivered', reached: true, detail: 'Ready to download' },
          { status: 'refunded', reached: true },
        ]
      : [{ status: 'delivered', reached: true, detail: 'Ready to download' }];
  }
  const line: DeliveryStatus[] = ['processing', 'shipping', 'delivered'];
  const detailOf = (status: DeliveryStatus) => (status === 'shipping' && tracking ? `Tracking: ${tracking}` : undefined);
  if (order.deliveryStatus === 'refunded') {
    // How far it went before the refund shows by its tracking code.
    const reached = order.shippingCode ? line.slice(0, 2) : line.slice(0, 1);
    return [...reached.map((status) => ({ status, reached: true, detail: detailOf(status) })), { status: 'refunded', reached: true }];
  }
  const at = line.indexOf(order.deliveryStatus);
  return line.map((status, index) => ({ status, reached: index <= at, detail: detailOf(status) }));
}

/** What `quantity` items cost, counted in cents so that 3 × 0.10 is 0.30 and not 0.30000000000000004. */
export const orderTotal = (unitPrice: number, quantity: number) => (Math.round(unitPrice * 100) * quantity) / 100;
