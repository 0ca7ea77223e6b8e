import type { Country, Language } from '@limelight/contracts';
import { Select, type SelectProps } from 'antd';
import { useListCountriesQuery, useListLanguagesQuery } from './api';

/** The one country picker (sign-up, account, banking): names to choose from, the two-letter code as value. */
export function CountrySelect(props: Omit<SelectProps<string>, 'options' | 'loading'>) {
  const countries = useListCountriesQuery();
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      placeholder="Choose"
      {...props}
      loading={countries.isLoading}
      options={countries.data?.map((entry) => ({ value: entry.code, label: entry.name }))}
    />
  );
}

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
