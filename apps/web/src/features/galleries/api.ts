import type { Gallery, ListResponse, Photo, SaveGalleryInput } from '@limelight/contracts';
import { api } from '../../shared/lib/api';

type Params = Record<string, string | number | undefined>;
type PhotoPage = { galleryId: string; offset: number; limit: number };

export const galleriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    galleries: build.query<ListResponse<Gallery>, Params>({
      query: (params) => ({ url: '/performer-assets/galleries/search', params }),
      providesTags: ['Galleries'],
    }),
    gallery: build.query<Gallery, string>({
      query: (id) => `/performer-assets/galleries/${id}`,
      providesTags: ['Galleries'],
    }),
    /** A gallery's photos, oldest first, as this viewer may see them (blurred previews without access). */
    photos: build.query<ListResponse<Photo>, PhotoPage>({
      query: (params) => ({ url: '/performer-assets/photos', params: { ...params, sortBy: 'createdAt', sort: 'asc' } }),
      providesTags: ['Photos'],
    }),
    addGalleryView: build.mutation<{ views: number }, string>({
      query: (id) => ({ url: `/performer-assets/galleries/${id}/view`, method: 'POST' }),
      onQueryStarted: async (id, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data)
          dispatch(
            galleriesApi.util.updateQueryData('gallery', id, (gallery) => {
              gallery.stats.views = data.views;
            }),
          );
      },
    }),
    bookmarkedGalleries: build.query<ListResponse<{ _id: string; gallery: Gallery }>, { offset: number; limit: number }>({
      query: (params) => ({ url: '/reactions/galleries/bookmark', params }),
      providesTags: ['Galleries'],
    }),
    myGalleries: build.query<ListResponse<Gallery>, Params>({
      query: (params) => ({ url: '/performer/performer-assets/galleries/search', params }),
      providesTags: ['Galleries'],
    }),
    myGallery: build.query<Gallery, string>({
      query: (id) => `/performer/performer-assets/galleries/${id}/view`,
      providesTags: ['Galleries'],
    }),
    myPhotos: build.query<ListResponse<Photo>, PhotoPage>({
      query: (params) => ({ url: '/performer/performer-assets/photos/search', params: { ...params, sortBy: 'createdAt', sort: 'asc' } }),
      providesTags: ['Photos'],
    }),
    saveGallery: build.mutation<Gallery, { id?: string; body: SaveGalleryInput }>({
      query: ({ id, body }) => ({
        url: id ? `/performer/performer-assets/galleries/${id}` : '/performer/performer-assets/galleries',
        method: id ? 'PUT' : 'POST',
        body,
      }),
      invalidatesTags: ['Galleries'],
    }),
    deleteGallery: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/performer/performer-assets/galleries/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Galleries'],
    }),
    deletePhoto: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/performer/performer-assets/photos/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Photos', 'Galleries'],
    }),
    setCover: build.mutation<Gallery, string>({
      query: (id) => ({ url: `/performer/performer-assets/photos/set-cover/${id}`, method: 'POST' }),
      invalidatesTags: ['Photos', 'Galleries'],
    }),
  }),
});

export const {
  useGalleriesQuery,
  useGalleryQuery,
  usePhotosQuery,
  useAddGalleryViewMutation,
  useBookmarkedGalleriesQuery,
  useMyGalleriesQuery,
  useMyGalleryQuery,
  useMyPhotosQuery,
  useSaveGalleryMutation,
  useDeleteGalleryMutation,
  useDeletePhotoMutation,
  useSetCoverMutation,
} = galleriesApi;
