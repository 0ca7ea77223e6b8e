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
    deleteStory: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/stories/performers/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Stories'],
    }),
  }),
});

export const { useStoryBarQuery, useCreatorStoriesQuery, useMyStoriesQuery, useCreateStoryMutation, useDeleteStoryMutation } = storiesApi;
