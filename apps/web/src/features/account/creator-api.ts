import type { StripeConnectAccount } from '@limelight/contracts';
import type { StartStripeConnectOnboardingApiResponse } from '../../shared/api/generated/payments';
import { endpoints } from '../../shared/api/generated/performers';
import { api } from '../../shared/lib/api';

export const creatorApi = endpoints.enhanceEndpoints({
  endpoints: {
    getMyCreatorAccount: { providesTags: ['PerformerAccount'] },
    updateMyCreatorAccount: { invalidatesTags: ['PerformerAccount', 'Performer', 'Me'] },
    /** Takes back the profile change waiting for review, or puts away the notice of a refused one (decision 055). */
    withdrawCreatorProfileRevision: { invalidatesTags: ['PerformerAccount'] },
    deleteCreatorWelcomeVideo: { invalidatesTags: ['PerformerAccount', 'Performer'] },
    updateCreatorBankingSettings: { invalidatesTags: ['PerformerAccount'] },
    updateCreatorPaymentGatewaySettings: { invalidatesTags: ['PerformerAccount'] },
  },
});

// Hand-written for now: the generated payments module also injects retryPayment, and the first
// injection of a name wins, so loading it before the wallet would break the wallet's own retryPayment.
export const stripeConnectApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Read from Stripe each time (decision 038): refetched when the creator comes back from Stripe. */
    stripeConnect: build.query<StripeConnectAccount, void>({ query: () => '/stripe/accounts/me', providesTags: ['PerformerAccount'] }),
    /** A fresh Stripe onboarding link (an account is made the first time). */
    startStripeOnboarding: build.mutation<StartStripeConnectOnboardingApiResponse, void>({
      query: () => ({ url: '/stripe/accounts', method: 'POST' }),
    }),
  }),
});

export const {
  useGetMyCreatorAccountQuery,
  useUpdateMyCreatorAccountMutation,
  useDeleteCreatorWelcomeVideoMutation,
  useWithdrawCreatorProfileRevisionMutation,
  useUpdateCreatorBankingSettingsMutation,
  useUpdateCreatorPaymentGatewaySettingsMutation,
} = creatorApi;
export const { useStripeConnectQuery, useStartStripeOnboardingMutation } = stripeConnectApi;
