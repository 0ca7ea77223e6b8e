/** What other modules may use of the wallet module (decision 004): everything else is its own. */
export { notifyBalance } from './balance';
export { payFromWallet } from './charges';
