import type { LiveSession } from '@limelight/contracts';
import { Button, Card, Flex, Popconfirm, Table, Tag } from 'antd';
import type { AdminListLiveSessionsApiArg } from '../../shared/api/generated/admin';
import { listArg, useTableState } from '../../shared/hooks/useTableState';
import { formatDuration, formatMoment } from '../../shared/lib/dates';
import { formatTokens } from '../../shared/lib/money';
import { errorMessage, toast } from '../../shared/lib/toast';
import { PageTitle } from '../../shared/ui/PageTitle';
import { usePhoneColumns } from '../../shared/ui/PhoneTable';
import { SelectFilter } from '../../shared/ui/TableFilters';
import { useAdminEndLiveSessionMutation, useAdminListLiveSessionsQuery } from './live-api';

const statusOptions = [
  { value: 'live', label: 'Live' },
  { value: 'ended', label: 'Ended' },
];
const endedReasonLabels = { performer: 'by the creator', admin: 'by an admin', timeout: 'no picture', private: 'for a private show' };

/** `/admin/live`: live sessions (live ones first by default), with who, viewers, when, and End. */
export function AdminLiveSessionsPage() {
  const { state, query, setFilter, tableProps, sortOrder } = useTableState(['status'] as const, { sortBy: 'startedAt' });
  const status = state.filters.status ?? 'live';
  const { data, isFetching } = useAdminListLiveSessionsQuery(listArg<AdminListLiveSessionsApiArg>({ ...query, status }));
  const [end] = useAdminEndLiveSessionMutation();
  const layout = usePhoneColumns<LiveSession>(
    [
      {
        title: 'Creator',
        key: 'performer',
        render: (_: unknown, row) => row.performer.name || row.performer.username,
      },
      { title: 'Title', dataIndex: 'title' },
      {
        title: 'Status',
        dataIndex: 'status',
        render: (value: LiveSession['status'], row) =>
          value === 'live' ? <Tag color="red">Live</Tag> : <Tag>Ended {row.endedReason && endedReasonLabels[row.endedReason]}</Tag>,
      },
      {
        title: 'Watch',
        dataIndex: 'access',
        render: (_: unknown, row) => (row.access === 'paid' ? formatTokens(row.price) : 'Subscribers'),
      },
      { title: 'Viewers', dataIndex: 'viewerCount', sorter: true, sortOrder: sortOrder('viewerCount') },
      { title: 'Peak', dataIndex: 'peakViewerCount' },
      {
        title: 'Started',
        dataIndex: 'startedAt',
        sorter: true,
        sortOrder: sortOrder('startedAt'),
        render: (value: string) => formatMoment(value),
      },
      { title: 'Duration', dataIndex: 'duration', render: formatDuration },
      {
        title: 'Actions',
        key: 'actions',
        render: (_: unknown, row) =>
          row.status === 'live' ? (
            <Popconfirm
              title={`End ${row.performer.name || row.performer.username}’s live session?`}
              description="Every viewer is told it ended."
              okText="End"
              onConfirm={() =>
                end({ id: row._id })
                  .unwrap()
                  .then(() => toast.success('Live session ended'))
                  .catch((error: unknown) => toast.error(errorMessage(error)))
              }
            >
              <Button danger size="small" aria-label={`End ${row.performer.name || row.performer.username}’s live session`}>
                End
              </Button>
            </Popconfirm>
          ) : null,
      },
    ],
    ['performer', 'viewerCount', 'actions'],
    900,
  );
  return (
    <Card>
      <PageTitle>Live sessions</PageTitle>
      <Flex gap={8} wrap>
        <SelectFilter
          value={status}
          onChange={(value) => setFilter('status', value)}
          options={statusOptions}
          placeholder="Status"
          label="Filter by status"
        />
      </Flex>
      <Table<LiveSession>
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.data}
        locale={{ emptyText: status === 'live' ? 'Nobody is live now' : 'No sessions' }}
        style={{ marginTop: 12 }}
        {...tableProps<LiveSession>(data?.total)}
        {...layout}
      />
    </Card>
  );
}
