/** What other modules may use of the shop module (decision 004): everything else is its own. */
export { retireCreatorProducts } from './products';
export { adminAddressRows } from './repo/addresses';
export { adminProductRows } from './repo/products';
export { productSellable } from './sellable';
