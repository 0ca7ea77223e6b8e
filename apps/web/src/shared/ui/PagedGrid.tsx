import type { ListResponse } from '@limelight/contracts';
import { Card, Empty, Skeleton } from 'antd';
import { type ReactNode, Suspense } from 'react';
import { useTableState } from '../hooks/useTableState';
import { lazyComponent } from '../lib/lazy';

// antd's pages bar (with its page-size select) loads only for a grid with more than one page: a
// creator's page holds three grids, and the bar made it load antd's form controls.
const Pagination = lazyComponent(() => import('./GridPagination'));

const noFilters = [] as const;
export const GRID_PAGE_SIZE = 12;

/** The page of a grid, kept in the URL like a table's (`current`, `pageSize`). */
export function useGridPage() {
  const { query } = useTableState(noFilters, { pageSize: GRID_PAGE_SIZE });
  return { offset: query.offset, limit: query.limit };
}

/** Cards in a responsive grid with a loading state, an empty state and URL pagination. */
export function PagedGrid<T>({
  data,
  isLoading,
  empty,
  keyOf,
  render,
}: {
  data?: ListResponse<T>;
  isLoading: boolean;
  empty: ReactNode;
  keyOf: (item: T) => string;
  render: (item: T) => ReactNode;
}) {
  const { state, setPage } = useTableState(noFilters, { pageSize: GRID_PAGE_SIZE });
  if (isLoading) return <Skeleton active />;
  if (!data?.total) {
    return (
      <Card>
        <Empty description={empty} />
      </Card>
    );
  }
  return (
    <>
      <div className="card-grid">
        {data.data.map((item) => (
          <div key={keyOf(item)}>{render(item)}</div>
        ))}
      </div>
      {data.total > state.pageSize && (
        <Suspense fallback={<div className="grid-pagination-space" />}>
          <Pagination current={state.current} pageSize={state.pageSize} total={data.total} onChange={setPage} />
        </Suspense>
      )}
    </>
  );
}
