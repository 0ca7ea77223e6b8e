import { type Report, reportStatuses, reportTargetTypes } from '@limelight/contracts';
import { Button, Card, Flex, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTableState } from '../../shared/hooks/useTableState';
import { errorMessage, toast } from '../../shared/lib/toast';
import { useAdminReportsQuery, useHandleReportMutation } from '../community/api';

const filterNames = ['status', 'targetType'] as const;
const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
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
      <Typography.Title level={2}>Reports</Typography.Title>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder="Status"
          value={state.filters.status}
          onChange={(v?: string) => setFilter('status', v)}
          options={options(reportStatuses)}
          style={{ width: 140 }}
          aria-label="Filter by status"
        />
        <Select
          allowClear
          placeholder="What"
          value={state.filters.targetType}
          onChange={(v?: string) => setFilter('targetType', v)}
          options={options(reportTargetTypes)}
          style={{ width: 160 }}
          aria-label="Filter by kind"
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
          { title: 'By', key: 'reporter', render: (_: unknown, row) => row.reporter.username ?? row.reporter.name },
          { title: 'Status', dataIndex: 'status', render: (status: Report['status']) => <Tag color={statusColor[status]}>{status}</Tag> },
          {
            title: 'Reported',
            dataIndex: 'createdAt',
            sorter: true,
            sortOrder: sortOrder('createdAt'),
            render: (date: string) => dayjs(date).format('YYYY-MM-DD HH:mm'),
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
