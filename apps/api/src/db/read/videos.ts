/** What other modules may read of the videos module's tables (decision 074): reads only; `npm run lint` refuses a write through them. */
export { videos } from '../schema/videos';
