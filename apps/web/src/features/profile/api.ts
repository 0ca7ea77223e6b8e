import { endpoints as followsEndpoints, type ListCreatorFollowersApiResponse } from '../../shared/api/generated/follows';
import { endpoints as performersEndpoints, type SearchCreatorsApiArg } from '../../shared/api/generated/performers';
import { endpoints as reactionsEndpoints } from '../../shared/api/generated/reactions';
import { endpoints as searchEndpoints } from '../../shared/api/generated/search';
import { useReaction } from '../../shared/api/reactions';
import { followed, followStatesLoaded, unfollowed } from '../../shared/lib/follow';

export type Follower = ListCreatorFollowersApiResponse['data'][number];

/**
 * How many creators each discovery shelf asks for: a full shelf on /explore, a preview on the front
 * page, the suggestions beside a fan's timeline. The shelves ask for these and the router asks the
 * same early, so the early answer is the one the page uses.
 */
export const discoveryCounts = { shelf: 8, preview: 4, suggestions: 6 };
/** Popular creators asked for beside a fan's timeline: enough that six remain once those they follow are left out. */
export const suggestionPool = 24;
/**
 * The searches behind the "New creators" and "Free trial" shelves of `count` creators. A creator
 * shows on the first shelf that has them only (top, new, free trial, random), so each shelf asks
 * for as many more as the shelves before it may take.
 */
export const newCreatorsSearch = (count: number): SearchCreatorsApiArg => ({ offset: 0, limit: count * 2, sortBy: 'newest' });
export const freeTrialSearch = (count: number): SearchCreatorsApiArg => ({
  offset: 0,
  limit: count * 3,
  sortBy: 'popular',
  isFreeSubscription: 'true',
});
export const randomShelfAsk = (count: number) => discoveryCounts.preview + count * 3;

/**
 * Every answer that carries creators tells the follow buttons which of them the user follows
 * (spec 3, followedIds), so a button shows what the server knows on any page, after a reload too.
 */
const syncingFollowStates =
  <Result>(performersIn: (result: Result) => Array<{ _id: string; isFollowed: boolean }>) =>
  (_arg: unknown, { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: Result }> }) =>
    queryFulfilled.then(
      ({ data }) => void dispatch(followStatesLoaded(performersIn(data))),
      () => undefined,
    );
const linkedPerformers = (page: { data: Array<{ performer: { _id: string; isFollowed: boolean } }> }) =>
  page.data.map((row) => row.performer);

export const profileApi = performersEndpoints.enhanceEndpoints({
  endpoints: {
    getCreatorProfile: { providesTags: ['Performer'], onQueryStarted: syncingFollowStates((performer) => [performer]) },
    searchCreators: { providesTags: ['Performer'], onQueryStarted: syncingFollowStates((page) => page.data) },
    listTopCreators: { providesTags: ['Performer'], onQueryStarted: syncingFollowStates((performers) => performers) },
    listRandomCreators: { providesTags: ['Performer'], onQueryStarted: syncingFollowStates((performers) => performers) },
  },
});

export const followsApi = followsEndpoints.enhanceEndpoints({
  endpoints: {
    followCreator: {
      invalidatesTags: ['Following', 'Performer'],
      onQueryStarted: ({ id }, { dispatch, queryFulfilled }) =>
        queryFulfilled.then(
          () => void dispatch(followed(id)),
          () => undefined,
        ),
    },
    unfollowCreator: {
      invalidatesTags: ['Following', 'Performer'],
      onQueryStarted: ({ id }, { dispatch, queryFulfilled }) =>
        queryFulfilled.then(
          () => void dispatch(unfollowed(id)),
          () => undefined,
        ),
    },
    listFollowedCreators: { providesTags: ['Following'], onQueryStarted: syncingFollowStates(linkedPerformers) },
    listCreatorFollowers: { providesTags: ['Followers'] },
  },
});

/** The searches people make, counted for the popular ones shown under the search box. */
export const searchesApi = searchEndpoints.enhanceEndpoints({
  endpoints: {
    listSearchKeywords: { providesTags: ['Lookups'] },
    recordSearchKeyword: { invalidatesTags: ['Lookups'] },
  },
});

/** The fan's bookmarked creators, listed under the reactions in the API's document. */
export const bookmarkedCreatorsApi = reactionsEndpoints.enhanceEndpoints({
  endpoints: { listBookmarkedCreators: { providesTags: ['Bookmarks'], onQueryStarted: syncingFollowStates(linkedPerformers) } },
});

/** Bookmarks a creator (`on`) or takes the bookmark back, then refetches the bookmarks and the creator's page. */
export const useBookmarkCreator = () =>
  useReaction(
    (performerId: string) => ({ objectType: 'performer', objectId: performerId, action: 'bookmark' }),
    () => ['Bookmarks', 'Performer'],
  );

export const { useGetCreatorProfileQuery, useSearchCreatorsQuery, useListTopCreatorsQuery, useListRandomCreatorsQuery } = profileApi;
export const { useFollowCreatorMutation, useUnfollowCreatorMutation, useListFollowedCreatorsQuery, useListCreatorFollowersQuery } =
  followsApi;
export const { useListSearchKeywordsQuery, useRecordSearchKeywordMutation } = searchesApi;
export const { useListBookmarkedCreatorsQuery } = bookmarkedCreatorsApi;
