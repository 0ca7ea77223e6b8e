/** What other modules may use of the search module (decision 004): everything else is its own. */
export { adminKeywordRows } from './repo';
