/** What other modules may read of the feeds module's tables (decision 074): reads only; `npm run lint` refuses a write through them. */
export { feedFiles, feeds } from '../schema/feeds';
