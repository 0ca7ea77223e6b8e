import { libraryStatuses, type Product, type ProductType, productTypes } from '@limelight/contracts';
import { Card, Flex, Table, Tag } from 'antd';
import { Link } from 'react-router';
import type { ListCreatorProductsApiArg } from '../../shared/api/generated/shop';
import { listArg, useTableState } from '../../shared/hooks/useTableState';
import { formatTokens } from '../../shared/lib/money';
import { LibraryStatusTag, libraryStatusLabels } from '../../shared/ui/LibraryCard';
import { usePhoneColumns } from '../../shared/ui/PhoneTable';
import { createdAtColumn, EditDeleteActions, ListHeader, updatedAtColumn } from '../../shared/ui/TableCells';
import { SearchFilter, SelectFilter } from '../../shared/ui/TableFilters';
import { HeldTag } from '../moderation';
import { useDeleteProductMutation, useListCreatorProductsQuery } from './api';
import { ProductThumb } from './ProductCard';
import { productTypeLabels, stockNote } from './shop-rules';

const filterNames = ['q', 'status', 'type'] as const;

/** `/creator/products`: the creator's store, drafts and hidden products too; table state in the URL. */
export default function MyProductsPage() {
  const { state, query, setFilter, sortOrder, tableProps } = useTableState(filterNames);
  const { data, isFetching } = useListCreatorProductsQuery(listArg<ListCreatorProductsApiArg>(query));
  const [remove] = useDeleteProductMutation();
  const layout = usePhoneColumns<Product>(
    [
      {
        title: 'Product',
        dataIndex: 'name',
        key: 'name',
        sorter: true,
        sortOrder: sortOrder('name'),
        render: (name: string, row) => (
          <Flex gap={8} align="center">
            <ProductThumb product={row} size={40} />
            <Link to={`/product/${row._id}`}>{name}</Link>
          </Flex>
        ),
      },
      { title: 'Type', dataIndex: 'type', render: (type: ProductType) => productTypeLabels[type] },
      {
        title: 'Status',
        dataIndex: 'status',
        key: 'status',
        render: (_: unknown, row) => (
          <Flex gap={4} wrap>
            <LibraryStatusTag status={row.status} />
            <HeldTag hold={row.moderation} />
          </Flex>
        ),
      },
      {
        title: 'Price',
        dataIndex: 'price',
        key: 'price',
        sorter: true,
        sortOrder: sortOrder('price'),
        render: (price: number) => <span className="nowrap">{formatTokens(price)}</span>,
      },
      {
        title: 'Stock',
        dataIndex: 'stock',
        render: (stock: number | null, row) =>
          stock === null ? (
            'No limit'
          ) : (
            <Flex gap={4} align="center">
              {stock}
              {stockNote(row) === 'Sold out' && <Tag color="error">Sold out</Tag>}
            </Flex>
          ),
      },
      createdAtColumn('Added', sortOrder),
      updatedAtColumn('Updated', sortOrder),
      {
        title: 'Actions',
        key: 'actions',
        render: (_: unknown, row) => (
          <EditDeleteActions
            editTo={`/creator/products/${row._id}/edit`}
            confirm="Delete this product? It leaves sale; buyers keep access and their orders."
            onDelete={() => remove({ id: row._id }).unwrap()}
          />
        ),
      },
    ],
    ['name', 'actions'],
    900,
  );

  return (
    <Card className="page-wide">
      <ListHeader title="My products" createTo="/creator/products/new" createLabel="New product" />
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <SearchFilter
          value={state.filters.q}
          onSearch={(value) => setFilter('q', value)}
          placeholder="Search names"
          label="Search products"
        />
        <SelectFilter
          value={state.filters.status}
          onChange={(value) => setFilter('status', value)}
          options={libraryStatuses.map((value) => ({ value, label: libraryStatusLabels[value] }))}
          placeholder="Status"
          label="Filter by status"
        />
        <SelectFilter
          value={state.filters.type}
          onChange={(value) => setFilter('type', value)}
          options={productTypes.map((value) => ({ value, label: productTypeLabels[value] }))}
          placeholder="Type"
          label="Filter by type"
          width={170}
        />
      </Flex>
      <Table<Product>
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.data}
        locale={{ emptyText: 'No products yet: add your first one.' }}
        {...tableProps<Product>(data?.total)}
        {...layout}
      />
    </Card>
  );
}
