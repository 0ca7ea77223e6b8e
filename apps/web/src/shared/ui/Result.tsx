import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';
import { PageLoading } from './PageLoading';

const AntResult = lazy(() => import('antd/es/result'));

/**
 * antd's Result for the screens few visitors see (not found, maintenance, geo-blocked, shop
 * closed), loaded when one is shown: with its icons it is about 10 KB gzipped of the first download.
 */
export function Result(props: ResultProps) {
  return (
    <Suspense fallback={<PageLoading />}>
      <AntResult {...props} />
    </Suspense>
  );
}
