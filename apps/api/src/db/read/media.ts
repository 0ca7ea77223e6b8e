/** What other modules may read of the media module's tables (decision 074): reads only; `npm run lint` refuses a write through them. */
export { files } from '../schema/media';
