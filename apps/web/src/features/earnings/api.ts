import type { Earning, EarningStats, ListResponse, PayoutCalculation, PayoutRequest, PayoutRequestInput } from '@limelight/contracts';
import { IDEMPOTENCY_HEADER } from '@limelight/contracts/constants';
import { api } from '../../shared/lib/api';

type Params = Record<string, string | number | undefined>;

export const earningsApi = api.injectEndpoints({
  endpoints: (build) => ({
    earningStats: build.query<EarningStats, { fromDate?: string; toDate?: string }>({
      query: (params) => ({ url: '/performer/earning/stats', params }),
      providesTags: ['Earnings', 'Payouts'],
    }),
    earnings: build.query<ListResponse<Earning>, Params>({
      query: (params) => ({ url: '/performer/earning/search', params }),
      providesTags: ['Earnings'],
    }),
    payoutBalance: build.query<PayoutCalculation, void>({
      query: () => ({ url: '/payout-requests/calculate', method: 'POST' }),
      providesTags: ['Payouts', 'Earnings'],
    }),
    payouts: build.query<ListResponse<PayoutRequest>, Params>({
      query: (params) => ({ url: '/payout-requests/search', params }),
      providesTags: ['Payouts'],
    }),
    requestPayout: build.mutation<PayoutRequest, PayoutRequestInput & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({
        url: '/payout-requests',
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
      invalidatesTags: ['Payouts', 'Me'],
    }),
    /** The admin's side. */
    adminEarnings: build.query<ListResponse<Earning>, Params>({
      query: (params) => ({ url: '/admin/earnings/search', params }),
      providesTags: ['Earnings'],
    }),
    adminPayouts: build.query<ListResponse<PayoutRequest>, Params>({
      query: (params) => ({ url: '/admin/payout-requests/search', params }),
      providesTags: ['Payouts'],
    }),
    reviewPayout: build.mutation<PayoutRequest, { id: string; status: 'approved' | 'rejected' | 'paid'; adminNote?: string }>({
      query: ({ id, ...body }) => ({ url: `/admin/payout-requests/${id}/status`, method: 'PUT', body }),
      invalidatesTags: ['Payouts'],
    }),
  }),
});

export const {
  useEarningStatsQuery,
  useEarningsQuery,
  usePayoutBalanceQuery,
  usePayoutsQuery,
  useRequestPayoutMutation,
  useAdminEarningsQuery,
  useAdminPayoutsQuery,
  useReviewPayoutMutation,
} = earningsApi;
