/** What other modules may read of the blocks module's tables (decision 074): reads only; `npm run lint` refuses a write through them. */
export { countryBlocks, fanCountryBlocks, userBlocks } from '../schema/blocks';
