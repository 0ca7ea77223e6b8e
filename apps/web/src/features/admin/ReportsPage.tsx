import { type Report, reportStatuses, reportTargetTypes } from '@limelight/contracts';
import { Button, Card, Flex, Space, Table, Tag, Typography } from 'antd';
import { useTableState } from '../../shared/hooks/useTableState';
import { formatMoment } from '../../shared/lib/dates';
import { errorMessage, toast } from '../../shared/lib/toast';
import { PageTitle } from '../../shared/ui/PageTitle';
import { SelectFilter } from '../../shared/ui/TableFilters';
import { useAdminReportsQuery, useHandleReportMutation } from '../community/api';

const filterNames = ['status', 'targetType'] as const;
const statusColor: Record<Report['status'], string> = { open: 'warning', resolved: 'success', dismissed: 'default' };

/** The report queue: what users flagged, newest first, resolved or dismissed by an admin. */
export function ReportsPage() {
  const { state, query, setFilter, sortOrder, tableProps } = useTableState(filterNames, { sortBy: 'createdAt' });
  const { data, isFetching } = useAdminReportsQuery(query);
  const [handle] = useHandleReportMutation();
  const set = (id: string, status: Report['status']) =>
    handle({ id, status })
      .unwrap()
      .then((answer) => toast.success(answer.message))
      .catch((error: unknown) => toast.error(errorMessage(error)));

  return (
    <Card>
      <PageTitle>Reports</PageTitle>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <SelectFilter
          value={state.filters.status}
          onChange={(value) => setFilter('status', value)}
          values={reportStatuses}
          placeholder="Status"
          label="Filter by status"
        />
        <SelectFilter
          value={state.filters.targetType}
          onChange={(value) => setFilter('targetType', value)}
          values={reportTargetTypes}
          placeholder="What"
          label="Filter by kind"
          width={160}
        />
      </Flex>
      <Table<Report>
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.data}
        scroll={{ x: 800 }}
        locale={{ emptyText: 'Nothing reported' }}
        {...tableProps<Report>(data?.total)}
        columns={[
          {
            title: 'What',
            dataIndex: 'targetType',
            render: (type: string, row) => <Typography.Text copyable={{ text: row.targetId }}>{type}</Typography.Text>,
          },
          { title: 'Reason', dataIndex: 'reason' },
          { title: 'Details', dataIndex: 'description', ellipsis: true },
          {
            title: 'By',
            key: 'reporter',
            render: (_: unknown, row) => (row.reporter ? (row.reporter.username ?? row.reporter.name) : 'Takedown form'),
          },
          { title: 'Status', dataIndex: 'status', render: (status: Report['status']) => <Tag color={statusColor[status]}>{status}</Tag> },
          {
            title: 'Reported',
            dataIndex: 'createdAt',
            sorter: true,
            sortOrder: sortOrder('createdAt'),
            render: (date: string) => formatMoment(date),
          },
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, row) => (
              <Space>
                {row.status !== 'resolved' && (
                  <Button size="small" onClick={() => set(row._id, 'resolved')}>
                    Resolve
                  </Button>
                )}
                {row.status !== 'dismissed' && (
                  <Button size="small" onClick={() => set(row._id, 'dismissed')}>
                    Dismiss
                  </Button>
                )}
                {row.status !== 'open' && (
                  <Button size="small" onClick={() => set(row._id, 'open')}>
                    Reopen
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
