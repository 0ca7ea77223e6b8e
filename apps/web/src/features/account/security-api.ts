import { endpoints } from '../../shared/api/generated/two-factor';

/** Second factors and passkeys of the signed-in account (decision 048). */
export const securityApi = endpoints.enhanceEndpoints({
  endpoints: {
    getTwoFactorStatus: { providesTags: ['TwoFactor'] },
    confirmTotpSetup: { invalidatesTags: ['TwoFactor'] },
    disableTotp: { invalidatesTags: ['TwoFactor'] },
    regenerateRecoveryCodes: { invalidatesTags: ['TwoFactor'] },
    // The status carries the step-up's end: every payout page of this session then knows it.
    stepUpSession: { invalidatesTags: ['TwoFactor'] },
    listPasskeys: { providesTags: ['TwoFactor'] },
    addPasskey: { invalidatesTags: ['TwoFactor'] },
    removePasskey: { invalidatesTags: ['TwoFactor'] },
  },
});

export const {
  useGetTwoFactorStatusQuery,
  useStartTotpSetupMutation,
  useConfirmTotpSetupMutation,
  useDisableTotpMutation,
  useRegenerateRecoveryCodesMutation,
  useStepUpSessionMutation,
  // A challenge for one of this account's own passkeys (a step-up): sent back with the signature.
  useGetPasskeyAssertionOptionsMutation,
  useListPasskeysQuery,
  useGetPasskeyRegistrationOptionsMutation,
  useAddPasskeyMutation,
  useRemovePasskeyMutation,
} = securityApi;
