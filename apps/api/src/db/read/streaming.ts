/** What other modules may read of the streaming module's tables (decision 074): reads only; `npm run lint` refuses a write through them. */
export { streamSessions } from '../schema/streaming';
