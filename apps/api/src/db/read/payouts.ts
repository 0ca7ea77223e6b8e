/** What other modules may read of the payouts module's tables (decision 074): reads only; `npm run lint` refuses a write through them. */
export { payoutRequests } from '../schema/payouts';
