import type { PerformerAccount, UpdateBankingInput, UpdatePaymentGatewayInput, UpdatePerformerInput } from '@limelight/contracts';
import { api } from '../../shared/lib/api';

export const creatorApi = api.injectEndpoints({
  endpoints: (build) => ({
    myPerformer: build.query<PerformerAccount, void>({ query: () => '/performers/me', providesTags: ['PerformerAccount'] }),
    updateMyPerformer: build.mutation<PerformerAccount, UpdatePerformerInput>({
      query: (body) => ({ url: '/performers/me', method: 'PUT', body }),
      invalidatesTags: ['PerformerAccount', 'Performer', 'Me'],
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
  }),
});

export const {
  useMyPerformerQuery,
  useUpdateMyPerformerMutation,
  useRemoveWelcomeVideoMutation,
  useUpdateBankingMutation,
  useUpdatePaymentGatewayMutation,
} = creatorApi;
