import type { DiscoveryPerformer, ListResponse, PerformerProfile, PublicPerformer } from '@limelight/contracts';
import { api } from '../../shared/lib/api';
import { followed, followStatesLoaded, unfollowed } from '../../shared/lib/follow';

export type Following = { _id: string; performer: PublicPerformer; createdAt: string };
export type PerformerBookmark = Following & { objectId: string };
export type Follower = { _id: string; follower: { _id: string; name: string; username: string | null; avatar: string }; createdAt: string };
type Page = { offset: number; limit: number };

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
export const newCreatorsSearch = (count: number) => ({ offset: 0, limit: count * 2, sortBy: 'newest' });
export const freeTrialSearch = (count: number) => ({ offset: 0, limit: count * 3, sortBy: 'popular', isFreeSubscription: 'true' });
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
const linkedPerformers = (page: ListResponse<{ performer: PublicPerformer }>) => page.data.map((row) => row.performer);

const bookmark = (objectId: string) => ({ objectType: 'performer', objectId, action: 'bookmark' });

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    performer: build.query<PerformerProfile, string>({
      query: (id) => `/performers/${encodeURIComponent(id)}`,
      providesTags: ['Performer'],
      onQueryStarted: syncingFollowStates((performer: PerformerProfile) => [performer]),
    }),
    follow: build.mutation<{ followed: boolean }, string>({
      query: (id) => ({ url: `/follows/${id}`, method: 'POST' }),
      invalidatesTags: ['Following', 'Performer'],
      onQueryStarted: (id, { dispatch, queryFulfilled }) =>
        queryFulfilled.then(
          () => void dispatch(followed(id)),
          () => undefined,
        ),
    }),
    unfollow: build.mutation<{ followed: boolean }, string>({
      query: (id) => ({ url: `/follows/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Following', 'Performer'],
      onQueryStarted: (id, { dispatch, queryFulfilled }) =>
        queryFulfilled.then(
          () => void dispatch(unfollowed(id)),
          () => undefined,
        ),
    }),
    bookmarkPerformer: build.mutation<unknown, string>({
      query: (id) => ({ url: '/reactions', method: 'POST', body: bookmark(id) }),
      invalidatesTags: ['Bookmarks', 'Performer'],
    }),
    unbookmarkPerformer: build.mutation<unknown, string>({
      query: (id) => ({ url: '/reactions', method: 'DELETE', body: bookmark(id) }),
      invalidatesTags: ['Bookmarks', 'Performer'],
    }),
    searchPerformers: build.query<ListResponse<DiscoveryPerformer>, Record<string, string | number | string[] | undefined>>({
      query: (params) => ({ url: '/performers/user/search', params }),
      providesTags: ['Performer'],
      onQueryStarted: syncingFollowStates((page: ListResponse<DiscoveryPerformer>) => page.data),
    }),
    popularSearches: build.query<ListResponse<{ keyword: string; count: number; lastSearchedAt: string | null }>, void>({
      query: () => ({ url: '/search/list/keywords', params: { sortBy: 'popular', limit: 8 } }),
      providesTags: ['Lookups'],
    }),
    recordSearch: build.mutation<unknown, string>({
      query: (keyword) => ({ url: '/search/keywords', method: 'POST', body: { keyword } }),
      invalidatesTags: ['Lookups'],
    }),
    topPerformers: build.query<DiscoveryPerformer[], number>({
      query: (limit) => ({ url: '/performers/top', params: { limit } }),
      providesTags: ['Performer'],
      onQueryStarted: syncingFollowStates((performers: DiscoveryPerformer[]) => performers),
    }),
    randomPerformers: build.query<DiscoveryPerformer[], number>({
      query: (limit) => ({ url: '/performers/search/random', params: { limit } }),
      providesTags: ['Performer'],
      onQueryStarted: syncingFollowStates((performers: DiscoveryPerformer[]) => performers),
    }),
    following: build.query<ListResponse<Following>, Page>({
      query: (params) => ({ url: '/follows/following', params }),
      providesTags: ['Following'],
      onQueryStarted: syncingFollowStates(linkedPerformers),
    }),
    followers: build.query<ListResponse<Follower>, Page>({
      query: (params) => ({ url: '/follows/followers', params }),
      providesTags: ['Followers'],
    }),
    bookmarkedPerformers: build.query<ListResponse<PerformerBookmark>, Page>({
      query: (params) => ({ url: '/reactions/performers/bookmark', params }),
      providesTags: ['Bookmarks'],
      onQueryStarted: syncingFollowStates(linkedPerformers),
    }),
  }),
});

export const {
  usePerformerQuery,
  useFollowMutation,
  useUnfollowMutation,
  useBookmarkPerformerMutation,
  useUnbookmarkPerformerMutation,
  useFollowingQuery,
  useFollowersQuery,
  useSearchPerformersQuery,
  usePopularSearchesQuery,
  useRecordSearchMutation,
  useTopPerformersQuery,
  useRandomPerformersQuery,
  useBookmarkedPerformersQuery,
} = profileApi;
