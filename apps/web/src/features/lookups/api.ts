import type { City, Country, Language, State } from '@limelight/contracts';
import { api } from '../../shared/lib/api';

/** Reference data: fetched once per session, kept for the whole visit. */
const forever = { keepUnusedDataFor: 24 * 60 * 60 };

export const lookupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    countries: build.query<Country[], void>({ query: () => '/countries/list', ...forever }),
    states: build.query<State[], string>({ query: (country) => `/states/${country}`, ...forever }),
    cities: build.query<City[], { country: string; state: string }>({
      query: ({ country, state }) => `/cities/${country}/${state}`,
      ...forever,
    }),
    languages: build.query<Language[], void>({ query: () => '/languages/list', ...forever }),
  }),
});

export const { useCountriesQuery, useStatesQuery, useCitiesQuery, useLanguagesQuery } = lookupsApi;
