/** What other modules may read of the stories module's tables (decision 074): reads only; `npm run lint` refuses a write through them. */
export { stories } from '../schema/stories';
