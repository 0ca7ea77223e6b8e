import type { PublicSettings } from '@limelight/contracts';
import { endpoints } from '../../shared/api/generated/blocks';

export const settingsApi = endpoints
  .enhanceEndpoints({ endpoints: { checkSiteBlockedInCountry: { providesTags: ['PublicSettings'] } } })
  .injectEndpoints({
    endpoints: (build) => ({
      // Hand-written for now: the document describes the answer as an open object, not PublicSettings.
      publicSettings: build.query<PublicSettings, void>({ query: () => '/settings/public', providesTags: ['PublicSettings'] }),
    }),
  });

export const { usePublicSettingsQuery, useCheckSiteBlockedInCountryQuery } = settingsApi;
