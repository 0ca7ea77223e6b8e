import { Skeleton } from 'antd';
import { type ComponentProps, Suspense } from 'react';
import { lazyComponent } from '../../shared/lib/lazy';

const LoadedComments = lazyComponent(() => import('./Comments').then((module) => ({ default: module.Comments })));

/**
 * An item's comments, whose code (the list, the composer, the replies) comes when they are first
 * shown: a timeline or a creator's page holds a post card per post, each with comments folded,
 * and their list and fields made every such page load antd's form controls. A post's own page
 * asks for them at start (`preloadComments`), and the server draws them in its HTML.
 */
export function Comments(props: ComponentProps<typeof LoadedComments>) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
      <LoadedComments {...props} />
    </Suspense>
  );
}
