import { beforeEach, describe, expect, it } from 'vitest';
import { preferencesSlice, setVolume, toggleTheme } from './theme';

const fresh = () => preferencesSlice.reducer(undefined, { type: 'init' });

describe('visitor preferences', () => {
  beforeEach(() => localStorage.clear());

  it('starts light, with no volume chosen (the site setting applies)', () =>
    expect(fresh()).toEqual({ theme: 'light', volume: null, renderedZone: null }));

  it('remembers the theme', () => {
    preferencesSlice.reducer(fresh(), toggleTheme());
    expect(fresh().theme).toBe('dark');
  });

  it('remembers the volume, kept between 0 and 1', () => {
    preferencesSlice.reducer(fresh(), setVolume(0.4));
    expect(fresh().volume).toBe(0.4);
    expect(preferencesSlice.reducer(fresh(), setVolume(3)).volume).toBe(1);
  });
});
