/** What other modules may read of the performers module's tables (decision 074): reads only; `npm run lint` refuses a write through them. */
export { performerBanking, performerPaymentSettings } from '../schema/performers';
