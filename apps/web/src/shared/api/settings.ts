import { endpoints as blocksEndpoints } from './generated/blocks';
import { endpoints as settingsEndpoints } from './generated/settings';

/** The public settings every screen reads (spec 3), and whether the visitor's country is blocked. */
export const settingsApi = settingsEndpoints.enhanceEndpoints({ endpoints: { getPublicSettings: { providesTags: ['PublicSettings'] } } });
export const blockedCountryApi = blocksEndpoints.enhanceEndpoints({
  endpoints: { checkSiteBlockedInCountry: { providesTags: ['PublicSettings'] } },
});

export const { useGetPublicSettingsQuery: usePublicSettingsQuery } = settingsApi;
export const { useCheckSiteBlockedInCountryQuery } = blockedCountryApi;
