import type { Story } from '@limelight/contracts';
import { endpoints } from '../../shared/api/generated/stories';
import { useReaction } from '../../shared/api/reactions';
import { type AppDispatch, useAppDispatch } from '../../shared/lib/store';

export const storiesApi = endpoints.enhanceEndpoints({
  endpoints: {
    getStoryBar: { providesTags: ['Stories'] },
    listCreatorStories: { providesTags: ['Stories'] },
    listOwnStories: { providesTags: ['Stories'] },
    createStory: { invalidatesTags: ['Stories'] },
    deleteStory: { invalidatesTags: ['Stories'] },
  },
});

/** The story bar as `StoryBar` asks for it (a page's preload). */
export const preloadStoryBar = (dispatch: AppDispatch) =>
  dispatch(storiesApi.endpoints.getStoryBar.initiate(undefined, { subscribe: false }));

export const { useGetStoryBarQuery, useListCreatorStoriesQuery, useListOwnStoriesQuery, useCreateStoryMutation, useDeleteStoryMutation } =
  storiesApi;

/**
 * Likes a story (`on`) or takes the like back, shown at once in the open viewer (undone if the
 * server refuses): refetching would sign its media links again and reload the picture under the fan.
 */
export function useLikeStory() {
  const dispatch = useAppDispatch();
  const [react] = useReaction(
    (story: Story) => ({ objectType: 'story', objectId: story._id, action: 'like' }),
    () => [],
    {
      patched: (story, on) =>
        dispatch(
          storiesApi.util.updateQueryData('listCreatorStories', { id: story.performer._id }, (stories) => {
            const shown = stories.find((item) => item._id === story._id);
            if (!shown || shown.isLiked === on) return;
            shown.isLiked = on;
            shown.likeCount += on ? 1 : -1;
          }),
        ).undo,
    },
  );
  return react;
}
