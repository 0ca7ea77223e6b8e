/** What other modules may read of the emails module's tables (decision 074): reads only; `npm run lint` refuses a write through them. */
export { notificationPreferences } from '../schema/emails';
