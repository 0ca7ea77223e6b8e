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

/**
 * The account's password, sign-in sessions and known devices. An admin without a second factor is
 * refused both lists until one is set up: they also hang on `TwoFactor`, so setting one up reads them again.
 */
export const signInApi = authEndpoints.enhanceEndpoints({
  endpoints: {
    changePassword: { invalidatesTags: ['Sessions'] },
    listSignInSessions: { providesTags: ['Sessions', 'TwoFactor'] },
    endSignInSession: { invalidatesTags: ['Sessions'] },
    endOtherSignInSessions: { invalidatesTags: ['Sessions'] },
    listKnownDevices: { providesTags: ['KnownDevices', 'TwoFactor'] },
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
