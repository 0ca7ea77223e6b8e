import type { ListResponse, Video } from '@limelight/contracts';
import { api } from '../../shared/lib/api';

type Params = Record<string, string | number | undefined>;

export const videosApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Fans' view: active videos, by creator (`performerId`), words or tags. */
    videos: build.query<ListResponse<Video>, Params>({
      query: (params) => ({ url: '/performer-assets/videos/search', params }),
      providesTags: ['Videos'],
    }),
    video: build.query<Video, string>({
      query: (id) => `/performer-assets/videos/${id}`,
      providesTags: ['Videos'],
    }),
    /** Counts one view; the answer is the new count. */
    addVideoView: build.mutation<{ views: number }, string>({
      query: (id) => ({ url: `/performer-assets/videos/${id}/view`, method: 'POST' }),
      onQueryStarted: async (id, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data)
          dispatch(
            videosApi.util.updateQueryData('video', id, (video) => {
              video.stats.views = data.views;
            }),
          );
      },
    }),
    bookmarkedVideos: build.query<ListResponse<{ _id: string; video: Video }>, { offset: number; limit: number }>({
      query: (params) => ({ url: '/reactions/videos/bookmark', params }),
      providesTags: ['Videos'],
    }),
    myVideos: build.query<ListResponse<Video>, Params>({
      query: (params) => ({ url: '/performer/performer-assets/videos/search', params }),
      providesTags: ['Videos'],
    }),
    myVideo: build.query<Video, string>({
      query: (id) => `/performer/performer-assets/videos/${id}/view`,
      providesTags: ['Videos'],
    }),
    deleteVideo: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/performer/performer-assets/videos/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Videos'],
    }),
    removeVideoFile: build.mutation<Video, { id: string; type: 'teaser' | 'thumbnail' }>({
      query: ({ id, type }) => ({ url: `/performer/performer-assets/videos/remove-file/${id}`, method: 'DELETE', params: { type } }),
      invalidatesTags: ['Videos'],
    }),
  }),
});

export const {
  useVideosQuery,
  useVideoQuery,
  useAddVideoViewMutation,
  useBookmarkedVideosQuery,
  useMyVideosQuery,
  useMyVideoQuery,
  useDeleteVideoMutation,
  useRemoveVideoFileMutation,
} = videosApi;
