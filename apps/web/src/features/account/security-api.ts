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

/**
 * Whether this account must still set up a second factor before anything else (admins, decision
 * 048): undefined while that is being read. Asked only when `ask` holds (the admin area asks).
 */
export function useSecondFactorDue(ask: boolean): boolean | undefined {
  const { data, isError } = useGetTwoFactorStatusQuery(undefined, { skip: !ask });
  if (!ask || isError) return false;
  return data?.required && !data.enabled;
}
