import type { Feed, FeedPage, FeedType } from '@limelight/contracts';
import { endpoints, type GetHomeTimelineApiArg, type ListCreatorFeedsApiArg } from '../../shared/api/generated/feeds';
import { type AddReactionApiArg, endpoints as reactionsEndpoints } from '../../shared/api/generated/reactions';
import { useReaction } from '../../shared/api/reactions';
import { api } from '../../shared/lib/api';
import { type AppDispatch, useAppDispatch } from '../../shared/lib/store';
import { saleTag } from '../../shared/pay/sale';

export type FeedSource = { kind: 'timeline' } | { kind: 'creator'; username: string };
type FeedPageArg = { source: FeedSource; type?: FeedType };
type FeedReaction = { feedId: string; action: AddReactionApiArg['body']['action']; on: boolean };

/** Replaces one post wherever it is cached, so a vote or a like shows at once. */
const patchFeed = (pages: { pages: FeedPage[] }, feed: Pick<Feed, '_id'> & Partial<Feed>) => {
  for (const page of pages.pages) {
    const index = page.data.findIndex((item) => item._id === feed._id);
    if (index >= 0) page.data[index] = { ...page.data[index]!, ...feed };
  }
};

/** A post answered 404 (deleted, or hidden by moderation since the list loaded): its lists are refetched without it. */
const gone = (error: unknown) => (error as { status?: unknown } | undefined)?.status === 404;

export const feedsApi = endpoints
  .enhanceEndpoints({
    endpoints: {
      listOwnFeeds: { providesTags: ['Feeds'] },
      /** One post as this viewer may see it. */
      getFeed: { providesTags: ['Feeds', saleTag('feed')] },
      getOwnFeed: { providesTags: ['Feeds'] },
      createFeed: { invalidatesTags: ['Feeds'] },
      updateFeed: { invalidatesTags: ['Feeds'] },
      deleteFeed: { invalidatesTags: ['Feeds'] },
    },
  })
  .injectEndpoints({
    endpoints: (build) => ({
      // Hand-written for now: getHomeTimeline and listCreatorFeeds are generated as plain queries, and this is one infinite query over both.
      /** Keyset pages: the home timeline or one creator's posts. */
      feedPages: build.infiniteQuery<FeedPage, FeedPageArg, string | null>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (lastPage) => lastPage.nextCursor,
        },
        query: ({ queryArg, pageParam }) => {
          // Typed by the generated arguments, so a renamed or dropped parameter fails the typecheck here too.
          const params: Omit<GetHomeTimelineApiArg & ListCreatorFeedsApiArg, 'username'> = {
            limit: 10,
            ...(pageParam ? { cursor: pageParam } : {}),
            ...(queryArg.type ? { type: queryArg.type } : {}),
          };
          const { source } = queryArg;
          return { url: source.kind === 'timeline' ? '/user/feeds' : `/user/feeds/search/${encodeURIComponent(source.username)}`, params };
        },
        providesTags: ['Feeds', saleTag('feed')],
      }),
    }),
  });

/** Asks for a list's first page of posts as `FeedList` shows it (a page's preload: a creator's first tab). */
export const preloadFeedList = (dispatch: AppDispatch, source: FeedSource) =>
  dispatch(feedsApi.endpoints.feedPages.initiate({ source }, { subscribe: false }));

/** The fan's bookmarked posts, listed under the reactions in the API's document. */
export const bookmarkedFeedsApi = reactionsEndpoints.enhanceEndpoints({
  endpoints: { listBookmarkedFeeds: { providesTags: ['Feeds', saleTag('feed')] } },
});

export const {
  useFeedPagesInfiniteQuery,
  useListOwnFeedsQuery,
  useGetOwnFeedQuery,
  useGetFeedQuery,
  useCreateFeedMutation,
  useUpdateFeedMutation,
  useDeleteFeedMutation,
  useCreateFeedPollMutation,
} = feedsApi;
export const { useListBookmarkedFeedsQuery } = bookmarkedFeedsApi;

/**
 * Votes in a post's poll. In the paged list named by `arg` the post is patched in place; elsewhere
 * (bookmarks), or when the post is gone, the posts are refetched. Wrapped rather than enhanced: the
 * list a post sits in is known to its caller only, and the endpoint's argument has no room for it.
 */
export function useVoteInFeedPoll() {
  const dispatch = useAppDispatch();
  const [voteInFeedPoll, state] = feedsApi.useVoteInFeedPollMutation();
  const vote = async ({ id, optionId, arg }: { id: string; optionId: string; arg?: FeedPageArg }) => {
    const feed = await voteInFeedPoll({ id, body: { optionId } })
      .unwrap()
      .catch((error: unknown) => {
        if (!arg || gone(error)) dispatch(api.util.invalidateTags(['Feeds']));
        throw error;
      });
    if (arg) dispatch(feedsApi.util.updateQueryData('feedPages', arg, (pages) => patchFeed(pages, { _id: feed._id, poll: feed.poll })));
    else dispatch(api.util.invalidateTags(['Feeds']));
    return feed;
  };
  return [vote, state] as const;
}

/**
 * Likes or bookmarks a post (`on`), or takes that back. Optimistic in the paged list named by `arg`:
 * the button answers at once and rolls back if the server refuses; elsewhere (bookmarks), or when
 * the post is gone, the posts are refetched. Wrapped here, not in the reactions endpoints: every
 * feature's likes and bookmarks go through those two (see useLikeStory).
 */
export function useReactToFeed() {
  const dispatch = useAppDispatch();
  const [react] = useReaction(
    ({ feedId, action }: Omit<FeedReaction, 'on'> & { arg?: FeedPageArg }) => ({ objectType: 'feed', objectId: feedId, action }),
    ({ arg }) => (arg ? [] : ['Feeds']),
    {
      patched: ({ feedId, action, arg }, on) =>
        arg &&
        dispatch(
          feedsApi.util.updateQueryData('feedPages', arg, (pages) => {
            const feed = pages.pages.flatMap((page) => page.data).find((item) => item._id === feedId);
            if (!feed) return;
            if (action === 'like') patchFeed(pages, { _id: feedId, isLiked: on, likeCount: Math.max(0, feed.likeCount + (on ? 1 : -1)) });
            else patchFeed(pages, { _id: feedId, isBookmarked: on });
          }),
        ).undo,
      refetchedOnRefusal: ({ arg }, error) => (!arg || gone(error) ? ['Feeds'] : []),
    },
  );
  return ({ on, ...target }: FeedReaction & { arg?: FeedPageArg }) => react(target, on);
}
