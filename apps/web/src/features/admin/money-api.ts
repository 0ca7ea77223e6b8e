import { endpoints } from '../../shared/api/generated/admin';

export const adminMoneyApi = endpoints.enhanceEndpoints({
  endpoints: {
    adminListPaymentTransactions: { providesTags: ['Payments'] },
    adminRefundPayment: { invalidatesTags: ['Payments', 'Earnings'] },
    adminListWalletCharges: { providesTags: ['Charges'] },
    adminRefundWalletCharge: { invalidatesTags: ['Charges', 'Earnings'] },
    adminListCoupons: { providesTags: ['Coupons'] },
    adminCreateCoupon: { invalidatesTags: ['Coupons'] },
    adminUpdateCoupon: { invalidatesTags: ['Coupons'] },
    adminDeleteCoupon: { invalidatesTags: ['Coupons'] },
    adminListEarnings: { providesTags: ['Earnings'] },
    adminListPayoutRequests: { providesTags: ['Payouts'] },
    adminReviewPayoutRequest: { invalidatesTags: ['Payouts'] },
  },
});

export const {
  useAdminListPaymentTransactionsQuery,
  useAdminRefundPaymentMutation,
  // What a refund will give back and take, shown before the admin confirms it; read afresh each
  // time the dialog opens, and never again after the refund (the payment then has none).
  useAdminPreviewPaymentRefundQuery,
  useAdminListWalletChargesQuery,
  useAdminRefundWalletChargeMutation,
  useAdminListCouponsQuery,
  useAdminCreateCouponMutation,
  useAdminUpdateCouponMutation,
  useAdminDeleteCouponMutation,
  useAdminListEarningsQuery,
  useAdminListPayoutRequestsQuery,
  useAdminReviewPayoutRequestMutation,
} = adminMoneyApi;
