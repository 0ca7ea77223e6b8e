import type {
  AdminAccountDetail,
  AdminAccountUpdate,
  AdminEntityDetail,
  AdminEntityKind,
  AdminEntityRow,
  AdminMessage,
  AuditEvent,
  CreateAdminInput,
  ListResponse,
  WalletAdjustmentInput,
} from '@limelight/contracts';
import { IDEMPOTENCY_HEADER } from '@limelight/contracts';
import { api } from '../../shared/lib/api';

export type ConsoleQuery = Record<string, string | number | undefined>;

export const consoleApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminEntities: build.query<ListResponse<AdminEntityRow>, { kind: AdminEntityKind } & ConsoleQuery>({
      query: ({ kind, ...params }) => ({ url: `/admin/entities/${kind}`, params }),
      providesTags: ['AdminEntities'],
    }),
    adminEntity: build.query<AdminEntityDetail, { kind: AdminEntityKind; id: string }>({
      query: ({ kind, id }) => `/admin/entities/${kind}/${encodeURIComponent(id)}`,
      providesTags: ['AdminEntities'],
    }),
    readConversation: build.mutation<{ data: AdminMessage[] }, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/conversations/${id}/read`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Audit'],
    }),
    adminAccount: build.query<AdminAccountDetail, string>({
      query: (id) => `/admin/accounts/${id}`,
      providesTags: ['Accounts'],
    }),
    updateAdminAccount: build.mutation<AdminAccountDetail, { id: string; body: AdminAccountUpdate }>({
      query: ({ id, body }) => ({ url: `/admin/accounts/${id}`, method: 'PATCH', body }),
      invalidatesTags: ['Accounts', 'Audit'],
    }),
    adjustWallet: build.mutation<{ _id: string; balance: number }, { id: string; key: string; body: WalletAdjustmentInput }>({
      query: ({ id, key, body }) => ({
        url: `/admin/accounts/${id}/wallet-adjustments`,
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_HEADER]: key },
      }),
      invalidatesTags: ['Accounts', 'Audit'],
    }),
    impersonate: build.mutation<{ url: string }, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/accounts/${id}/impersonate`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Audit'],
    }),
    createAdmin: build.mutation<{ _id: string; message: string }, CreateAdminInput>({
      query: (body) => ({ url: '/admin/admins', method: 'POST', body }),
      invalidatesTags: ['Audit'],
    }),
    audit: build.query<ListResponse<AuditEvent>, ConsoleQuery>({
      query: (params) => ({ url: '/admin/audit', params }),
      providesTags: ['Audit'],
    }),
  }),
});

export const {
  useAdminEntitiesQuery,
  useAdminEntityQuery,
  useReadConversationMutation,
  useAdminAccountQuery,
  useUpdateAdminAccountMutation,
  useAdjustWalletMutation,
  useImpersonateMutation,
  useCreateAdminMutation,
  useAuditQuery,
} = consoleApi;
