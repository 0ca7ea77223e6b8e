import type { Country, Language } from '@limelight/contracts';
import { useListCountriesQuery, useListLanguagesQuery } from './api';

// Names for the codes a profile holds, apart from the pickers (fields.tsx): a creator's page shows
// names, and the pickers would bring antd's selects with them.

/** A language's name for its code ("ab" → "Abkhazian"); the code itself until the list has loaded or when it is unknown. */
export const languageName = (languages: Language[] | undefined, code: string) =>
  languages?.find((entry) => entry.code.toLowerCase() === code.toLowerCase())?.name ?? code.toUpperCase();

/** Names the languages a profile lists. */
export function useLanguageName() {
  const { data } = useListLanguagesQuery();
  return (code: string) => languageName(data, code);
}

/** A country's name for its two-letter code ("US" → "United States"); the code itself until the list has loaded or when it is unknown. */
export const countryName = (countries: Country[] | undefined, code: string) =>
  countries?.find((entry) => entry.code.toUpperCase() === code.toUpperCase())?.name ?? code.toUpperCase();

/** Names the country a profile gives, from the same list CountrySelect offers. */
export function useCountryName() {
  const { data } = useListCountriesQuery();
  return (code: string) => countryName(data, code);
}
