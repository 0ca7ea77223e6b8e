/** What other modules may read of the money module's tables (decision 074): reads only; `npm run lint` refuses a write through them. */
export type { PurchasableType } from '../schema/money';
export { earnings, purchasedItems, walletCharges } from '../schema/money';
