import type { Coupon, ListResponse, PaymentTransaction, RefundPreview, SaveCouponInput, WalletCharge } from '@limelight/contracts';
import { api } from '../../shared/lib/api';
import type { ListQuery } from './site-api';

export const adminMoneyApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminTransactions: build.query<ListResponse<PaymentTransaction>, ListQuery>({
      query: (params) => ({ url: '/admin/payment/transactions/search', params }),
      providesTags: ['Payments'],
    }),
    /**
     * What a refund will give back and take, shown before the admin confirms it; read afresh each
     * time the dialog opens, and never again after the refund (the payment then has none).
     */
    refundPreview: build.query<RefundPreview, string>({
      query: (id) => `/admin/payment/transactions/${id}/refund-preview`,
    }),
    refundPayment: build.mutation<PaymentTransaction, string>({
      query: (id) => ({ url: `/admin/payment/transactions/${id}/refund`, method: 'POST' }),
      invalidatesTags: ['Payments', 'Earnings'],
    }),
    adminCharges: build.query<ListResponse<WalletCharge>, ListQuery>({
      query: (params) => ({ url: '/admin/wallet/charges/search', params }),
      providesTags: ['Charges'],
    }),
    refundCharge: build.mutation<WalletCharge, string>({
      query: (id) => ({ url: `/admin/wallet/charges/${id}/refund`, method: 'POST' }),
      invalidatesTags: ['Charges', 'Earnings'],
    }),
    adminCoupons: build.query<ListResponse<Coupon>, ListQuery>({
      query: (params) => ({ url: '/admin/coupons', params }),
      providesTags: ['Coupons'],
    }),
    saveCoupon: build.mutation<Coupon, { id?: string; body: SaveCouponInput }>({
      query: ({ id, body }) => ({ url: id ? `/admin/coupons/${id}` : '/admin/coupons', method: id ? 'PUT' : 'POST', body }),
      invalidatesTags: ['Coupons'],
    }),
    deleteCoupon: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/admin/coupons/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Coupons'],
    }),
  }),
});

export const {
  useAdminTransactionsQuery,
  useRefundPaymentMutation,
  useRefundPreviewQuery,
  useAdminChargesQuery,
  useRefundChargeMutation,
  useAdminCouponsQuery,
  useSaveCouponMutation,
  useDeleteCouponMutation,
} = adminMoneyApi;
