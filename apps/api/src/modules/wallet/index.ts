/** What other modules may use of the wallet module (decision 004): everything else is its own. */
export { bookCharge, type PreparedCharge, prepareCharge } from './charges';
export { refundChargeIn, refundedItem } from './refunds';
export { type TipPlace, tipGuards, tipSellable } from './tips';
