import { endpoints as paymentsEndpoints } from '../../shared/api/generated/payments';
import { endpoints } from '../../shared/api/generated/performers';

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

/**
 * Stripe Connect, listed under the payments in the API's document: the account's status, and
 * startStripeConnectOnboarding, a fresh onboarding link (an account is made the first time).
 */
export const stripeConnectApi = paymentsEndpoints.enhanceEndpoints({
  endpoints: {
    /** Read from Stripe each time (decision 038): refetched when the creator comes back from Stripe. */
    getStripeConnectAccount: { providesTags: ['PerformerAccount'] },
  },
});

export const {
  useGetMyCreatorAccountQuery,
  useUpdateMyCreatorAccountMutation,
  useDeleteCreatorWelcomeVideoMutation,
  useWithdrawCreatorProfileRevisionMutation,
  useUpdateCreatorBankingSettingsMutation,
  useUpdateCreatorPaymentGatewaySettingsMutation,
} = creatorApi;
export const { useGetStripeConnectAccountQuery, useStartStripeConnectOnboardingMutation } = stripeConnectApi;
