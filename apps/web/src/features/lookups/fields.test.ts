import { describe, expect, it } from 'vitest';
import { languageName } from './fields';

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
