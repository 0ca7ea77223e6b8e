/** What other modules may read of the settings module's tables (decision 074): reads only; `npm run lint` refuses a write through them. */
export { settings } from '../schema/settings';
