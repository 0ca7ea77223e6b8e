/** What other modules may use of the lookups module (decision 004): everything else is its own. */
export { isCountryCode } from './data';
