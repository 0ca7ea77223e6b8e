import type { PromoPosition } from '@limelight/contracts';
import { endpoints as sitePromoEndpoints } from '../../shared/api/generated/site-promo';
import { endpoints as walletEndpoints } from '../../shared/api/generated/wallet';
import type { AppDispatch } from '../../shared/lib/store';

// What the site offers: its banners and the token packages a fan tops up with.

const sitePromosApi = sitePromoEndpoints.enhanceEndpoints({
  endpoints: { listSitePromos: { providesTags: ['SitePromos'] } },
});
export const { useListSitePromosQuery } = sitePromosApi;

/** The banners of one place as `SitePromos` asks for them (a page's preload). */
export const sitePromosAsked = (position: PromoPosition) => ({ position, limit: 10 });
export const preloadSitePromos = (dispatch: AppDispatch, position: PromoPosition) =>
  dispatch(sitePromosApi.endpoints.listSitePromos.initiate(sitePromosAsked(position), { subscribe: false }));

export const { useListTokenPackagesQuery } = walletEndpoints.enhanceEndpoints({
  endpoints: { listTokenPackages: { providesTags: ['TokenPackages'] } },
});
