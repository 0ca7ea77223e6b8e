import type { PayoutCalculation, PayoutRequest, PayoutRequestInput } from '@limelight/contracts';
import { IDEMPOTENCY_HEADER } from '@limelight/contracts/constants';
import { endpoints as adminEndpoints } from '../../shared/api/generated/admin';
import { endpoints } from '../../shared/api/generated/earnings';
import { endpoints as payoutsEndpoints } from '../../shared/api/generated/payouts';

export const earningsApi = endpoints.enhanceEndpoints({
  endpoints: {
    getCreatorEarningStats: { providesTags: ['Earnings', 'Payouts'] },
    listCreatorEarnings: { providesTags: ['Earnings'] },
  },
});

export const payoutsApi = payoutsEndpoints
  .enhanceEndpoints({ endpoints: { listCreatorPayoutRequests: { providesTags: ['Payouts'] } } })
  .injectEndpoints({
    endpoints: (build) => ({
      // Hand-written for now: the API answers it on a POST, so the generated calculatePayoutBalance
      // is a mutation, and the payouts page reads the balance as a query the tags below refresh.
      payoutBalance: build.query<PayoutCalculation, void>({
        query: () => ({ url: '/payout-requests/calculate', method: 'POST' }),
        providesTags: ['Payouts', 'Earnings'],
      }),
      // Hand-written for now: it sends the Idempotency-Key header, which the generated createPayoutRequest does not.
      requestPayout: build.mutation<PayoutRequest, PayoutRequestInput & { idempotencyKey: string }>({
        query: ({ idempotencyKey, ...body }) => ({
          url: '/payout-requests',
          method: 'POST',
          body,
          headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        }),
        invalidatesTags: ['Payouts', 'Me'],
      }),
    }),
  });

/** The admin's side. */
export const adminEarningsApi = adminEndpoints.enhanceEndpoints({
  endpoints: {
    adminListEarnings: { providesTags: ['Earnings'] },
    adminListPayoutRequests: { providesTags: ['Payouts'] },
    adminReviewPayoutRequest: { invalidatesTags: ['Payouts'] },
  },
});

export const { useGetCreatorEarningStatsQuery, useListCreatorEarningsQuery } = earningsApi;
export const { useListCreatorPayoutRequestsQuery, usePayoutBalanceQuery, useRequestPayoutMutation } = payoutsApi;
export const { useAdminListEarningsQuery, useAdminListPayoutRequestsQuery, useAdminReviewPayoutRequestMutation } = adminEarningsApi;
