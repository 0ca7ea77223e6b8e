import type {
  CreatePollInput,
  Feed,
  FeedPage,
  FeedType,
  ListResponse,
  MediaFile,
  Poll,
  SaveFeedInput,
  SetAltTextInput,
} from '@limelight/contracts';
import { api } from '../../shared/lib/api';

export type FeedSource = { kind: 'timeline' } | { kind: 'creator'; username: string };
type FeedPageArg = { source: FeedSource; type?: FeedType };
type FeedReaction = { feedId: string; action: 'like' | 'bookmark'; on: boolean };

/** Replaces one post wherever it is cached, so a vote or a like shows at once. */
const patchFeed = (pages: { pages: FeedPage[] }, feed: Pick<Feed, '_id'> & Partial<Feed>) => {
  for (const page of pages.pages) {
    const index = page.data.findIndex((item) => item._id === feed._id);
    if (index >= 0) page.data[index] = { ...page.data[index]!, ...feed };
  }
};

/** A post answered 404 (deleted, or hidden by moderation since the list loaded): its lists are refetched without it. */
const gone = (error: unknown) => (error as { status?: unknown } | undefined)?.status === 404;

export const feedsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Keyset pages: the home timeline or one creator's posts. */
    feedPages: build.infiniteQuery<FeedPage, FeedPageArg, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg, pageParam }) => ({
        url: queryArg.source.kind === 'timeline' ? '/user/feeds' : `/user/feeds/search/${encodeURIComponent(queryArg.source.username)}`,
        params: { limit: 10, ...(pageParam ? { cursor: pageParam } : {}), ...(queryArg.type ? { type: queryArg.type } : {}) },
      }),
      providesTags: ['Feeds'],
    }),
    bookmarkedFeeds: build.query<ListResponse<{ _id: string; feed: Feed }>, { offset: number; limit: number }>({
      query: (params) => ({ url: '/reactions/feeds/bookmark', params }),
      providesTags: ['Feeds'],
    }),
    myFeeds: build.query<ListResponse<Feed>, Record<string, string | number | undefined>>({
      query: (params) => ({ url: '/performer/feeds', params }),
      providesTags: ['Feeds'],
    }),
    /** One post as this viewer may see it. */
    feed: build.query<Feed, string>({
      query: (id) => `/user/feeds/${id}`,
      providesTags: ['Feeds'],
    }),
    myFeed: build.query<Feed, string>({
      query: (id) => `/performer/feeds/${id}`,
      providesTags: ['Feeds'],
    }),
    saveFeed: build.mutation<Feed, { id?: string; body: SaveFeedInput }>({
      query: ({ id, body }) => ({ url: id ? `/performer/feeds/${id}` : '/performer/feeds', method: id ? 'PUT' : 'POST', body }),
      invalidatesTags: ['Feeds'],
    }),
    deleteFeed: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/performer/feeds/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Feeds'],
    }),
    /**
     * The creator's alt text for one of their pictures, wherever it is shown (decision 030). Posts,
     * videos and stories write it just before they are saved, and their save refreshes their lists;
     * a gallery's photos are written one by one, so their lists are refreshed here.
     */
    setAltText: build.mutation<MediaFile, { fileId: string } & SetAltTextInput>({
      query: ({ fileId, altText }) => ({ url: `/media/files/${fileId}/alt-text`, method: 'PUT', body: { altText } }),
      invalidatesTags: ['Photos', 'Galleries'],
    }),
    createPoll: build.mutation<Poll, CreatePollInput>({ query: (body) => ({ url: '/performer/feeds/polls', method: 'POST', body }) }),
    vote: build.mutation<Feed, { feedId: string; optionId: string; arg?: FeedPageArg }>({
      query: ({ feedId, optionId }) => ({ url: `/user/feeds/vote/${feedId}`, method: 'POST', body: { optionId } }),
      // In a paged list the post is patched in place; elsewhere (bookmarks) its list is refetched.
      invalidatesTags: (_result, error, { arg }) => (arg && !gone(error) ? [] : ['Feeds']),
      onQueryStarted: async ({ arg }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data && arg) {
          dispatch(feedsApi.util.updateQueryData('feedPages', arg, (pages) => patchFeed(pages, { _id: data._id, poll: data.poll })));
        }
      },
    }),
    reactToFeed: build.mutation<unknown, FeedReaction & { arg?: FeedPageArg }>({
      query: ({ feedId, action, on }) => ({
        url: '/reactions',
        method: on ? 'POST' : 'DELETE',
        body: { objectType: 'feed', objectId: feedId, action },
      }),
      invalidatesTags: (_result, error, { arg }) => (arg && !gone(error) ? [] : ['Feeds']),
      // Optimistic in a paged list: the button answers at once and rolls back if the server refuses.
      onQueryStarted: async ({ feedId, action, on, arg }, { dispatch, queryFulfilled }) => {
        if (!arg) return;
        const patch = dispatch(
          feedsApi.util.updateQueryData('feedPages', arg, (pages) => {
            const feed = pages.pages.flatMap((page) => page.data).find((item) => item._id === feedId);
            if (!feed) return;
            if (action === 'like') patchFeed(pages, { _id: feedId, isLiked: on, likeCount: Math.max(0, feed.likeCount + (on ? 1 : -1)) });
            else patchFeed(pages, { _id: feedId, isBookmarked: on });
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
  }),
});

export const {
  useFeedPagesInfiniteQuery,
  useBookmarkedFeedsQuery,
  useMyFeedsQuery,
  useMyFeedQuery,
  useFeedQuery,
  useSaveFeedMutation,
  useDeleteFeedMutation,
  useCreatePollMutation,
  useSetAltTextMutation,
  useVoteMutation,
  useReactToFeedMutation,
} = feedsApi;
