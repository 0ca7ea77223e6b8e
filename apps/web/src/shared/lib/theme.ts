import { createSlice } from '@reduxjs/toolkit';

export type ThemeMode = 'light' | 'dark';
const THEME_KEY = 'limelight-theme';
const VOLUME_KEY = 'limelight-player-volume';

/** Light unless the visitor chose dark: the spec has no system theme. */
const storedTheme = (): ThemeMode => (localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light');
/** The volume this visitor chose in a player, or null: then the site's `volume` setting applies (usePlayerVolume). */
const storedVolume = (): number | null => {
  const value = Number(localStorage.getItem(VOLUME_KEY));
  return localStorage.getItem(VOLUME_KEY) !== null && value >= 0 && value <= 1 ? value : null;
};

/** Visitor preferences remembered in this browser: theme and the player volume they chose. */
export const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: () => ({ theme: storedTheme(), volume: storedVolume() }),
  reducers: {
    toggleTheme: (state) => {
      state.theme = state.theme === 'dark' ? 'light' : 'dark';
      localStorage.setItem(THEME_KEY, state.theme);
    },
    setVolume: (state, action: { payload: number }) => {
      state.volume = Math.min(1, Math.max(0, action.payload));
      localStorage.setItem(VOLUME_KEY, String(state.volume));
    },
  },
});

export const { toggleTheme, setVolume } = preferencesSlice.actions;
