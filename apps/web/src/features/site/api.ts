import { endpoints as contactEndpoints } from '../../shared/api/generated/contact';
import { endpoints as postsEndpoints } from '../../shared/api/generated/posts';
import { endpoints as sitePromoEndpoints } from '../../shared/api/generated/site-promo';
import { endpoints as walletEndpoints } from '../../shared/api/generated/wallet';

// What every visitor reads: CMS pages, banners, token packages, and the contact form.

export const { useGetSitePostQuery, useListSitePostsQuery } = postsEndpoints.enhanceEndpoints({
  endpoints: { getSitePost: { providesTags: ['Posts'] }, listSitePosts: { providesTags: ['Posts'] } },
});

export const { useListSitePromosQuery } = sitePromoEndpoints.enhanceEndpoints({
  endpoints: { listSitePromos: { providesTags: ['SitePromos'] } },
});

export const { useListTokenPackagesQuery } = walletEndpoints.enhanceEndpoints({
  endpoints: { listTokenPackages: { providesTags: ['TokenPackages'] } },
});

export const { useSendContactMessageMutation } = contactEndpoints;
