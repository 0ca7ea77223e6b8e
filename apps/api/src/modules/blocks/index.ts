/** What other modules may use of the blocks module (decision 004): everything else is its own. */
export { adminBlockRows } from './repo';
