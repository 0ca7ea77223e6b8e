/** What other modules may use of the earnings module (decision 004): everything else is its own. */
export { payoutBalance } from './service';
