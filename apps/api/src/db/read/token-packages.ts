/** What other modules may read of the token-packages module's tables (decision 074): reads only; `npm run lint` refuses a write through them. */
export { tokenPackages } from '../schema/token-packages';
