// What other features may use of earnings: they import this file only, never the files behind it (decision 075).
export { EarningSource } from './EarningsPage';
export { payoutColumns } from './PayoutsPage';
