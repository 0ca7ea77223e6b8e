import type { PublicPerformer } from '@limelight/contracts';
import { api } from '../../shared/lib/api';

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    performer: build.query<PublicPerformer, string>({
      query: (id) => `/performers/${encodeURIComponent(id)}`,
      providesTags: ['Performer'],
    }),
  }),
});

export const { usePerformerQuery } = profileApi;
