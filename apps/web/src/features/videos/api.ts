import { endpoints as reactionsEndpoints } from '../../shared/api/generated/reactions';
import { endpoints } from '../../shared/api/generated/videos';
import { saleTag } from '../../shared/pay/sale';

export const videosApi = endpoints.enhanceEndpoints({
  endpoints: {
    searchVideos: { providesTags: ['Videos', saleTag('video')] },
    getVideo: { providesTags: ['Videos', saleTag('video')] },
    /** Counts one view; the answer is the new count. */
    addVideoView: {
      onQueryStarted: async ({ id }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data)
          dispatch(
            videosApi.util.updateQueryData('getVideo', { id }, (video) => {
              video.stats.views = data.views;
            }),
          );
      },
    },
    listOwnVideos: { providesTags: ['Videos'] },
    getOwnVideo: { providesTags: ['Videos'] },
    deleteVideo: { invalidatesTags: ['Videos'] },
    removeVideoFile: { invalidatesTags: ['Videos'] },
  },
});

/** The fan's bookmarked videos, listed under the reactions in the API's document. */
export const bookmarkedVideosApi = reactionsEndpoints.enhanceEndpoints({
  endpoints: { listBookmarkedVideos: { providesTags: ['Videos', saleTag('video')] } },
});

export const {
  useSearchVideosQuery,
  useGetVideoQuery,
  useAddVideoViewMutation,
  useListOwnVideosQuery,
  useGetOwnVideoQuery,
  useDeleteVideoMutation,
  useRemoveVideoFileMutation,
} = videosApi;
export const { useListBookmarkedVideosQuery } = bookmarkedVideosApi;
