import type { WalletChargeRouteType } from '@limelight/contracts';

/**
 * What a sale makes stale is the seller's to say (decision 075): each seller's api slice adds
 * `saleTag(type)` to the queries that show what a buyer gets (a post unlocked, a product's stock,
 * the buyer's orders), and a payment (shared/pay/api.ts) invalidates the sale of its type. So
 * the pay dialog and the wallet know no seller's tags, and a new thing for sale needs no change
 * there. A file of its own: a seller's slice takes this without the payment endpoints.
 */
export const saleTag = (type: WalletChargeRouteType) => ({ type: 'Sale' as const, id: type });
