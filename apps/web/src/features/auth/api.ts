import type {
  CurrentUser,
  LoginAnswer,
  LoginInput,
  PasskeyOptionsAnswer,
  PasskeySignInInput,
  PendingAgreement,
  RegisterUserInput,
  SecondFactorSignIn,
  Session,
  SignUpAgreements,
} from '@limelight/contracts';
import { api } from '../../shared/lib/api';
import { userLoaded } from '../../shared/lib/session';

type Message = { message: string };
export type SocialRole = 'user' | 'performer';
export type TwitterRequest = { oauthToken: string; oauthTokenSecret: string; role: SocialRole; url: string };
export type Registered = Message & { _id: string; requireEmailVerification: boolean };

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    me: build.query<CurrentUser, void>({
      query: () => '/users/me',
      providesTags: ['Me'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(userLoaded(data));
      },
    }),
    login: build.mutation<LoginAnswer, LoginInput>({ query: (body) => ({ url: '/auth/login', method: 'POST', body }) }),
    secondFactor: build.mutation<Session, SecondFactorSignIn>({ query: (body) => ({ url: '/auth/2fa', method: 'POST', body }) }),
    secondFactorPasskeyOptions: build.mutation<PasskeyOptionsAnswer, { challenge: string }>({
      query: (body) => ({ url: '/auth/2fa/passkey-options', method: 'POST', body }),
    }),
    passkeySignInOptions: build.mutation<PasskeyOptionsAnswer, void>({
      query: () => ({ url: '/auth/passkeys/sign-in/options', method: 'POST' }),
    }),
    passkeySignIn: build.mutation<Session, PasskeySignInInput>({
      query: (body) => ({ url: '/auth/passkeys/sign-in', method: 'POST', body }),
    }),
    acceptAgreements: build.mutation<{ pendingAgreements: PendingAgreement[] }, SignUpAgreements>({
      query: (body) => ({ url: '/agreements/accept', method: 'POST', body }),
      invalidatesTags: ['Me'],
    }),
    logout: build.mutation<Message, void>({ query: () => ({ url: '/auth/logout', method: 'POST' }) }),
    registerUser: build.mutation<Registered, RegisterUserInput>({
      query: (body) => ({ url: '/auth/users/register', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<Message, { email: string }>({ query: (body) => ({ url: '/auth/users/forgot', method: 'POST', body }) }),
    resetPassword: build.mutation<Message, { token: string; password: string }>({
      query: (body) => ({ url: '/auth/users/reset-password', method: 'POST', body }),
    }),
    resendVerification: build.mutation<Message, { email: string }>({
      query: (body) => ({ url: '/auth/email-verification', method: 'POST', body }),
    }),
    verifyEmail: build.mutation<Message, { token: string }>({
      query: (body) => ({ url: '/auth/email-verification/verify', method: 'POST', body }),
    }),
    confirmEmailChange: build.mutation<Message, { token: string }>({
      query: (body) => ({ url: '/auth/email-change/confirm', method: 'POST', body }),
      invalidatesTags: ['Me'],
    }),
    undoEmailChange: build.mutation<Message, { token: string }>({
      query: (body) => ({ url: '/auth/email-change/undo', method: 'POST', body }),
    }),
    googleToken: build.mutation<LoginAnswer, { code: string; redirectUri: string; role: SocialRole }>({
      query: (body) => ({ url: '/auth/google/token', method: 'POST', body }),
    }),
    twitterLogin: build.mutation<TwitterRequest, { role: SocialRole }>({
      query: (body) => ({ url: '/auth/twitter/login', method: 'POST', body }),
    }),
    twitterCallback: build.mutation<LoginAnswer, { oauthToken: string; oauthTokenSecret?: string; oauthVerifier: string }>({
      query: (body) => ({ url: '/auth/twitter/callback', method: 'POST', body }),
    }),
    tokenLogin: build.mutation<LoginAnswer & { redirect?: string; impersonated?: boolean }, { token: string; redirect?: string }>({
      query: (body) => ({ url: '/auth/token-login', method: 'POST', body }),
    }),
  }),
});

export const {
  useMeQuery,
  useAcceptAgreementsMutation,
  useLoginMutation,
  useSecondFactorMutation,
  useSecondFactorPasskeyOptionsMutation,
  usePasskeySignInOptionsMutation,
  usePasskeySignInMutation,
  useLogoutMutation,
  useRegisterUserMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useResendVerificationMutation,
  useVerifyEmailMutation,
  useConfirmEmailChangeMutation,
  useUndoEmailChangeMutation,
  useTokenLoginMutation,
  useGoogleTokenMutation,
  useTwitterLoginMutation,
  useTwitterCallbackMutation,
} = authApi;
