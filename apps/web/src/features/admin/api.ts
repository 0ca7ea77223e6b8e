import type { AdminAccount, AdminDashboard, AdminSetting, ListResponse, StandingActionInput, StandingRecord } from '@limelight/contracts';
import { api } from '../../shared/lib/api';

export type AccountsQuery = {
  role: 'user' | 'performer' | 'admin';
  offset: number;
  limit: number;
  sortBy: string;
  sort: string;
  q?: string;
  status?: string;
  verified?: string;
  standing?: string;
  verification?: string;
};

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminSettings: build.query<AdminSetting[], void>({ query: () => '/admin/settings', providesTags: ['AdminSettings'] }),
    updateSetting: build.mutation<AdminSetting, { key: string; value: unknown }>({
      query: ({ key, value }) => ({ url: `/admin/settings/${key}`, method: 'PUT', body: { value } }),
      invalidatesTags: ['AdminSettings', 'PublicSettings'],
    }),
    adminDashboard: build.query<AdminDashboard, number>({
      query: (days) => ({ url: '/admin/dashboard', params: { days } }),
      providesTags: ['Accounts'],
    }),
    accounts: build.query<ListResponse<AdminAccount>, AccountsQuery>({
      query: (params) => ({ url: '/admin/accounts', params }),
      providesTags: ['Accounts'],
    }),
    setAccountStatus: build.mutation<{ message: string }, { id: string; status: 'active' | 'inactive' }>({
      query: ({ id, status }) => ({ url: `/admin/accounts/${id}/status`, method: 'PUT', body: { status } }),
      invalidatesTags: ['Accounts'],
    }),
    /** Warn, suspend, ban or restore an account (decision 045). */
    setStanding: build.mutation<{ message: string }, StandingActionInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/admin/accounts/${id}/standing`, method: 'PUT', body }),
      invalidatesTags: ['Accounts'],
    }),
    standingHistory: build.query<{ data: StandingRecord[] }, string>({
      query: (id) => `/admin/accounts/${id}/standing`,
      providesTags: ['Accounts'],
    }),
    verifyDocuments: build.mutation<{ message: string }, { id: string; verified: boolean; reason?: string }>({
      query: ({ id, ...body }) => ({ url: `/admin/performers/${id}/verify-documents`, method: 'PUT', body }),
      invalidatesTags: ['Accounts'],
    }),
  }),
});

export const {
  useAdminSettingsQuery,
  useUpdateSettingMutation,
  useAccountsQuery,
  useAdminDashboardQuery,
  useSetAccountStatusMutation,
  useVerifyDocumentsMutation,
  useSetStandingMutation,
  useStandingHistoryQuery,
} = adminApi;
