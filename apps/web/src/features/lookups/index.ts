// What other features may use of lookups: they import this file only, never the files behind it (decision 075).
export { useListCountriesQuery, useListCountryStatesQuery, useListLanguagesQuery, useListStateCitiesQuery } from './api';
export { CountrySelect } from './fields';
export { useCountryName, useLanguageName } from './names';
