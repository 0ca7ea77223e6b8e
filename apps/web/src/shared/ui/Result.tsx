import type { ResultProps } from 'antd';
import { Suspense } from 'react';
import { lazyComponent } from '../lib/lazy';
import { PageLoading } from './PageLoading';
import { TakenOver } from './TakenOver';

const ResultView = lazyComponent(() => import('./ResultView'));

/**
 * antd's Result for the screens few visitors see (not found, maintenance, geo-blocked, shop
 * closed), loaded when one is shown, with antd's typography for its title: none of it is part of
 * the first download. It is the whole page, so its title is the page's h1.
 */
export function Result(props: ResultProps) {
  return (
    <Suspense fallback={<PageLoading />}>
      <ResultView {...props} />
      <TakenOver />
    </Suspense>
  );
}
