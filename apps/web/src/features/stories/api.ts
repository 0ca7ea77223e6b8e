import type { Story } from '@limelight/contracts';
import { useAppDispatch } from '../../app/store';
import { endpoints as reactionsEndpoints } from '../../shared/api/generated/reactions';
import { endpoints } from '../../shared/api/generated/stories';

export const storiesApi = endpoints.enhanceEndpoints({
  endpoints: {
    getStoryBar: { providesTags: ['Stories'] },
    listCreatorStories: { providesTags: ['Stories'] },
    listOwnStories: { providesTags: ['Stories'] },
    createStory: { invalidatesTags: ['Stories'] },
    deleteStory: { invalidatesTags: ['Stories'] },
  },
});

export const { useGetStoryBarQuery, useListCreatorStoriesQuery, useListOwnStoriesQuery, useCreateStoryMutation, useDeleteStoryMutation } =
  storiesApi;

/**
 * Likes a story (`on`) or takes the like back, shown at once in the open viewer: refetching
 * would sign its media links again and reload the picture under the fan. The patch is made here,
 * not in an onQueryStarted of the reactions endpoints: every feature's likes and bookmarks go
 * through those two, and enhanceEndpoints replaces an endpoint's onQueryStarted rather than adding one.
 */
export function useLikeStory() {
  const dispatch = useAppDispatch();
  const [addReaction] = reactionsEndpoints.useAddReactionMutation();
  const [removeReaction] = reactionsEndpoints.useRemoveReactionMutation();
  return async (story: Story, on: boolean) => {
    const patch = dispatch(
      storiesApi.util.updateQueryData('listCreatorStories', { id: story.performer._id }, (stories) => {
        const shown = stories.find((item) => item._id === story._id);
        if (!shown || shown.isLiked === on) return;
        shown.isLiked = on;
        shown.likeCount += on ? 1 : -1;
      }),
    );
    const body = { objectType: 'story', objectId: story._id, action: 'like' } as const;
    await (on ? addReaction({ body }) : removeReaction({ body })).unwrap().catch((error: unknown) => {
      patch.undo();
      throw error;
    });
  };
}
