import { ConfigProvider, message } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useReducedMotion } from '../shared/hooks/useReducedMotion';
import { useAppSelector } from '../shared/lib/store';
import { setToastInstance, TOAST_SECONDS } from '../shared/lib/toast';
import { themeConfig } from './theme-tokens';

/**
 * antd's theme (light or dark, less motion when asked) around antd components. Loaded apart from
 * the entry (decision 020): the frame is plain HTML, and each part drawn with antd (the page, the
 * signed-in header, the toasts) sits in its own `Themed` (app/Themed.tsx).
 */
export default function AntdTheme({ children }: { children: ReactNode }) {
  const mode = useAppSelector((state) => state.preferences.theme);
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => themeConfig(mode, !reducedMotion), [mode, reducedMotion]);
  return (
    <ConfigProvider theme={theme} form={formConfig}>
      {children}
    </ConfigProvider>
  );
}

/**
 * Every form, when a submit is refused: its first wrong field is brought to the middle of the
 * screen (clear of the sticky header on a phone) and focused, so its message is read at once.
 */
const formConfig = { scrollToFirstError: { focus: true, block: 'center' } } as const;

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
