import type { PublicSettings } from '@limelight/contracts';
import { api } from '../../shared/lib/api';

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    publicSettings: build.query<PublicSettings, void>({ query: () => '/settings/public', providesTags: ['PublicSettings'] }),
  }),
});

export const { usePublicSettingsQuery } = settingsApi;
