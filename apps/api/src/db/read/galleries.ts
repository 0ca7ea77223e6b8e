/** What other modules may read of the galleries module's tables (decision 074): reads only; `npm run lint` refuses a write through them. */
export { galleries, photos } from '../schema/galleries';
