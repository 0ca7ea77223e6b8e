import { endpoints } from '../../shared/api/generated/earnings';

export const dashboardApi = endpoints.enhanceEndpoints({
  endpoints: {
    getCreatorDashboard: {
      // Whatever the creator changes on the detailed screens shows here on the way back.
      providesTags: ['Earnings', 'Payouts', 'Subscriptions', 'Followers', 'Feeds', 'Orders'],
    },
  },
});

export const { useGetCreatorDashboardQuery } = dashboardApi;
