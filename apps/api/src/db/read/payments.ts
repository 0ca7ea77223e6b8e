/** What other modules may read of the payments module's tables (decision 074): reads only; `npm run lint` refuses a write through them. */
export { paymentCards, paymentTransactions } from '../schema/payments';
