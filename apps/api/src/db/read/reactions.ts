/** What other modules may read of the reactions module's tables (decision 074): reads only; `npm run lint` refuses a write through them. */
export { reactions } from '../schema/reactions';
