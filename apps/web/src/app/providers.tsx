import { type ReactNode, useLayoutEffect } from 'react';
import { Provider } from 'react-redux';
import { useAppSelector } from '../shared/lib/store';
import type { AppStore } from './store';
import { Toasts } from './Themed';

/**
 * The page's colours follow the chosen theme: the frame's CSS variables and the browser's own. Set
 * before the first paint, so a dark theme never flashes light.
 */
function ThemeMode() {
  const mode = useAppSelector((state) => state.preferences.theme);
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode]);
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
