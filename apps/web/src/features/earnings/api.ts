import { endpoints } from '../../shared/api/generated/earnings';
import { endpoints as payoutsEndpoints } from '../../shared/api/generated/payouts';

export const earningsApi = endpoints.enhanceEndpoints({
  endpoints: {
    getCreatorEarningStats: { providesTags: ['Earnings', 'Payouts'] },
    listCreatorEarnings: { providesTags: ['Earnings'] },
  },
});

export const payoutsApi = payoutsEndpoints.enhanceEndpoints({
  endpoints: {
    listCreatorPayoutRequests: { providesTags: ['Payouts'] },
    createPayoutRequest: { invalidatesTags: ['Payouts', 'Me'] },
    // A read on a POST (the spec's path), generated as a query: what may be asked for now.
    calculatePayoutBalance: { providesTags: ['Payouts', 'Earnings'] },
  },
});

export const { useGetCreatorEarningStatsQuery, useListCreatorEarningsQuery } = earningsApi;
export const { useListCreatorPayoutRequestsQuery, useCalculatePayoutBalanceQuery, useCreatePayoutRequestMutation } = payoutsApi;
