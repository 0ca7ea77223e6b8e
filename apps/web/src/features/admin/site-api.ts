import type {
  ListResponse,
  Post,
  SavePostInput,
  SaveSitePromoInput,
  SaveTokenPackageInput,
  SitePromo,
  TokenPackage,
} from '@limelight/contracts';
import { api } from '../../shared/lib/api';

export type ListQuery = { offset: number; limit: number; sortBy: string; sort: string; [filter: string]: string | number | undefined };
type Saved<I> = { id?: string; body: I };
type Message = { message: string };

/** The admin's CMS pages, site promos and token packages. */
export const adminSiteApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminPosts: build.query<ListResponse<Post>, ListQuery>({
      query: (params) => ({ url: '/admin/posts', params }),
      providesTags: ['Posts'],
    }),
    savePost: build.mutation<Post, Saved<SavePostInput>>({
      query: ({ id, body }) => ({ url: id ? `/admin/posts/${id}` : '/admin/posts', method: id ? 'PUT' : 'POST', body }),
      invalidatesTags: ['Posts'],
    }),
    deletePost: build.mutation<Message, string>({
      query: (id) => ({ url: `/admin/posts/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Posts'],
    }),
    adminSitePromos: build.query<ListResponse<SitePromo>, ListQuery>({
      query: (params) => ({ url: '/admin/site-promos', params }),
      providesTags: ['SitePromos'],
    }),
    saveSitePromo: build.mutation<SitePromo, Saved<SaveSitePromoInput>>({
      query: ({ id, body }) => ({ url: id ? `/admin/site-promos/${id}` : '/admin/site-promos', method: id ? 'PUT' : 'POST', body }),
      invalidatesTags: ['SitePromos'],
    }),
    deleteSitePromo: build.mutation<Message, string>({
      query: (id) => ({ url: `/admin/site-promos/${id}`, method: 'DELETE' }),
      invalidatesTags: ['SitePromos'],
    }),
    adminTokenPackages: build.query<ListResponse<TokenPackage>, ListQuery>({
      query: (params) => ({ url: '/admin/token-packages', params }),
      providesTags: ['TokenPackages'],
    }),
    saveTokenPackage: build.mutation<TokenPackage, Saved<SaveTokenPackageInput>>({
      query: ({ id, body }) => ({ url: id ? `/admin/token-packages/${id}` : '/admin/token-packages', method: id ? 'PUT' : 'POST', body }),
      invalidatesTags: ['TokenPackages'],
    }),
    deleteTokenPackage: build.mutation<Message, string>({
      query: (id) => ({ url: `/admin/token-packages/${id}`, method: 'DELETE' }),
      invalidatesTags: ['TokenPackages'],
    }),
  }),
});

export const {
  useAdminPostsQuery,
  useSavePostMutation,
  useDeletePostMutation,
  useAdminSitePromosQuery,
  useSaveSitePromoMutation,
  useDeleteSitePromoMutation,
  useAdminTokenPackagesQuery,
  useSaveTokenPackageMutation,
  useDeleteTokenPackageMutation,
} = adminSiteApi;
