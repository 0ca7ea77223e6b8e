import { type Feed, feedAudienceOf, feedStatuses, feedTypes } from '@limelight/contracts';
import { Card, Flex, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ListOwnFeedsApiArg } from '../../shared/api/generated/feeds';
import { listArg, useTableState } from '../../shared/hooks/useTableState';
import { formatMoment } from '../../shared/lib/dates';
import { formatTokens } from '../../shared/lib/money';
import { EditDeleteActions, ListHeader, updatedAtColumn } from '../../shared/ui/TableCells';
import { SearchFilter, SelectFilter } from '../../shared/ui/TableFilters';
import { HeldTag } from '../moderation';
import { useDeleteFeedMutation, useListOwnFeedsQuery } from './api';
import { audienceLabels, feedStatusLabels, feedTypeLabels } from './labels';

const filterNames = ['q', 'type', 'status'] as const;

/** `/creator/posts`: the creator's posts, scheduled and hidden ones too, with the table state in the URL. */
export default function MyFeedsPage() {
  const { state, query, setFilter, sortOrder, tableProps } = useTableState(filterNames);
  const { data, isFetching } = useListOwnFeedsQuery(listArg<ListOwnFeedsApiArg>(query));
  const [remove] = useDeleteFeedMutation();

  return (
    <Card className="page-wide">
      <ListHeader title="My posts" createTo="/creator/posts/new" createLabel="New post" />
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <SearchFilter
          value={state.filters.q}
          onSearch={(value) => setFilter('q', value)}
          placeholder="Search the text"
          label="Search posts"
        />
        <SelectFilter
          value={state.filters.type}
          onChange={(value) => setFilter('type', value)}
          options={feedTypes.map((value) => ({ value, label: feedTypeLabels[value] }))}
          placeholder="Kind"
          label="Filter by kind"
          width={120}
        />
        <SelectFilter
          value={state.filters.status}
          onChange={(value) => setFilter('status', value)}
          options={feedStatuses.map((value) => ({ value, label: feedStatusLabels[value] }))}
          placeholder="Status"
          label="Filter by status"
        />
      </Flex>
      <Table<Feed>
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.data}
        scroll={{ x: 800 }}
        locale={{ emptyText: 'No posts yet: publish your first one.' }}
        {...tableProps<Feed>(data?.total)}
        columns={[
          {
            title: 'Text',
            dataIndex: 'text',
            ellipsis: true,
            render: (text: string) => text || <Typography.Text type="secondary">(no text)</Typography.Text>,
          },
          {
            title: 'Kind',
            dataIndex: 'type',
            render: (type: Feed['type'], row) =>
              `${feedTypeLabels[type]}${row.files.length > 1 ? ` ×${row.files.length}` : ''}${row.poll ? ' + poll' : ''}`,
          },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (status: Feed['status'], row) => (
              <Flex gap={4} wrap>
                {dayjs(row.publishedAt).isAfter(dayjs()) ? (
                  <Tag color="gold">Scheduled</Tag>
                ) : row.moderation?.prePublication && status === 'active' ? null : (
                  // "Published" beside "In review" would be untrue: fans see it only once approved.
                  <Tag color={status === 'active' ? 'success' : 'default'}>{feedStatusLabels[status]}</Tag>
                )}
                <HeldTag hold={row.moderation} />
              </Flex>
            ),
          },
          {
            title: 'Who can see it',
            dataIndex: 'price',
            render: (price: number, row) => {
              const audience = feedAudienceOf(row);
              return audience === 'sale' ? `${audienceLabels.sale}: ${formatTokens(price)}` : audienceLabels[audience];
            },
          },
          { title: 'Likes', dataIndex: 'likeCount' },
          {
            title: 'Published',
            dataIndex: 'publishedAt',
            sorter: true,
            sortOrder: sortOrder('publishedAt'),
            render: (value: string) => formatMoment(value),
          },
          updatedAtColumn('Updated', sortOrder),
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, row) => (
              <EditDeleteActions
                editTo={`/creator/posts/${row._id}/edit`}
                confirm={row.isSale ? 'Delete this post? It leaves sale; buyers keep access.' : 'Delete this post and its media?'}
                onDelete={() => remove({ id: row._id }).unwrap()}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
