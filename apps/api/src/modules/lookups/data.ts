import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { City, Country, Language, PhoneCode, State } from '@limelight/contracts';
import { countries as countriesList, languages as languagesList } from 'countries-list';
import worldCountries from 'world-countries';

/**
 * Country, language and phone data shipped in npm packages, so lookups never need the network:
 * world-countries (names, capitals, currencies with symbols, SVG flags; ODbL),
 * countries-list (continents, native language names, phone codes; MIT) and
 * @countrystatecity/countries (states and cities; ODbL, read straight from its JSON files).
 */
const require = createRequire(import.meta.url);
const worldCountriesDir = path.dirname(require.resolve('world-countries/countries.json'));
const statesDataDir = path.join(path.dirname(require.resolve('@countrystatecity/countries')), 'data');

type ContinentCode = Country['region'];

function buildCountries(): Country[] {
  return worldCountries
    .map((country): Country => {
      const listed = countriesList[country.cca2 as keyof typeof countriesList];
      const [currencyCode, currency] = Object.entries(country.currencies ?? {})[0] ?? [];
      const languageCode = listed?.languages[0];
      const language = languageCode ? languagesList[languageCode as keyof typeof languagesList] : undefined;
      return {
        name: country.name.common,
        code: country.cca2,
        capital: country.capital[0] ?? listed?.capital ?? '',
        region: (listed?.continent ?? '') as ContinentCode,
        currency: currencyCode && currency ? { code: currencyCode, name: currency.name, symbol: currency.symbol ?? currencyCode } : null,
        language: language ? { code: languageCode!, name: language.name, nativeName: language.native } : { code: '', name: '' },
        flag: `/api/flags/${country.cca2.toLowerCase()}.svg`,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

export const countries: Country[] = buildCountries();
const countryCodes = new Set(countries.map((country) => country.code));
const cca3ByCode = new Map(worldCountries.map((country) => [country.cca2, country.cca3.toLowerCase()]));

export const isCountryCode = (code: string) => countryCodes.has(code);

export const languages: Language[] = Object.entries(languagesList)
  .map(([code, language]) => ({ code, name: language.name, nativeName: language.native }))
  .sort((a, b) => a.name.localeCompare(b.name));

export const phoneCodes: PhoneCode[] = Object.entries(countriesList)
  .flatMap(([countryCode, country]) => country.phone.map((phone) => ({ code: `+${phone}`, name: country.name, countryCode })))
  .sort((a, b) => a.name.localeCompare(b.name));

/** The SVG flag file of a country, or undefined for an unknown code. */
export function flagFile(code: string): string | undefined {
  const cca3 = cca3ByCode.get(code.toUpperCase());
  return cca3 ? path.join(worldCountriesDir, 'data', `${cca3}.svg`) : undefined;
}

// The states-and-cities package keeps one folder per country ("United_States-US") and one per
// state inside it ("California-CA"); the folder names end with the codes.
let countryDirs: Map<string, string> | undefined;
async function dirByCode(parent: string, code: string): Promise<string | undefined> {
  const entries = await fs.readdir(parent, { withFileTypes: true });
  const match = entries.find((entry) => entry.isDirectory() && entry.name.endsWith(`-${code}`));
  return match ? path.join(parent, match.name) : undefined;
}
async function countryDir(code: string) {
  if (!countryDirs) {
    const entries = await fs.readdir(statesDataDir, { withFileTypes: true });
    countryDirs = new Map(
      entries.filter((entry) => entry.isDirectory()).map((entry) => [entry.name.split('-').at(-1)!, path.join(statesDataDir, entry.name)]),
    );
  }
  return countryDirs.get(code);
}

export async function statesOf(countryCode: string): Promise<State[]> {
  const dir = await countryDir(countryCode);
  if (!dir) return [];
  const states = JSON.parse(await fs.readFile(path.join(dir, 'states.json'), 'utf8')) as Array<{ iso2: string; name: string }>;
  return states.map((state) => ({ code: state.iso2, name: state.name })).sort((a, b) => a.name.localeCompare(b.name));
}

/** Cities of a state, or undefined when the country has no such state. */
export async function citiesOf(countryCode: string, stateCode: string): Promise<City[] | undefined> {
  const dir = await countryDir(countryCode);
  const stateDir = dir && /^[A-Z0-9]{1,10}$/.test(stateCode) ? await dirByCode(dir, stateCode) : undefined;
  if (!stateDir) return undefined;
  const file = path.join(stateDir, 'cities.json');
  const cities = JSON.parse(await fs.readFile(file, 'utf8').catch(() => '[]')) as Array<{
    name: string;
    latitude: string | null;
    longitude: string | null;
  }>;
  return cities
    .map((city) => ({ name: city.name, latitude: city.latitude, longitude: city.longitude }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
