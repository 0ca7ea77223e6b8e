import type { PublicSettings } from '@limelight/contracts';
import { api } from '../../shared/lib/api';

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    publicSettings: build.query<PublicSettings, void>({ query: () => '/settings/public', providesTags: ['PublicSettings'] }),
    geoCheck: build.query<{ blocked: boolean; country: string | null }, void>({
      query: () => '/block/countries/check',
      providesTags: ['PublicSettings'],
    }),
  }),
});

export const { usePublicSettingsQuery, useGeoCheckQuery } = settingsApi;
