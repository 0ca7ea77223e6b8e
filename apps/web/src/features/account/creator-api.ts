import type {
  PerformerAccount,
  StripeConnectAccount,
  UpdateBankingInput,
  UpdatePaymentGatewayInput,
  UpdatePerformerInput,
} from '@limelight/contracts';
import { api } from '../../shared/lib/api';

export const creatorApi = api.injectEndpoints({
  endpoints: (build) => ({
    myPerformer: build.query<PerformerAccount, void>({ query: () => '/performers/me', providesTags: ['PerformerAccount'] }),
    updateMyPerformer: build.mutation<PerformerAccount, UpdatePerformerInput>({
      query: (body) => ({ url: '/performers/me', method: 'PUT', body }),
      invalidatesTags: ['PerformerAccount', 'Performer', 'Me'],
    }),
    /** Takes back the profile change waiting for review, or puts away the notice of a refused one (decision 055). */
    withdrawProfileRevision: build.mutation<PerformerAccount, void>({
      query: () => ({ url: '/performers/me/profile-revision', method: 'DELETE' }),
      invalidatesTags: ['PerformerAccount'],
    }),
    removeWelcomeVideo: build.mutation<PerformerAccount, void>({
      query: () => ({ url: '/performers/welcome-video', method: 'DELETE' }),
      invalidatesTags: ['PerformerAccount', 'Performer'],
    }),
    updateBanking: build.mutation<PerformerAccount, UpdateBankingInput>({
      query: (body) => ({ url: '/performers/banking-settings', method: 'PUT', body }),
      invalidatesTags: ['PerformerAccount'],
    }),
    updatePaymentGateway: build.mutation<PerformerAccount, UpdatePaymentGatewayInput>({
      query: (body) => ({ url: '/performers/payment-gateway-settings', method: 'PUT', body }),
      invalidatesTags: ['PerformerAccount'],
    }),
    /** Read from Stripe each time (decision 038): refetched when the creator comes back from Stripe. */
    stripeConnect: build.query<StripeConnectAccount, void>({ query: () => '/stripe/accounts/me', providesTags: ['PerformerAccount'] }),
    /** A fresh Stripe onboarding link (an account is made the first time). */
    startStripeOnboarding: build.mutation<{ accountId: string; url: string }, void>({
      query: () => ({ url: '/stripe/accounts', method: 'POST' }),
    }),
  }),
});

export const {
  useMyPerformerQuery,
  useUpdateMyPerformerMutation,
  useRemoveWelcomeVideoMutation,
  useWithdrawProfileRevisionMutation,
  useUpdateBankingMutation,
  useUpdatePaymentGatewayMutation,
  useStripeConnectQuery,
  useStartStripeOnboardingMutation,
} = creatorApi;
