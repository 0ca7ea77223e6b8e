import type {
  CardChargeInput,
  Coupon,
  ListResponse,
  PaymentCard,
  PaymentTransaction,
  SandboxCardInput,
  StripeCardInput,
  TopUpInput,
  WalletCharge,
  WalletChargeInput,
  WalletChargeRouteType,
} from '@limelight/contracts';
import { IDEMPOTENCY_HEADER } from '@limelight/contracts/constants';
import { api, subscriberContentTags } from '../../shared/lib/api';

type Params = Record<string, string | number | undefined>;
/** Every money-moving call carries the key of the fan's one intent, so a resent click pays once. */
type Intent<T> = T & { idempotencyKey: string };
const keyed = (key: string) => ({ [IDEMPOTENCY_HEADER]: key });

/** What unlocking, tipping or buying changes: the item's list, the fan's payments, orders and balance. */
const paidTags = ['Feeds', 'Videos', 'Galleries', 'Products', 'Orders', 'Charges', 'Me'] as const;

export const walletApi = api.injectEndpoints({
  endpoints: (build) => ({
    cards: build.query<ListResponse<PaymentCard>, void>({ query: () => '/payment-cards', providesTags: ['Cards'] }),
    /** The sandbox takes the card's details; Stripe takes the payment method Stripe.js made of them. */
    addCard: build.mutation<PaymentCard, { gateway: 'sandbox'; card: SandboxCardInput } | { gateway: 'stripe'; card: StripeCardInput }>({
      query: ({ gateway, card }) => ({ url: `/${gateway}/cards`, method: 'POST', body: card }),
      invalidatesTags: ['Cards'],
    }),
    setDefaultCard: build.mutation<PaymentCard, string>({
      query: (id) => ({ url: `/payment-cards/${id}/default`, method: 'PUT' }),
      invalidatesTags: ['Cards'],
    }),
    removeCard: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/payment-cards/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Cards'],
    }),
    topUp: build.mutation<PaymentTransaction, Intent<TopUpInput>>({
      query: ({ idempotencyKey, ...body }) => ({ url: '/payment/wallet/top-up', method: 'POST', body, headers: keyed(idempotencyKey) }),
      invalidatesTags: ['Payments', 'Me'],
    }),
    confirmPayment: build.mutation<PaymentTransaction, string>({
      query: (id) => ({ url: `/payment/sandbox/confirm/${id}`, method: 'POST' }),
      invalidatesTags: [...subscriberContentTags, ...paidTags, 'Payments'],
    }),
    retryPayment: build.mutation<PaymentTransaction, string>({
      query: (id) => ({ url: `/payment/retry/${id}`, method: 'POST' }),
      invalidatesTags: [...subscriberContentTags, ...paidTags, 'Payments'],
    }),
    applyCoupon: build.mutation<Coupon, string>({
      query: (code) => ({ url: `/coupons/${encodeURIComponent(code)}/apply-coupon`, method: 'POST' }),
    }),
    transaction: build.query<PaymentTransaction, string>({
      query: (id) => `/payment/transactions/${id}`,
      providesTags: ['Payments'],
    }),
    transactions: build.query<ListResponse<PaymentTransaction>, Params>({
      query: (params) => ({ url: '/payment/transactions/user/search', params }),
      providesTags: ['Payments'],
    }),
    charges: build.query<ListResponse<WalletCharge>, Params>({
      query: (params) => ({ url: '/wallet/charges/search', params }),
      providesTags: ['Charges'],
    }),
    /** A tip (id: the creator) or an item bought from the wallet. */
    payFromWallet: build.mutation<
      { charge: WalletCharge; balance: number },
      Intent<WalletChargeInput & { type: WalletChargeRouteType; id: string }>
    >({
      query: ({ idempotencyKey, type, id, ...body }) => ({
        url: `/wallet/charges/${type}/${id}`,
        method: 'POST',
        body,
        headers: keyed(idempotencyKey),
      }),
      invalidatesTags: [...paidTags],
    }),
    /** The same, paid with a saved card: a card payment that books the wallet charge once the card pays. */
    payByCard: build.mutation<PaymentTransaction, Intent<CardChargeInput & { type: WalletChargeRouteType; id: string }>>({
      query: ({ idempotencyKey, type, id, ...body }) => ({
        url: `/payment/charges/${type}/${id}`,
        method: 'POST',
        body,
        headers: keyed(idempotencyKey),
      }),
      invalidatesTags: [...paidTags, 'Payments'],
    }),
  }),
});

export const {
  useCardsQuery,
  useAddCardMutation,
  useRemoveCardMutation,
  useSetDefaultCardMutation,
  useTopUpMutation,
  useConfirmPaymentMutation,
  useRetryPaymentMutation,
  useApplyCouponMutation,
  useTransactionQuery,
  useTransactionsQuery,
  useChargesQuery,
  usePayFromWalletMutation,
  usePayByCardMutation,
} = walletApi;
