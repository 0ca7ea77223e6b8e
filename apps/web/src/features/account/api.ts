import type { ActiveSession, CurrentUser, DeleteAccountInput, KnownDevice, ListResponse, UpdateAccountInput } from '@limelight/contracts';
import { api } from '../../shared/lib/api';
import { userLoaded } from '../../shared/lib/session';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateAccount: build.mutation<CurrentUser, UpdateAccountInput>({
      query: (body) => ({ url: '/users', method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(userLoaded(data));
      },
    }),
    cancelEmailChange: build.mutation<CurrentUser, void>({
      query: () => ({ url: '/users/me/email-change', method: 'DELETE' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(userLoaded(data));
      },
    }),
    changePassword: build.mutation<{ message: string }, { password: string; source: 'user' | 'performer'; currentPassword: string }>({
      query: (body) => ({ url: '/auth/users/me/password', method: 'PUT', body }),
      invalidatesTags: ['Sessions'],
    }),
    deleteAccount: build.mutation<{ message: string }, DeleteAccountInput>({
      query: (body) => ({ url: '/users/me', method: 'DELETE', body }),
    }),
    sessions: build.query<ListResponse<ActiveSession>, void>({ query: () => '/auth/sessions', providesTags: ['Sessions'] }),
    endSession: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/auth/sessions/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Sessions'],
    }),
    endOtherSessions: build.mutation<{ message: string; ended: number }, void>({
      query: () => ({ url: '/auth/sessions', method: 'DELETE' }),
      invalidatesTags: ['Sessions'],
    }),
    knownDevices: build.query<ListResponse<KnownDevice>, void>({ query: () => '/auth/devices', providesTags: ['KnownDevices'] }),
    forgetDevice: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/auth/devices/${id}`, method: 'DELETE' }),
      invalidatesTags: ['KnownDevices'],
    }),
  }),
});

export const {
  useDeleteAccountMutation,
  useUpdateAccountMutation,
  useCancelEmailChangeMutation,
  useChangePasswordMutation,
  useSessionsQuery,
  useEndSessionMutation,
  useEndOtherSessionsMutation,
  useKnownDevicesQuery,
  useForgetDeviceMutation,
} = accountApi;
