/** What other modules may read of the platform's tables (decision 074): reads only; `npm run lint` refuses a write through them. */
export { ledgerAccounts, ledgerEntries, ledgerJournals } from '../../schema/platform/ledger';
