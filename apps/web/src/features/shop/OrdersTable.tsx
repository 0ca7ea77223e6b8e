import type { DeliveryStatus, ListResponse, Order } from '@limelight/contracts';
import { Flex, Grid, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTableState } from '../../shared/hooks/useTableState';
import { formatTokens } from '../../shared/lib/money';
import { labelOptions } from '../../shared/lib/money-labels';
import { usePhoneColumns } from '../../shared/ui/PhoneTable';
import { createdAtColumn } from '../../shared/ui/TableCells';
import { SearchFilter, SelectFilter } from '../../shared/ui/TableFilters';
import { ProductThumb } from './ProductCard';
import { deliveryStatusLabels } from './shop-rules';

/** Who is looking: the buyer sees the creator; the seller and admins see the buyer and the creator's net. */
export type OrderSide = 'buyer' | 'seller' | 'admin';

const filterNames = ['deliveryStatus', 'q'] as const;
/** An amount on one line: "35.10 tokens" never breaks between number and unit. */
const tokensCell = (amount: number) => <span className="nowrap">{formatTokens(amount)}</span>;

export function DeliveryStatusTag({ status }: { status: DeliveryStatus }) {
  return <Tag color={deliveryStatusLabels[status].color}>{deliveryStatusLabels[status].label}</Tag>;
}

/** The table state in the URL, for the list hook of each side. */
export function useOrdersTableState() {
  return useTableState(filterNames, { sortBy: 'createdAt' });
}

/**
 * Orders as a table: number, date, product, the other party, quantity, total (and net for the
 * seller), delivery state; the number opens the order. Search by number or product name.
 */
export function OrdersTable({
  side,
  data,
  isFetching,
  detailPath,
  empty,
}: {
  side: OrderSide;
  data?: ListResponse<Order>;
  isFetching: boolean;
  detailPath: (order: Order) => string;
  empty: string;
}) {
  const { state, setFilter, sortOrder, tableProps } = useOrdersTableState();
  // The product's name yields to the number and state on a phone, where the table must not scroll.
  const phone = Grid.useBreakpoint().md === false;
  const layout = usePhoneColumns<Order>(
    [
      {
        title: 'Order',
        dataIndex: 'number',
        key: 'number',
        render: (number: string, row) => (
          <Link to={detailPath(row)} className="nowrap">
            {number}
          </Link>
        ),
      },
      createdAtColumn('Date', sortOrder),
      {
        title: 'Product',
        key: 'product',
        render: (_: unknown, row) => (
          <Flex gap={8} align="center">
            <span className="hide-on-phone">
              <ProductThumb product={row.product} size={40} />
            </span>
            <Typography.Text ellipsis style={{ maxWidth: phone ? 110 : 220 }}>
              {row.product.name}
            </Typography.Text>
          </Flex>
        ),
      },
      ...(side === 'buyer'
        ? [{ title: 'Creator', key: 'performer', render: (_: unknown, row: Order) => row.performer.name }]
        : [{ title: 'Buyer', key: 'buyer', render: (_: unknown, row: Order) => row.buyer.name }]),
      ...(side === 'admin' ? [{ title: 'Creator', key: 'performer', render: (_: unknown, row: Order) => row.performer.name }] : []),
      { title: 'Qty', dataIndex: 'quantity', key: 'quantity' },
      {
        title: 'Total',
        dataIndex: 'totalPrice',
        key: 'totalPrice',
        sorter: true,
        sortOrder: sortOrder('totalPrice'),
        render: tokensCell,
      },
      ...(side === 'buyer' ? [] : [{ title: 'Net', dataIndex: 'net', key: 'net', render: tokensCell }]),
      {
        title: 'Status',
        dataIndex: 'deliveryStatus',
        key: 'deliveryStatus',
        render: (status: DeliveryStatus) => <DeliveryStatusTag status={status} />,
      },
    ],
    ['number', 'product', 'deliveryStatus'],
    side === 'admin' ? 1000 : 900,
  );
  return (
    <>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <SearchFilter
          value={state.filters.q}
          onSearch={(value) => setFilter('q', value)}
          placeholder="Order number or product"
          label="Search orders"
        />
        <SelectFilter
          value={state.filters.deliveryStatus}
          onChange={(value) => setFilter('deliveryStatus', value)}
          options={labelOptions(deliveryStatusLabels)}
          placeholder="Status"
          label="Filter by status"
        />
      </Flex>
      <Table<Order>
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.data}
        locale={{ emptyText: empty }}
        {...tableProps<Order>(data?.total)}
        {...layout}
      />
    </>
  );
}
