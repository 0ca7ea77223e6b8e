import { endpoints } from '../../shared/api/generated/galleries';
import { endpoints as photosEndpoints } from '../../shared/api/generated/photos';
import { endpoints as reactionsEndpoints } from '../../shared/api/generated/reactions';
import { saleTag } from '../../shared/pay/sale';

export const galleriesApi = endpoints.enhanceEndpoints({
  endpoints: {
    searchGalleries: { providesTags: ['Galleries', saleTag('gallery')] },
    getGallery: { providesTags: ['Galleries', saleTag('gallery')] },
    /** Counts one view; the answer is the new count. */
    addGalleryView: {
      onQueryStarted: async ({ id }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data)
          dispatch(
            galleriesApi.util.updateQueryData('getGallery', { id }, (gallery) => {
              gallery.stats.views = data.views;
            }),
          );
      },
    },
    listOwnGalleries: { providesTags: ['Galleries'] },
    getOwnGallery: { providesTags: ['Galleries'] },
    createGallery: { invalidatesTags: ['Galleries'] },
    updateGallery: { invalidatesTags: ['Galleries'] },
    deleteGallery: { invalidatesTags: ['Galleries'] },
  },
});

/** A gallery's photos: as this viewer may see them (blurred previews without access), and the creator's own. */
export const photosApi = photosEndpoints.enhanceEndpoints({
  endpoints: {
    listGalleryPhotos: { providesTags: ['Photos'] },
    listOwnGalleryPhotos: { providesTags: ['Photos'] },
    deleteGalleryPhoto: { invalidatesTags: ['Photos', 'Galleries'] },
    setGalleryCover: { invalidatesTags: ['Photos', 'Galleries'] },
  },
});

/** A gallery's photos are shown oldest first, the order they were added in. */
export const oldestFirst = { sortBy: 'createdAt', sort: 'asc' } as const;

/** The fan's bookmarked galleries, listed under the reactions in the API's document. */
export const bookmarkedGalleriesApi = reactionsEndpoints.enhanceEndpoints({
  endpoints: { listBookmarkedGalleries: { providesTags: ['Galleries', saleTag('gallery')] } },
});

export const {
  useSearchGalleriesQuery,
  useGetGalleryQuery,
  useAddGalleryViewMutation,
  useListOwnGalleriesQuery,
  useGetOwnGalleryQuery,
  useCreateGalleryMutation,
  useUpdateGalleryMutation,
  useDeleteGalleryMutation,
} = galleriesApi;
export const { useListGalleryPhotosQuery, useListOwnGalleryPhotosQuery, useDeleteGalleryPhotoMutation, useSetGalleryCoverMutation } =
  photosApi;
export const { useListBookmarkedGalleriesQuery } = bookmarkedGalleriesApi;
