import { type Gallery, libraryStatuses } from '@limelight/contracts';
import { Card, Flex, Table } from 'antd';
import { Link } from 'react-router';
import type { ListOwnGalleriesApiArg } from '../../shared/api/generated/galleries';
import { listArg, useTableState } from '../../shared/hooks/useTableState';
import { formatTokens } from '../../shared/lib/money';
import { LibraryStatusTag, libraryStatusLabels } from '../../shared/ui/LibraryCard';
import { createdAtColumn, EditDeleteActions, ListHeader, updatedAtColumn } from '../../shared/ui/TableCells';
import { SearchFilter, SelectFilter } from '../../shared/ui/TableFilters';
import { HeldTag } from '../moderation';
import { useDeleteGalleryMutation, useListOwnGalleriesQuery } from './api';
import { galleryCover } from './GalleryCard';

const filterNames = ['q', 'status'] as const;

/** `/creator/galleries`: the creator's galleries, drafts and hidden ones too; table state in the URL. */
export default function MyGalleriesPage() {
  const { state, query, setFilter, sortOrder, tableProps } = useTableState(filterNames);
  const { data, isFetching } = useListOwnGalleriesQuery(listArg<ListOwnGalleriesApiArg>(query));
  const [remove] = useDeleteGalleryMutation();

  return (
    <Card className="page-wide">
      <ListHeader title="My galleries" createTo="/creator/galleries/new" createLabel="New gallery" />
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <SearchFilter
          value={state.filters.q}
          onSearch={(value) => setFilter('q', value)}
          placeholder="Search titles"
          label="Search galleries"
        />
        <SelectFilter
          value={state.filters.status}
          onChange={(value) => setFilter('status', value)}
          options={libraryStatuses.map((value) => ({ value, label: libraryStatusLabels[value] }))}
          placeholder="Status"
          label="Filter by status"
        />
      </Flex>
      <Table<Gallery>
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.data}
        scroll={{ x: 800 }}
        locale={{ emptyText: 'No galleries yet: create your first one.' }}
        {...tableProps<Gallery>(data?.total)}
        columns={[
          {
            title: 'Gallery',
            dataIndex: 'title',
            sorter: true,
            sortOrder: sortOrder('title'),
            render: (title: string, row) => (
              <Flex gap={8} align="center">
                <div
                  className="library-card-cover"
                  style={{ width: 96, flex: 'none', backgroundImage: `url(${galleryCover(row) ?? ''})` }}
                />
                <Link to={`/gallery/${row._id}`}>{title}</Link>
              </Flex>
            ),
          },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (_: unknown, row) => (
              <Flex gap={4} wrap>
                <LibraryStatusTag status={row.status} />
                <HeldTag hold={row.moderation} />
              </Flex>
            ),
          },
          { title: 'Photos', key: 'photos', render: (_: unknown, row) => row.stats.photos },
          { title: 'Price', dataIndex: 'price', render: (price: number, row) => (row.isSale ? formatTokens(price) : 'subscribers') },
          { title: 'Views', key: 'views', sorter: true, sortOrder: sortOrder('views'), render: (_: unknown, row) => row.stats.views },
          createdAtColumn('Created', sortOrder),
          updatedAtColumn('Updated', sortOrder),
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, row) => (
              <EditDeleteActions
                editTo={`/creator/galleries/${row._id}`}
                editLabel="Edit and photos"
                confirm={
                  row.isSale ? 'Delete this gallery? It leaves sale; buyers keep access.' : 'Delete this gallery and all its photos?'
                }
                onDelete={() => remove({ id: row._id }).unwrap()}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
