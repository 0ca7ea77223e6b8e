/**
 * The money module: every operation that moves money, built on the ledger (`platform/ledger.ts`).
 * Wallet, payments, subscriptions, payouts and earnings call it; it imports none of them.
 */

export { adjustWallet, type WalletAdjustment } from './adjustments';
export { notifyBalance } from './balance';
export { creditCardPayment, creditCardSale, takeBackCardPayment } from './card-payments';
export { changePayoutHold, holdPayout, releasePayoutHold } from './holds';
export { BPS, fromBps, shareOf, toBps } from './rates';
export { type LedgerDay, ledgerFiguresByDay } from './repo/ledger';
export { refundSaleOf } from './sales';
export {
  type NewCharge,
  type PaidBalances,
  payFromWallet,
  payFromWalletOnce,
  refundWalletCharge,
  type WalletSale,
} from './wallet-payments';
