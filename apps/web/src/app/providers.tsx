import { theme as antTheme, ConfigProvider, message } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { Provider } from 'react-redux';
import { useReducedMotion } from '../shared/hooks/useReducedMotion';
import { setToastInstance, TOAST_SECONDS } from '../shared/lib/toast';
import { type AppStore, useAppSelector } from './store';

export const brand = { colorPrimary: '#42b1e8', colorSuccess: '#4ec52a', colorLink: '#42b1e8' };

/**
 * The toasts' holder, inside the theme, handed to non-component code (the API layer). It stands in
 * for antd's <App>, which would also bring its modal and notification holders into the first
 * download; the wrapper gives the page <App>'s base text style (colour, size, font).
 */
function ToastHolder({ children }: { children: ReactNode }) {
  const [toasts, holder] = message.useMessage({ duration: TOAST_SECONDS, maxCount: 3 });
  const { token } = antTheme.useToken();
  useEffect(() => setToastInstance(toasts), [toasts]);
  return (
    <div
      className="app-root"
      style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}
    >
      {holder}
      {children}
    </div>
  );
}

function ThemedApp({ children }: { children: ReactNode }) {
  const mode = useAppSelector((state) => state.preferences.theme);
  const reducedMotion = useReducedMotion();
  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode]);
  return (
    <ConfigProvider
      theme={{
        algorithm: mode === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
        token: { ...brand, motion: !reducedMotion },
      }}
    >
      <ToastHolder>{children}</ToastHolder>
    </ConfigProvider>
  );
}

export function Providers({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemedApp>{children}</ThemedApp>
    </Provider>
  );
}
