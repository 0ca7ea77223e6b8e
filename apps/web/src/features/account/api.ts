import { endpoints as authEndpoints } from '../../shared/api/generated/auth';
import { endpoints as usersEndpoints } from '../../shared/api/generated/users';
import { userLoaded } from '../../shared/lib/session';

export const accountApi = usersEndpoints.enhanceEndpoints({
  endpoints: {
    updateCurrentUser: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(userLoaded(data));
      },
    },
    cancelPendingEmailChange: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(userLoaded(data));
      },
    },
  },
});

/** The account's password, sign-in sessions and known devices. */
export const signInApi = authEndpoints.enhanceEndpoints({
  endpoints: {
    changePassword: { invalidatesTags: ['Sessions'] },
    listSignInSessions: { providesTags: ['Sessions'] },
    endSignInSession: { invalidatesTags: ['Sessions'] },
    endOtherSignInSessions: { invalidatesTags: ['Sessions'] },
    listKnownDevices: { providesTags: ['KnownDevices'] },
    forgetKnownDevice: { invalidatesTags: ['KnownDevices'] },
  },
});

export const { useDeleteCurrentUserMutation, useUpdateCurrentUserMutation, useCancelPendingEmailChangeMutation } = accountApi;
export const {
  useChangePasswordMutation,
  useListSignInSessionsQuery,
  useEndSignInSessionMutation,
  useEndOtherSignInSessionsMutation,
  useListKnownDevicesQuery,
  useForgetKnownDeviceMutation,
} = signInApi;
