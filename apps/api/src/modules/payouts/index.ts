/** What other modules may use of the payouts module (decision 004). */
export { payoutsToPay } from './repo';
