import type { ListResponse } from '@limelight/contracts';
import { Table } from 'antd';
import type { SortOrder as AntSortOrder, ColumnType } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import { useTableState } from '../hooks/useTableState';
import { formatTokens } from '../lib/money';
import { usePhoneColumns } from './PhoneTable';
import { createdAtColumn } from './TableCells';
import { type Option, SelectFilter } from './TableFilters';

type SortOrderOf = (column: string) => AntSortOrder;

/**
 * An amount, shown the one way of shared/lib/money: tokens unless `format` is the site's money
 * (`useFormatMoney`, for what a card was charged). Sortable when given the table's sort order.
 */
export const amountColumn = <T,>(
  title: string,
  field: keyof T & string,
  { format = formatTokens, sortOrder }: { format?: (amount: number) => string; sortOrder?: SortOrderOf } = {},
): ColumnType<T> => ({
  title,
  dataIndex: field,
  render: (amount: number) => format(amount),
  ...(sortOrder ? { sorter: true, sortOrder: sortOrder(field) } : {}),
});

/**
 * A ledger of the viewer's own money movements (card payments, wallet charges, a creator's sales):
 * a filter, then the rows newest first with the date first and the amounts of amountColumn; page,
 * sort and filters in the URL (useTableState), the columns folded on a phone. `filterNames` is
 * every filter of the list's query, the shown one and any the page sets itself (a period).
 */
export function MoneyTable<T extends { _id: string }, F extends string>({
  filterNames,
  filter,
  useList,
  columns,
  phoneColumns,
  scrollX,
  empty,
}: {
  filterNames: readonly F[];
  filter: { name: F; options: Option[]; placeholder: string; label: string; width?: number };
  // The table's query from the URL, for the list endpoint (listArg).
  useList: (query: object) => { data?: ListResponse<T>; isFetching: boolean };
  /** The columns after the date. */
  columns: (sortOrder: SortOrderOf) => ColumnType<T>[];
  phoneColumns: string[];
  /** How wide the table scrolls on a wide screen. */
  scrollX: number;
  empty: ReactNode;
}) {
  const { state, query, setFilter, tableProps, sortOrder } = useTableState(filterNames, { sortBy: 'createdAt' });
  const { data, isFetching } = useList(query);
  const layout = usePhoneColumns<T>([createdAtColumn('Date', sortOrder), ...columns(sortOrder)], phoneColumns, scrollX);
  return (
    <>
      <SelectFilter
        value={state.filters[filter.name]}
        onChange={(value) => setFilter(filter.name, value)}
        options={filter.options}
        placeholder={filter.placeholder}
        label={filter.label}
        width={filter.width}
      />
      <Table<T>
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.data}
        style={{ marginTop: 12 }}
        locale={{ emptyText: empty }}
        {...tableProps<T>(data?.total)}
        {...layout}
      />
    </>
  );
}
