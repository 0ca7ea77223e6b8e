import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { assertShopOpen } from './open';
import { visibleProduct } from './products';

/** What other modules may use of the shop module (decision 004): everything else is its own. */
export { lockOrderedStock, placeOrder, productForSale, refundOrder, reserveStock } from './orders';
export { retireCreatorProducts } from './products';

/** A product a user may like or bookmark: the shop open, the product shown to them. */
export async function reachableProduct(deps: Deps, viewer: SessionUser, id: string) {
  assertShopOpen(deps);
  return visibleProduct(deps, viewer, id);
}
export { adminAddressRows, adminProductRows } from './admin-rows';
