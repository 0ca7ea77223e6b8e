/** What other modules may read of the shop module's tables (decision 074): reads only; `npm run lint` refuses a write through them. */
export { orders, productImages, products } from '../schema/shop';
