import { endpoints as sitePromoEndpoints } from '../../shared/api/generated/site-promo';
import { endpoints as walletEndpoints } from '../../shared/api/generated/wallet';

// What the site offers: its banners and the token packages a fan tops up with.

export const { useListSitePromosQuery } = sitePromoEndpoints.enhanceEndpoints({
  endpoints: { listSitePromos: { providesTags: ['SitePromos'] } },
});

export const { useListTokenPackagesQuery } = walletEndpoints.enhanceEndpoints({
  endpoints: { listTokenPackages: { providesTags: ['TokenPackages'] } },
});
