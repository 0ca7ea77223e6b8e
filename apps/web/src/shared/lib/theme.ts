import { THEME_COOKIE } from '@limelight/contracts/constants';
import { createSlice } from '@reduxjs/toolkit';
import Cookies from 'js-cookie';

export type ThemeMode = 'light' | 'dark';
const THEME_KEY = 'limelight-theme';
const VOLUME_KEY = 'limelight-player-volume';

/** What this browser remembers; nothing on the server, whose render is told the theme by a cookie. */
const stored = (key: string) => (typeof localStorage === 'undefined' ? null : localStorage.getItem(key));
/**
 * Light unless the visitor chose dark: the spec has no system theme. The cookie the server reads
 * (kept by app/providers.tsx) comes first; a browser that chose before the cookie existed has only
 * the stored choice.
 */
export const storedTheme = (): ThemeMode => ((Cookies.get(THEME_COOKIE) ?? stored(THEME_KEY)) === 'dark' ? 'dark' : 'light');
/** The volume this visitor chose in a player, or null: then the site's `volume` setting applies (usePlayerVolume). */
const storedVolume = (): number | null => {
  const value = Number(stored(VOLUME_KEY));
  return stored(VOLUME_KEY) !== null && value >= 0 && value <= 1 ? value : null;
};

/** Visitor preferences remembered in this browser: theme and the player volume they chose. */
export const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: () => ({
    theme: storedTheme(),
    volume: storedVolume(),
    /** The zone the server's render wrote this page's times in (shared/ui/Moment.tsx); null when drawn here. */
    renderedZone: null as string | null,
  }),
  reducers: {
    toggleTheme: (state) => {
      state.theme = state.theme === 'dark' ? 'light' : 'dark';
      localStorage.setItem(THEME_KEY, state.theme);
    },
    /** The theme this browser remembers, when the server's render drew the page in another (it had no cookie yet). */
    themeRemembered: (state, action: { payload: ThemeMode }) => {
      state.theme = action.payload;
    },
    setVolume: (state, action: { payload: number }) => {
      state.volume = Math.min(1, Math.max(0, action.payload));
      localStorage.setItem(VOLUME_KEY, String(state.volume));
    },
  },
});

export const { toggleTheme, themeRemembered, setVolume } = preferencesSlice.actions;
