/** What other modules may read of the messages module's tables (decision 074): reads only; `npm run lint` refuses a write through them. */
export { conversationMembers, messageFiles, messages } from '../schema/messages';
