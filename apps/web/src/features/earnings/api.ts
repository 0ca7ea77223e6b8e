import type { PayoutCalculation } from '@limelight/contracts';
import { endpoints } from '../../shared/api/generated/earnings';
import { endpoints as payoutsEndpoints } from '../../shared/api/generated/payouts';

export const earningsApi = endpoints.enhanceEndpoints({
  endpoints: {
    getCreatorEarningStats: { providesTags: ['Earnings', 'Payouts'] },
    listCreatorEarnings: { providesTags: ['Earnings'] },
  },
});

export const payoutsApi = payoutsEndpoints
  .enhanceEndpoints({
    endpoints: {
      listCreatorPayoutRequests: { providesTags: ['Payouts'] },
      createPayoutRequest: { invalidatesTags: ['Payouts', 'Me'] },
    },
  })
  .injectEndpoints({
    endpoints: (build) => ({
      // Hand-written for now: the API answers it on a POST, so the generated calculatePayoutBalance
      // is a mutation, and the payouts page reads the balance as a query the tags below refresh.
      payoutBalance: build.query<PayoutCalculation, void>({
        query: () => ({ url: '/payout-requests/calculate', method: 'POST' }),
        providesTags: ['Payouts', 'Earnings'],
      }),
    }),
  });

export const { useGetCreatorEarningStatsQuery, useListCreatorEarningsQuery } = earningsApi;
export const { useListCreatorPayoutRequestsQuery, usePayoutBalanceQuery, useCreatePayoutRequestMutation } = payoutsApi;
