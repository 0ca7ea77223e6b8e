import type { ContactInput, ListResponse, Post, PromoPosition, SitePromo, TokenPackage } from '@limelight/contracts';
import { api } from '../../shared/lib/api';

/** What every visitor reads: CMS pages, banners, token packages, and the contact form. */
export const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    post: build.query<Post, string>({ query: (id) => `/posts/${encodeURIComponent(id)}`, providesTags: ['Posts'] }),
    pages: build.query<ListResponse<Post>, void>({
      query: () => ({ url: '/posts/search', params: { type: 'page', sortBy: 'ordering', sort: 'asc', limit: 100 } }),
      providesTags: ['Posts'],
    }),
    sitePromos: build.query<ListResponse<SitePromo>, PromoPosition>({
      query: (position) => ({ url: '/site-promo/search', params: { position, limit: 10 } }),
      providesTags: ['SitePromos'],
    }),
    tokenPackages: build.query<ListResponse<TokenPackage>, void>({
      query: () => ({ url: '/package/token/search', params: { sortBy: 'ordering', sort: 'asc', limit: 100 } }),
      providesTags: ['TokenPackages'],
    }),
    contact: build.mutation<{ message: string }, ContactInput>({ query: (body) => ({ url: '/contact', method: 'POST', body }) }),
  }),
});

export const { usePostQuery, usePagesQuery, useSitePromosQuery, useTokenPackagesQuery, useContactMutation } = siteApi;
