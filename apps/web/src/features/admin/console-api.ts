import { endpoints } from '../../shared/api/generated/admin';

export type ConsoleQuery = Record<string, string | number | undefined>;

export const consoleApi = endpoints.enhanceEndpoints({
  endpoints: {
    adminListEntities: { providesTags: ['AdminEntities'] },
    adminGetEntity: { providesTags: ['AdminEntities'] },
    adminReadConversation: { invalidatesTags: ['Audit'] },
    adminGetAccount: { providesTags: ['Accounts'] },
    adminUpdateAccount: { invalidatesTags: ['Accounts', 'Audit'] },
    adminAdjustAccountWallet: { invalidatesTags: ['Accounts', 'Audit'] },
    adminImpersonateAccount: { invalidatesTags: ['Audit'] },
    adminCreateAdmin: { invalidatesTags: ['Audit'] },
    adminListAuditEvents: { providesTags: ['Audit'] },
  },
});

export const {
  useAdminListEntitiesQuery,
  useAdminGetEntityQuery,
  useAdminReadConversationMutation,
  useAdminGetAccountQuery,
  useAdminUpdateAccountMutation,
  useAdminAdjustAccountWalletMutation,
  useAdminImpersonateAccountMutation,
  useAdminCreateAdminMutation,
  useAdminListAuditEventsQuery,
} = consoleApi;
