import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';
import { PageLoading } from './PageLoading';
import { PageTitle } from './PageTitle';

const AntResult = lazy(() => import('antd/es/result'));

/**
 * antd's Result for the screens few visitors see (not found, maintenance, geo-blocked, shop
 * closed), loaded when one is shown: with its icons it is about 10 KB gzipped of the first download.
 * It is the whole page, so its title is the page's h1, at Result's own size.
 */
export function Result({ title, ...props }: ResultProps) {
  return (
    <Suspense fallback={<PageLoading />}>
      <AntResult
        title={title && <PageTitle style={{ fontSize: 'inherit', lineHeight: 'inherit', margin: 0, color: 'inherit' }}>{title}</PageTitle>}
        {...props}
      />
    </Suspense>
  );
}
