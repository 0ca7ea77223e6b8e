import type { CreatorDashboard } from '@limelight/contracts';
import { api } from '../../shared/lib/api';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    creatorDashboard: build.query<CreatorDashboard, void>({
      query: () => ({ url: '/performer/dashboard' }),
      // Whatever the creator changes on the detailed screens shows here on the way back.
      providesTags: ['Earnings', 'Payouts', 'Subscriptions', 'Followers', 'Feeds', 'Orders'],
    }),
  }),
});

export const { useCreatorDashboardQuery } = dashboardApi;
