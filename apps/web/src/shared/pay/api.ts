import { endpoints } from '../api/generated/payments';
import { endpoints as walletEndpoints } from '../api/generated/wallet';
import { subscriberContentTags } from '../lib/api';
import { saleTag } from './sale';

/** What any payment of the fan changes: their balance and their wallet's charges. */
const buyerTags = ['Charges', 'Me'] as const;
/**
 * What a payment settled later (confirmed with the bank, retried, or settled by a gateway's
 * webhook) may have bought, its purchase unknown to the request: a subscription's content, or any sale.
 */
export const settledPaymentTags = [...subscriberContentTags, 'Sale', ...buyerTags] as const;

/**
 * The fan's cards and card payments. Every money-moving call carries the key of the fan's one
 * intent (`idempotency-key`), so a resent click pays once.
 */
export const paymentsApi = endpoints.enhanceEndpoints({
  endpoints: {
    listPaymentCards: { providesTags: ['Cards'] },
    /** The sandbox takes the card's details; Stripe takes the payment method Stripe.js made of them. */
    addPaymentCard: { invalidatesTags: ['Cards'] },
    setDefaultPaymentCard: { invalidatesTags: ['Cards'] },
    removePaymentCard: { invalidatesTags: ['Cards'] },
    topUpWallet: { invalidatesTags: ['Payments', 'Me'] },
    confirmSandboxPayment: { invalidatesTags: [...settledPaymentTags, 'Payments'] },
    retryPayment: { invalidatesTags: [...settledPaymentTags, 'Payments'] },
    getPaymentTransaction: { providesTags: ['Payments'] },
    listPaymentTransactions: { providesTags: ['Payments'] },
    /** A tip or an item paid with a saved card: a card payment that books the wallet charge once the card pays. */
    payTipOrItemByCard: { invalidatesTags: (_payment, _error, { type }) => [saleTag(type), ...buyerTags, 'Payments'] },
  },
});

/** What the fan spends from the wallet. */
export const walletApi = walletEndpoints.enhanceEndpoints({
  endpoints: {
    listWalletCharges: { providesTags: ['Charges'] },
    /** A tip (id: the creator) or an item bought from the wallet. */
    payTipOrItemFromWallet: { invalidatesTags: (_charge, _error, { type }) => [saleTag(type), ...buyerTags] },
  },
});

export const {
  useListPaymentCardsQuery,
  useAddPaymentCardMutation,
  useRemovePaymentCardMutation,
  useSetDefaultPaymentCardMutation,
  useTopUpWalletMutation,
  useConfirmSandboxPaymentMutation,
  useRetryPaymentMutation,
  useCheckCouponCodeMutation,
  useGetPaymentTransactionQuery,
  useListPaymentTransactionsQuery,
  usePayTipOrItemByCardMutation,
} = paymentsApi;
export const { useListWalletChargesQuery, usePayTipOrItemFromWalletMutation } = walletApi;
