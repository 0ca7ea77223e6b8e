import type { TablePaginationConfig } from 'antd';
import type { SortOrder as AntSortOrder, SorterResult } from 'antd/es/table/interface';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type SortOrder = 'asc' | 'desc';
export type TableState<F extends string> = {
  current: number;
  pageSize: number;
  sortBy: string;
  sort: SortOrder;
  filters: Partial<Record<F, string>>;
};

/**
 * A table's query from the URL as the argument of the list endpoint it feeds (the generated
 * `…ApiArg`). The URL's sort and filters are strings and go as they are: the API checks them and
 * refuses one it does not know with a 400 naming the field, so the page does not check them again.
 */
export const listArg = <Arg extends object>(query: object): Arg => query as Arg;

const positive = (value: string | null, fallback: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
};

/**
 * Table state kept in the URL (spec 2): current, pageSize, sortBy (default updatedAt),
 * sort (default desc) and filter fields. A filter change resets current to 1.
 * Returns the state, the API query for it, and setters.
 */
export function useTableState<F extends string>(
  filterNames: readonly F[],
  defaults: { pageSize?: number; sortBy?: string; sort?: SortOrder } = {},
) {
  const [params, setParams] = useSearchParams();
  const state: TableState<F> = useMemo(() => {
    const filters: Partial<Record<F, string>> = {};
    for (const name of filterNames) {
      const value = params.get(name);
      if (value) filters[name] = value;
    }
    return {
      current: positive(params.get('current'), 1),
      pageSize: positive(params.get('pageSize'), defaults.pageSize ?? 10),
      sortBy: params.get('sortBy') || defaults.sortBy || 'updatedAt',
      sort: params.get('sort') === 'asc' ? 'asc' : params.get('sort') === 'desc' ? 'desc' : (defaults.sort ?? 'desc'),
      filters,
    };
  }, [params, filterNames, defaults.pageSize, defaults.sortBy, defaults.sort]);

  const update = useCallback(
    (changes: Record<string, string | number | undefined>) => {
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      });
    },
    [setParams],
  );

  const setPage = useCallback((current: number, pageSize: number) => update({ current, pageSize }), [update]);
  const setSort = useCallback((sortBy: string | undefined, sort: SortOrder | undefined) => update({ sortBy, sort, current: 1 }), [update]);
  const setFilter = useCallback((name: F, value: string | undefined) => update({ [name]: value, current: 1 }), [update]);
  /** Several filters in one change of the address (a date range's two ends): two `setFilter`s would keep only the last. */
  const setFilters = useCallback((values: Partial<Record<F, string | undefined>>) => update({ ...values, current: 1 }), [update]);

  const query = useMemo(
    () => ({
      offset: (state.current - 1) * state.pageSize,
      limit: state.pageSize,
      sortBy: state.sortBy,
      sort: state.sort,
      ...state.filters,
    }),
    [state],
  );

  /** The antd sort indicator for a column, from the URL. */
  const sortOrder = useCallback(
    (column: unknown): AntSortOrder => (state.sortBy === column ? (state.sort === 'asc' ? 'ascend' : 'descend') : null),
    [state.sortBy, state.sort],
  );

  /** What an antd Table needs to show and change this state: its pagination and onChange. */
  const tableProps = useCallback(
    <T>(total: number | undefined) => ({
      pagination: { current: state.current, pageSize: state.pageSize, total, showSizeChanger: true },
      onChange: (
        pagination: TablePaginationConfig,
        _filters: unknown,
        sorter: SorterResult<T> | SorterResult<T>[],
        extra: { action: string },
      ) => {
        if (extra.action !== 'sort') return setPage(pagination.current ?? 1, pagination.pageSize ?? state.pageSize);
        const { field, columnKey, order } = (Array.isArray(sorter) ? sorter[0] : sorter) ?? {};
        // A column sorted by a nested value (stats.views) names its sort key with `key`.
        const sortBy = typeof field === 'string' ? field : String(columnKey);
        setSort(order ? sortBy : undefined, order ? (order === 'ascend' ? 'asc' : 'desc') : undefined);
      },
    }),
    [state.current, state.pageSize, setPage, setSort],
  );

  return { state, query, setPage, setSort, setFilter, setFilters, sortOrder, tableProps };
}
