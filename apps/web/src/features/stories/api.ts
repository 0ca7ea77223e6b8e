import type { ListResponse, SaveStoryInput, Story, StoryBarItem } from '@limelight/contracts';
import { api } from '../../shared/lib/api';

export const storiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    storyBar: build.query<StoryBarItem[], void>({ query: () => '/stories/users', providesTags: ['Stories'] }),
    creatorStories: build.query<Story[], string>({ query: (performerId) => `/stories/users/${performerId}`, providesTags: ['Stories'] }),
    myStories: build.query<ListResponse<Story>, { offset: number; limit: number }>({
      query: (params) => ({ url: '/stories/performers', params }),
      providesTags: ['Stories'],
    }),
    createStory: build.mutation<Story, SaveStoryInput>({
      query: (body) => ({ url: '/stories/performers', method: 'POST', body }),
      invalidatesTags: ['Stories'],
    }),
    /**
     * Likes a story (`on`) or takes the like back, shown at once in the open viewer: refetching
     * would sign its media links again and reload the picture under the fan.
     */
    likeStory: build.mutation<unknown, { story: Story; on: boolean }>({
      query: ({ story, on }) => ({
        url: '/reactions',
        method: on ? 'POST' : 'DELETE',
        body: { objectType: 'story', objectId: story._id, action: 'like' },
      }),
      async onQueryStarted({ story, on }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          storiesApi.util.updateQueryData('creatorStories', story.performer._id, (stories) => {
            const shown = stories.find((item) => item._id === story._id);
            if (!shown || shown.isLiked === on) return;
            shown.isLiked = on;
            shown.likeCount += on ? 1 : -1;
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    deleteStory: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/stories/performers/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Stories'],
    }),
  }),
});

export const {
  useStoryBarQuery,
  useCreatorStoriesQuery,
  useMyStoriesQuery,
  useCreateStoryMutation,
  useDeleteStoryMutation,
  useLikeStoryMutation,
} = storiesApi;
