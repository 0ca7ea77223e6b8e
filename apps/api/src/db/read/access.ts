/** What other modules may read of the access module's tables (decision 074): reads only; `npm run lint` refuses a write through them. */
export { moderationHolds } from '../schema/access';
