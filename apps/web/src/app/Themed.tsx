import { type ReactNode, Suspense } from 'react';
import { lazyComponent } from '../shared/lib/lazy';
import { PageLoading } from '../shared/ui/PageLoading';

const AntdTheme = lazyComponent(() => import('./antd-theme'));
const LazyToasts = lazyComponent(() => AntdTheme.load().then((module) => ({ default: module.Toasts })));
/** antd's theme chunk; the browser waits for it before hydrating a page the server drew with it. */
export const loadAntdTheme = () => Promise.all([AntdTheme.load(), LazyToasts.load()]);

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
