import { THEME_COOKIE, ZONE_COOKIE } from '@limelight/contracts/constants';
import Cookies from 'js-cookie';
import { type ReactNode, useEffect, useLayoutEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../shared/lib/store';
import { storedTheme, themeRemembered } from '../shared/lib/theme';
import type { AppStore } from './store';
import { Toasts } from './Themed';

/**
 * The page's colours follow the chosen theme: the frame's CSS variables and the browser's own. Set
 * before the first paint, so a dark theme never flashes light.
 */
function ThemeMode() {
  const mode = useAppSelector((state) => state.preferences.theme);
  const dispatch = useAppDispatch();
  // Read once, as the app starts and before the cookie below is written from the store.
  const [remembered] = useState(storedTheme);
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
    // The server's render reads it, to draw the next page in this theme (decision 079).
    Cookies.set(THEME_COOKIE, mode, { expires: 365, sameSite: 'lax' });
  }, [mode]);
  // A page drawn by the server before it knew the theme (no cookie yet) takes this browser's once
  // hydrated; and the server is told this browser's zone, to write the next page's times in it.
  useEffect(() => {
    Cookies.set(ZONE_COOKIE, Intl.DateTimeFormat().resolvedOptions().timeZone, { expires: 365, sameSite: 'lax' });
    if (remembered !== mode) dispatch(themeRemembered(remembered));
    // Once, at start: later changes are the visitor's own.
  }, []);
  return null;
}

export function Providers({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeMode />
      <Toasts />
      {children}
    </Provider>
  );
}
