import { endpoints } from '../../shared/api/generated/blocks';

/** Blocking (decision 011): every change refetches the lists and pages a block can change. */
const affected = ['Blocks', 'Performer', 'Following', 'Followers', 'Feeds', 'Videos', 'Galleries', 'Comments', 'Subscriptions'] as const;

export const blocksApi = endpoints.enhanceEndpoints({
  endpoints: {
    listBlockedUsers: { providesTags: ['Blocks'] },
    getUserBlockStatus: { providesTags: ['Blocks'] },
    blockUser: { invalidatesTags: [...affected] },
    unblockUser: { invalidatesTags: [...affected] },
    listBlockedCountries: { providesTags: ['Blocks'] },
    // A fan's list changes which creators their lists show (decision 038).
    updateBlockedCountries: { invalidatesTags: [...affected] },
  },
});

export const {
  useListBlockedUsersQuery,
  useGetUserBlockStatusQuery,
  useBlockUserMutation,
  useUnblockUserMutation,
  useListBlockedCountriesQuery,
  useUpdateBlockedCountriesMutation,
} = blocksApi;
