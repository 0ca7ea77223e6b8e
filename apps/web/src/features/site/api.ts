import { endpoints as postsEndpoints } from '../../shared/api/generated/posts';

// The CMS pages every visitor reads (the legal links of every screen's footer among them). What
// else the site shows has a file of its own (promos-api, contact-api), so the entry, which draws
// the footer, carries none of it.

export const { useGetSitePostQuery, useListSitePostsQuery } = postsEndpoints.enhanceEndpoints({
  endpoints: { getSitePost: { providesTags: ['Posts'] }, listSitePosts: { providesTags: ['Posts'] } },
});
