/** What other modules may use of the CMS pages module (decision 004). */
export { legalPages, publishedPages } from './repo';
