import { Card, Flex } from 'antd';
import { useParams } from 'react-router';
import type { ListBuyerOrdersApiArg, ListSellerOrdersApiArg } from '../../shared/api/generated/shop';
import { listArg } from '../../shared/hooks/useTableState';
import { CsvExportButton } from '../../shared/ui/CsvExportButton';
import { PageTitle } from '../../shared/ui/PageTitle';
import { useListBuyerOrdersQuery, useListSellerOrdersQuery } from './api';
import { OrderDetail } from './OrderDetail';
import { OrdersTable, useOrdersTableState } from './OrdersTable';

/** `/creator/orders`: what fans bought from the creator's store, to send and follow. */
export function SellerOrdersPage() {
  const { query } = useOrdersTableState();
  const { data, isFetching } = useListSellerOrdersQuery(listArg<ListSellerOrdersApiArg>(query));
  return (
    <Card className="page-wide">
      <PageTitle>Orders</PageTitle>
      <OrdersTable
        side="seller"
        data={data}
        isFetching={isFetching}
        detailPath={(order) => `/creator/orders/${order._id}`}
        empty="No orders yet. They appear here when fans buy from your store."
      />
    </Card>
  );
}

/** `/creator/orders/:id`. */
export function SellerOrderPage() {
  const { id = '' } = useParams();
  return <OrderDetail id={id} side="seller" backTo="/creator/orders" />;
}

/** `/user/orders`: what the fan bought, where it stands. */
export function MyOrdersPage() {
  const { query } = useOrdersTableState();
  const { data, isFetching } = useListBuyerOrdersQuery(listArg<ListBuyerOrdersApiArg>(query));
  return (
    <Card className="page-wide">
      <PageTitle>My orders</PageTitle>
      <OrdersTable
        side="buyer"
        data={data}
        isFetching={isFetching}
        detailPath={(order) => `/user/orders/${order._id}`}
        empty="No orders yet. Creators' stores are a tab on their pages."
      />
    </Card>
  );
}

/** `/user/orders/:id`: the link in the fan's order notifications and e-mails. */
export function MyOrderPage() {
  const { id = '' } = useParams();
  return <OrderDetail id={id} side="buyer" backTo="/user/orders" />;
}

/** `/admin/orders`: every order on the site. */
export function AdminOrdersPage() {
  const { query } = useOrdersTableState();
  const { data, isFetching } = useListSellerOrdersQuery(listArg<ListSellerOrdersApiArg>(query));
  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <PageTitle>Orders</PageTitle>
        <CsvExportButton path="/admin/orders" query={query} />
      </Flex>
      <OrdersTable
        side="admin"
        data={data}
        isFetching={isFetching}
        detailPath={(order) => `/admin/orders/${order._id}`}
        empty="No orders yet."
      />
    </Card>
  );
}

/** `/admin/orders/:id`. */
export function AdminOrderPage() {
  const { id = '' } = useParams();
  return <OrderDetail id={id} side="admin" backTo="/admin/orders" />;
}
