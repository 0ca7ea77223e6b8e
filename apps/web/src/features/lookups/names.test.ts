import { describe, expect, it } from 'vitest';
import { countryName, languageName } from './names';

const languages = [
  { code: 'ab', name: 'Abkhazian', nativeName: 'аҧсуа' },
  { code: 'en', name: 'English', nativeName: 'English' },
];

describe('languageName', () => {
  it('names a language by its code, in any case', () => {
    expect(languageName(languages, 'ab')).toBe('Abkhazian');
    expect(languageName(languages, 'EN')).toBe('English');
  });

  it('falls back to the code before the list arrives or for an unknown code', () => {
    expect(languageName(undefined, 'ab')).toBe('AB');
    expect(languageName(languages, 'xx')).toBe('XX');
  });
});

describe('countryName', () => {
  const countries = [
    {
      code: 'US',
      name: 'United States',
      capital: 'Washington D.C.',
      region: 'NA',
      currency: null,
      language: { code: 'en', name: 'English' },
      flag: '/api/flags/us.svg',
    },
  ] as const;

  it('names a country by its code, in any case, and keeps the code until the list arrives or when it is unknown', () => {
    expect(countryName([...countries], 'US')).toBe('United States');
    expect(countryName([...countries], 'us')).toBe('United States');
    expect(countryName(undefined, 'US')).toBe('US');
    expect(countryName([...countries], 'XX')).toBe('XX');
  });
});
