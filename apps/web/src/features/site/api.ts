import { endpoints as postsEndpoints } from '../../shared/api/generated/posts';

// The CMS pages every visitor reads (the legal links of every screen's footer among them). What
// else the site shows has a file of its own (promos-api, contact-api), so the entry, which draws
// the footer, carries none of it.

export const sitePostsApi = postsEndpoints.enhanceEndpoints({
  endpoints: { getSitePost: { providesTags: ['Posts'] }, listSitePosts: { providesTags: ['Posts'] } },
});
export const { useGetSitePostQuery, useListSitePostsQuery } = sitePostsApi;
