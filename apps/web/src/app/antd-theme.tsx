import { theme as antTheme, ConfigProvider, message } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useReducedMotion } from '../shared/hooks/useReducedMotion';
import { setToastInstance, TOAST_SECONDS } from '../shared/lib/toast';
import { useAppSelector } from './store';

/** The brand colours; the plain frame's CSS variables (styles.css) are antd's tokens for them. */
const brand = { colorPrimary: '#42b1e8', colorSuccess: '#4ec52a', colorLink: '#42b1e8' };

/**
 * antd's theme (light or dark, less motion when asked) around antd components. Loaded apart from
 * the entry (decision 020): the frame is plain HTML, and each part drawn with antd (the page, the
 * signed-in header, the toasts) sits in its own `Themed` (app/Themed.tsx).
 */
export default function AntdTheme({ children }: { children: ReactNode }) {
  const mode = useAppSelector((state) => state.preferences.theme);
  const reducedMotion = useReducedMotion();
  return (
    <ConfigProvider
      theme={{
        algorithm: mode === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
        token: { ...brand, motion: !reducedMotion },
      }}
    >
      {children}
    </ConfigProvider>
  );
}

/** The toasts' holder, inside the theme, handed to non-component code (the API layer). */
function ToastHolder() {
  const [toasts, holder] = message.useMessage({ duration: TOAST_SECONDS, maxCount: 3 });
  useEffect(() => setToastInstance(toasts), [toasts]);
  return holder;
}

/** One holder for the whole app, beside the router: a toast outlives the page that raised it. */
export function Toasts() {
  return (
    <AntdTheme>
      <ToastHolder />
    </AntdTheme>
  );
}
