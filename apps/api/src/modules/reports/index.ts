/** What other modules may use of the reports module (decision 004). */
export { openReportsQueue } from './repo';
