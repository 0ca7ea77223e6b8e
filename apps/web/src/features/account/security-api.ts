import type {
  AddPasskeyInput,
  DisableTotpInput,
  ListResponse,
  Passkey,
  PasskeyOptionsAnswer,
  RecoveryCodes,
  StepUpInput,
  TotpSetup,
  TwoFactorStatus,
} from '@limelight/contracts';
import { api } from '../../shared/lib/api';

type Message = { message: string };

/** Second factors and passkeys of the signed-in account (decision 048). */
export const securityApi = api.injectEndpoints({
  endpoints: (build) => ({
    twoFactorStatus: build.query<TwoFactorStatus, void>({ query: () => '/auth/2fa', providesTags: ['TwoFactor'] }),
    setupTotp: build.mutation<TotpSetup, void>({ query: () => ({ url: '/auth/2fa/totp/setup', method: 'POST' }) }),
    confirmTotp: build.mutation<RecoveryCodes, { code: string }>({
      query: (body) => ({ url: '/auth/2fa/totp/confirm', method: 'POST', body }),
      invalidatesTags: ['TwoFactor'],
    }),
    disableTotp: build.mutation<Message, DisableTotpInput>({
      query: (body) => ({ url: '/auth/2fa/totp/disable', method: 'POST', body }),
      invalidatesTags: ['TwoFactor'],
    }),
    regenerateRecoveryCodes: build.mutation<RecoveryCodes, StepUpInput>({
      query: (body) => ({ url: '/auth/2fa/recovery-codes', method: 'POST', body }),
      invalidatesTags: ['TwoFactor'],
    }),
    stepUp: build.mutation<{ until: string; message: string }, StepUpInput>({
      query: (body) => ({ url: '/auth/2fa/step-up', method: 'POST', body }),
      // The status carries the step-up's end: every payout page of this session then knows it.
      invalidatesTags: ['TwoFactor'],
    }),
    /** A challenge for one of this account's own passkeys (a step-up): sent back with the signature. */
    passkeyAssertionOptions: build.mutation<PasskeyOptionsAnswer, void>({
      query: () => ({ url: '/auth/passkeys/assertion-options', method: 'POST' }),
    }),
    passkeys: build.query<ListResponse<Passkey>, void>({ query: () => '/auth/passkeys', providesTags: ['TwoFactor'] }),
    passkeyRegistrationOptions: build.mutation<PasskeyOptionsAnswer, void>({
      query: () => ({ url: '/auth/passkeys/registration-options', method: 'POST' }),
    }),
    addPasskey: build.mutation<Passkey, AddPasskeyInput>({
      query: (body) => ({ url: '/auth/passkeys', method: 'POST', body }),
      invalidatesTags: ['TwoFactor'],
    }),
    removePasskey: build.mutation<Message, string>({
      query: (id) => ({ url: `/auth/passkeys/${id}`, method: 'DELETE' }),
      invalidatesTags: ['TwoFactor'],
    }),
  }),
});

export const {
  useTwoFactorStatusQuery,
  useSetupTotpMutation,
  useConfirmTotpMutation,
  useDisableTotpMutation,
  useRegenerateRecoveryCodesMutation,
  useStepUpMutation,
  usePasskeyAssertionOptionsMutation,
  usePasskeysQuery,
  usePasskeyRegistrationOptionsMutation,
  useAddPasskeyMutation,
  useRemovePasskeyMutation,
} = securityApi;
