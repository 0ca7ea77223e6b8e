import { endpoints } from '../../shared/api/generated/admin';

export const adminApi = endpoints.enhanceEndpoints({
  endpoints: {
    adminListSettings: { providesTags: ['AdminSettings'] },
    adminUpdateSetting: { invalidatesTags: ['AdminSettings', 'PublicSettings'] },
    adminGetDashboard: { providesTags: ['Accounts'] },
    adminListAccounts: { providesTags: ['Accounts'] },
    adminUpdateAccountStatus: { invalidatesTags: ['Accounts'] },
    /** Warn, suspend, ban or restore an account (decision 045). */
    adminUpdateAccountStanding: { invalidatesTags: ['Accounts'] },
    adminListAccountStandingHistory: { providesTags: ['Accounts'] },
    adminVerifyCreatorDocuments: { invalidatesTags: ['Accounts'] },
  },
});

export const {
  useAdminListSettingsQuery,
  useAdminUpdateSettingMutation,
  useAdminListAccountsQuery,
  useAdminGetDashboardQuery,
  useAdminUpdateAccountStatusMutation,
  useAdminVerifyCreatorDocumentsMutation,
  useAdminUpdateAccountStandingMutation,
  useAdminListAccountStandingHistoryQuery,
} = adminApi;
