/** What other modules may read of the follows module's tables (decision 074): reads only; `npm run lint` refuses a write through them. */
export { follows } from '../schema/follows';
