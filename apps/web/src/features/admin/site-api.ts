import { endpoints } from '../../shared/api/generated/admin';

export type ListQuery = { offset: number; limit: number; sortBy: string; sort: string; [filter: string]: string | number | undefined };

/** The admin's CMS pages, site promos and token packages. */
export const adminSiteApi = endpoints.enhanceEndpoints({
  endpoints: {
    adminListSitePosts: { providesTags: ['Posts'] },
    adminCreateSitePost: { invalidatesTags: ['Posts'] },
    adminUpdateSitePost: { invalidatesTags: ['Posts'] },
    adminDeleteSitePost: { invalidatesTags: ['Posts'] },
    adminListSitePromos: { providesTags: ['SitePromos'] },
    adminCreateSitePromo: { invalidatesTags: ['SitePromos'] },
    adminUpdateSitePromo: { invalidatesTags: ['SitePromos'] },
    adminDeleteSitePromo: { invalidatesTags: ['SitePromos'] },
    adminListTokenPackages: { providesTags: ['TokenPackages'] },
    adminCreateTokenPackage: { invalidatesTags: ['TokenPackages'] },
    adminUpdateTokenPackage: { invalidatesTags: ['TokenPackages'] },
    adminDeleteTokenPackage: { invalidatesTags: ['TokenPackages'] },
  },
});

export const {
  useAdminListSitePostsQuery,
  useAdminCreateSitePostMutation,
  useAdminUpdateSitePostMutation,
  useAdminDeleteSitePostMutation,
  useAdminListSitePromosQuery,
  useAdminCreateSitePromoMutation,
  useAdminUpdateSitePromoMutation,
  useAdminDeleteSitePromoMutation,
  useAdminListTokenPackagesQuery,
  useAdminCreateTokenPackageMutation,
  useAdminUpdateTokenPackageMutation,
  useAdminDeleteTokenPackageMutation,
} = adminSiteApi;
