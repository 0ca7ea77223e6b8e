import type { BlockedUser, BlockUserInput, ListResponse } from '@limelight/contracts';
import { api } from '../../shared/lib/api';

/** Blocking (decision 011): every change refetches the lists and pages a block can change. */
const affected = ['Blocks', 'Performer', 'Following', 'Followers', 'Feeds', 'Videos', 'Galleries', 'Comments', 'Subscriptions'] as const;

export const blocksApi = api.injectEndpoints({
  endpoints: (build) => ({
    blockedUsers: build.query<ListResponse<BlockedUser>, { offset: number; limit: number; q?: string }>({
      query: (params) => ({ url: '/block/users', params }),
      providesTags: ['Blocks'],
    }),
    blockStatus: build.query<{ blocked: boolean }, string>({
      query: (id) => `/block/users/${id}`,
      providesTags: ['Blocks'],
    }),
    blockUser: build.mutation<BlockedUser, BlockUserInput>({
      query: (body) => ({ url: '/block/users', method: 'POST', body }),
      invalidatesTags: [...affected],
    }),
    unblockUser: build.mutation<void, string>({
      query: (id) => ({ url: `/block/users/${id}`, method: 'DELETE' }),
      invalidatesTags: [...affected],
    }),
    blockedCountries: build.query<{ countryCodes: string[] }, void>({
      query: () => '/block/countries',
      providesTags: ['Blocks'],
    }),
    setBlockedCountries: build.mutation<{ countryCodes: string[] }, string[]>({
      query: (countryCodes) => ({ url: '/block/countries', method: 'POST', body: { countryCodes } }),
      // A fan's list changes which creators their lists show (decision 038).
      invalidatesTags: [...affected],
    }),
  }),
});

export const {
  useBlockedUsersQuery,
  useBlockStatusQuery,
  useBlockUserMutation,
  useUnblockUserMutation,
  useBlockedCountriesQuery,
  useSetBlockedCountriesMutation,
} = blocksApi;
