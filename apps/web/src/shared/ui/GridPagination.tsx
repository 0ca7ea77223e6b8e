import { Pagination, type PaginationProps } from 'antd';

/** A grid's pages bar (PagedGrid), in a chunk of its own. */
export default function GridPagination(props: Pick<PaginationProps, 'current' | 'pageSize' | 'total' | 'onChange'>) {
  return <Pagination className="grid-pagination" {...props} />;
}
