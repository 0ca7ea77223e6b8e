import { libraryStatuses, type Video } from '@limelight/contracts';
import { Card, Flex, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ListOwnVideosApiArg } from '../../shared/api/generated/videos';
import { listArg, useTableState } from '../../shared/hooks/useTableState';
import { formatDuration } from '../../shared/lib/dates';
import { formatTokens } from '../../shared/lib/money';
import { LibraryStatusTag, libraryStatusLabels } from '../../shared/ui/LibraryCard';
import { createdAtColumn, EditDeleteActions, ListHeader, updatedAtColumn } from '../../shared/ui/TableCells';
import { SearchFilter, SelectFilter } from '../../shared/ui/TableFilters';
import { HeldTag } from '../moderation';
import { useDeleteVideoMutation, useListOwnVideosQuery } from './api';
import { videoPoster } from './VideoCard';

const filterNames = ['q', 'status'] as const;
const POLL_MS = 3000;

/** `/creator/videos`: the creator's video library, drafts and hidden ones too; table state in the URL. */
export default function MyVideosPage() {
  const { state, query, setFilter, sortOrder, tableProps } = useTableState(filterNames);
  const [processing, setProcessing] = useState(false);
  // Refreshes while an upload is still being processed, so its status turns by itself.
  const { data, isFetching } = useListOwnVideosQuery(listArg<ListOwnVideosApiArg>(query), { pollingInterval: processing ? POLL_MS : 0 });
  const [remove] = useDeleteVideoMutation();
  const anyProcessing = !!data?.data.some((video) => video.video?.status === 'processing');
  useEffect(() => setProcessing(anyProcessing), [anyProcessing]);

  return (
    <Card className="page-wide">
      <ListHeader title="My videos" createTo="/creator/videos/new" createLabel="Upload video" />
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <SearchFilter
          value={state.filters.q}
          onSearch={(value) => setFilter('q', value)}
          placeholder="Search titles"
          label="Search videos"
        />
        <SelectFilter
          value={state.filters.status}
          onChange={(value) => setFilter('status', value)}
          options={libraryStatuses.map((value) => ({ value, label: libraryStatusLabels[value] }))}
          placeholder="Status"
          label="Filter by status"
        />
      </Flex>
      <Table<Video>
        rowKey="_id"
        loading={isFetching && !processing}
        dataSource={data?.data}
        scroll={{ x: 800 }}
        locale={{ emptyText: 'No videos yet: upload your first one.' }}
        {...tableProps<Video>(data?.total)}
        columns={[
          {
            title: 'Video',
            dataIndex: 'title',
            sorter: true,
            sortOrder: sortOrder('title'),
            render: (title: string, row) => (
              <Flex gap={8} align="center">
                <div
                  className="library-card-cover"
                  style={{ width: 96, flex: 'none', backgroundImage: `url(${videoPoster(row) ?? ''})` }}
                />
                <Link to={`/video/${row._id}`}>{title}</Link>
              </Flex>
            ),
          },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (_: unknown, row) =>
              row.video?.status === 'processing' ? (
                <Tag color="processing">processing</Tag>
              ) : row.video?.status === 'error' ? (
                <Tag color="error" title={row.video.error ?? undefined}>
                  failed
                </Tag>
              ) : (
                <Flex gap={4} wrap>
                  <LibraryStatusTag status={row.status} />
                  <HeldTag hold={row.moderation} />
                </Flex>
              ),
          },
          {
            title: 'Length',
            key: 'duration',
            render: (_: unknown, row) => (row.video?.duration ? formatDuration(row.video.duration) : ''),
          },
          { title: 'Price', dataIndex: 'price', render: (price: number, row) => (row.isSale ? formatTokens(price) : 'subscribers') },
          { title: 'Views', key: 'views', sorter: true, sortOrder: sortOrder('views'), render: (_: unknown, row) => row.stats.views },
          createdAtColumn('Uploaded', sortOrder),
          updatedAtColumn('Updated', sortOrder),
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, row) => (
              <EditDeleteActions
                editTo={`/creator/videos/${row._id}/edit`}
                confirm={row.isSale ? 'Delete this video? It leaves sale; buyers keep access.' : 'Delete this video and its files?'}
                onDelete={() => remove({ id: row._id }).unwrap()}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
