import { DownloadOutlined } from '@ant-design/icons';
import type { ListResponse } from '@limelight/contracts';
import { Button, Card, DatePicker, Flex, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { type TableState, useTableState } from '../../shared/hooks/useTableState';
import { PageTitle } from '../../shared/ui/PageTitle';
import { usePhoneColumns } from '../../shared/ui/PhoneTable';
import { type ConsoleQuery, exportUrl } from './console-api';

type Row = { _id: string };

export type AdminTableProps<T extends Row> = {
  title: string;
  /** The filters kept in the URL (`from` and `to` get the date range picker). */
  filterNames: readonly string[];
  filters?: (state: TableState<string>, setFilter: (name: string, value?: string) => void) => ReactNode;
  useList: (query: ConsoleQuery) => { data?: ListResponse<T>; isFetching: boolean };
  columns: TableColumnsType<T>;
  /** The columns kept on a phone; the others fold into the row. */
  phoneColumns: string[];
  /** The list's API path: its CSV export is `<path>/export.csv` with the same filters. */
  exportPath?: string;
  /** Query values always sent (a role), beside the table's own. */
  fixedQuery?: ConsoleQuery;
  defaultSortBy?: string;
  actions?: ReactNode;
  children?: ReactNode;
};

/**
 * Every admin list: page, size, sort and filters in the URL, a date range when the list has one,
 * the columns folded on a phone, and a CSV export of the current filter (decision 052).
 */
export function AdminTable<T extends Row>(props: AdminTableProps<T>) {
  const { state, query, setFilter, sortOrder, tableProps } = useTableState(props.filterNames, {
    sortBy: props.defaultSortBy ?? 'createdAt',
  });
  const fullQuery = { ...props.fixedQuery, ...query };
  const { data, isFetching } = props.useList(fullQuery);
  const columns = props.columns.map((column) =>
    'dataIndex' in column && column.sorter ? { ...column, sortOrder: sortOrder(column.dataIndex) } : column,
  );
  const layout = usePhoneColumns(columns, props.phoneColumns, 900);
  const dated = props.filterNames.includes('from');

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <PageTitle>{props.title}</PageTitle>
        <Flex gap={8} wrap>
          {props.actions}
          {props.exportPath && (
            <Button icon={<DownloadOutlined aria-hidden />} href={exportUrl(props.exportPath, fullQuery)} download>
              Export CSV
            </Button>
          )}
        </Flex>
      </Flex>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        {props.filters?.(state, setFilter)}
        {dated && (
          <DatePicker.RangePicker
            aria-label="Created between"
            allowEmpty={[true, true]}
            value={[state.filters.from ? dayjs(state.filters.from) : null, state.filters.to ? dayjs(state.filters.to) : null]}
            onChange={(range) => {
              setFilter('from', range?.[0]?.startOf('day').toISOString());
              setFilter('to', range?.[1]?.endOf('day').toISOString());
            }}
          />
        )}
      </Flex>
      <Table<T> rowKey="_id" loading={isFetching} dataSource={data?.data} {...layout} {...tableProps<T>(data?.total)} />
      {props.children}
    </Card>
  );
}
