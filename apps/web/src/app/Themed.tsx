import { lazy, type ReactNode, Suspense } from 'react';
import { PageLoading } from '../shared/ui/PageLoading';

const loadAntdTheme = () => import('./antd-theme');
const AntdTheme = lazy(loadAntdTheme);
const LazyToasts = lazy(() => loadAntdTheme().then((module) => ({ default: module.Toasts })));

/**
 * Something drawn with antd, in antd's theme. antd (its runtime and ConfigProvider) is not part of
 * the entry: the plain frame paints first, and antd's chunk loads beside the page's (decision 020).
 */
export function Themed({ children, fallback = <PageLoading /> }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <AntdTheme>{children}</AntdTheme>
    </Suspense>
  );
}

/** The toasts, mounted once at the root; its render also starts antd's download at start. */
export function Toasts() {
  return (
    <Suspense fallback={null}>
      <LazyToasts />
    </Suspense>
  );
}
