import { App as AntApp, theme as antTheme, ConfigProvider } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { Provider } from 'react-redux';
import { useReducedMotion } from '../shared/hooks/useReducedMotion';
import { setToastInstance, TOAST_SECONDS } from '../shared/lib/toast';
import { type AppStore, useAppSelector } from './store';

export const brand = { colorPrimary: '#42b1e8', colorSuccess: '#4ec52a', colorLink: '#42b1e8' };

function ToastBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => setToastInstance(message), [message]);
  return null;
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
      <AntApp message={{ duration: TOAST_SECONDS, maxCount: 3 }} notification={{ duration: TOAST_SECONDS }}>
        <ToastBridge />
        {children}
      </AntApp>
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
