import { endpoints } from '../../shared/api/generated/lookups';

/** Reference data: fetched once per session, kept for the whole visit. */
const forever = { keepUnusedDataFor: 24 * 60 * 60 };

/** The lookups as the API's document describes them (generated), kept for the whole visit. */
export const lookupsApi = endpoints.enhanceEndpoints({
  endpoints: { listCountries: forever, listCountryStates: forever, listStateCities: forever, listLanguages: forever },
});

export const { useListCountriesQuery, useListCountryStatesQuery, useListStateCitiesQuery, useListLanguagesQuery } = lookupsApi;
