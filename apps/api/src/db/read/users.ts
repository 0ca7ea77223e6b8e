/** What other modules may read of the users module's tables (decision 074): reads only; `npm run lint` refuses a write through them. */
export { users } from '../schema/users';
