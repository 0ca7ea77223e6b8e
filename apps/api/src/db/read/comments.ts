/** What other modules may read of the comments module's tables (decision 074): reads only; `npm run lint` refuses a write through them. */
export { comments } from '../schema/comments';
