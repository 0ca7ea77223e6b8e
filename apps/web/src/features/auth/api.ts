import {
  endpoints as authEndpoints,
  type RegisterCreatorApiResponse,
  type RegisterFanApiResponse,
  type StartTwitterSignInApiArg,
} from '../../shared/api/generated/auth';
import { endpoints as usersEndpoints } from '../../shared/api/generated/users';
import { userLoaded } from '../../shared/lib/session';

export type SocialRole = NonNullable<StartTwitterSignInApiArg['body']['role']>;
/** What a sign-up answers: a fan's (registerFan), or a creator's (a form with its documents, sent with upload progress). */
export type Registered = RegisterFanApiResponse | RegisterCreatorApiResponse;

/** The signed-in account, kept in the session as each answer brings it. */
export const currentUserApi = usersEndpoints.enhanceEndpoints({
  endpoints: {
    getCurrentUser: {
      providesTags: ['Me'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(userLoaded(data));
      },
    },
  },
});

/** Signing up, in and out, and the links e-mails carry; what changes the account reads it again. */
export const authApi = authEndpoints.enhanceEndpoints({
  endpoints: {
    acceptAgreements: { invalidatesTags: ['Me'] },
    confirmEmailChange: { invalidatesTags: ['Me'] },
  },
});

export const { useGetCurrentUserQuery } = currentUserApi;
export const {
  useAcceptAgreementsMutation,
  useSignInMutation,
  useCompleteTwoFactorSignInMutation,
  useGetTwoFactorSignInPasskeyOptionsMutation,
  useGetPasskeySignInOptionsMutation,
  useSignInWithPasskeyMutation,
  useSignOutMutation,
  useRegisterFanMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
  useRequestEmailVerificationMutation,
  useVerifyEmailMutation,
  useConfirmEmailChangeMutation,
  useUndoEmailChangeMutation,
  useSignInWithLoginTokenMutation,
  useSignInWithGoogleCodeMutation,
  useStartTwitterSignInMutation,
  useCompleteTwitterSignInMutation,
} = authApi;
