import { endpoints } from '../../shared/api/generated/payments';
import { endpoints as walletEndpoints } from '../../shared/api/generated/wallet';
import { subscriberContentTags } from '../../shared/lib/api';

/** What unlocking, tipping or buying changes: the item's list, the fan's payments, orders and balance. */
const paidTags = ['Feeds', 'Videos', 'Galleries', 'Products', 'Orders', 'Charges', 'Me'] as const;

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
    confirmSandboxPayment: { invalidatesTags: [...subscriberContentTags, ...paidTags, 'Payments'] },
    retryPayment: { invalidatesTags: [...subscriberContentTags, ...paidTags, 'Payments'] },
    getPaymentTransaction: { providesTags: ['Payments'] },
    listPaymentTransactions: { providesTags: ['Payments'] },
    /** A tip or an item paid with a saved card: a card payment that books the wallet charge once the card pays. */
    payTipOrItemByCard: { invalidatesTags: [...paidTags, 'Payments'] },
  },
});

/** What the fan spends from the wallet. */
export const walletApi = walletEndpoints.enhanceEndpoints({
  endpoints: {
    listWalletCharges: { providesTags: ['Charges'] },
    /** A tip (id: the creator) or an item bought from the wallet. */
    payTipOrItemFromWallet: { invalidatesTags: [...paidTags] },
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
