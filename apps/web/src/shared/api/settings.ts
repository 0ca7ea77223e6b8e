import type { PublicSettings } from '@limelight/contracts';
import { endpoints } from './generated/blocks';

/** The public settings every screen reads (spec 3), and whether the visitor's country is blocked. */
export const settingsApi = endpoints
  .enhanceEndpoints({ endpoints: { checkSiteBlockedInCountry: { providesTags: ['PublicSettings'] } } })
  .injectEndpoints({
    endpoints: (build) => ({
      // Hand-written for now: the document describes the answer as an open object, not PublicSettings.
      publicSettings: build.query<PublicSettings, void>({ query: () => '/settings/public', providesTags: ['PublicSettings'] }),
    }),
  });

export const { usePublicSettingsQuery, useCheckSiteBlockedInCountryQuery } = settingsApi;
