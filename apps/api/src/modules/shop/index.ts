/** What other modules may use of the shop module (decision 004): everything else is its own. */
export { adminAddressRows, adminProductRows } from './admin-rows';
export { retireCreatorProducts } from './products';
export { productSellable } from './sellable';
