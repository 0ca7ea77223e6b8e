import type { LiveSession } from '@limelight/contracts';
import { Button, Popconfirm, Tag } from 'antd';
import type { AdminListLiveSessionsApiArg } from '../../shared/api/generated/admin';
import { listArg } from '../../shared/hooks/useTableState';
import { formatDuration, formatMoment } from '../../shared/lib/dates';
import { formatTokens } from '../../shared/lib/money';
import { errorMessage, toast } from '../../shared/lib/toast';
import { SelectFilter } from '../../shared/ui/TableFilters';
import { AdminTable } from './AdminTable';
import { useAdminEndLiveSessionMutation, useAdminListLiveSessionsQuery } from './live-api';
import type { ListQuery } from './site-api';

const statusOptions = [
  { value: 'live', label: 'Live' },
  { value: 'ended', label: 'Ended' },
];
const endedReasonLabels = { performer: 'by the creator', admin: 'by an admin', timeout: 'no picture', private: 'for a private show' };

/** Live ones unless the admin chose another status: what an admin comes here to act on. */
const shownStatus = (status?: string | number) => String(status ?? 'live');
const useLiveSessions = (query: ListQuery) =>
  useAdminListLiveSessionsQuery(listArg<AdminListLiveSessionsApiArg>({ ...query, status: shownStatus(query.status) }));

/** `/admin/live`: live sessions (live ones first by default), with who, viewers, when, and End. */
export function AdminLiveSessionsPage() {
  const [end] = useAdminEndLiveSessionMutation();
  return (
    <AdminTable<LiveSession>
      title="Live sessions"
      filterNames={['status']}
      useList={useLiveSessions}
      defaultSortBy="startedAt"
      empty={(state) => (shownStatus(state.filters.status) === 'live' ? 'Nobody is live now' : 'No sessions')}
      phoneColumns={['performer', 'viewerCount', 'actions']}
      filters={(state, setFilter) => (
        <SelectFilter
          value={shownStatus(state.filters.status)}
          onChange={(value) => setFilter('status', value)}
          options={statusOptions}
          placeholder="Status"
          label="Filter by status"
        />
      )}
      columns={[
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
        { title: 'Viewers', dataIndex: 'viewerCount', sorter: true },
        { title: 'Peak', dataIndex: 'peakViewerCount' },
        {
          title: 'Started',
          dataIndex: 'startedAt',
          sorter: true,
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
      ]}
    />
  );
}
