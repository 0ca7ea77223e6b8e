import type { AuditEvent } from '@limelight/contracts';
import { Button, Descriptions, Drawer, Flex, Typography } from 'antd';
import { useState } from 'react';
import type { AdminListAuditEventsApiArg } from '../../shared/api/generated/admin';
import { listArg } from '../../shared/hooks/useTableState';
import { formatMoment } from '../../shared/lib/dates';
import { SearchFilter } from '../../shared/ui/TableFilters';
import { labelOf } from '../community';
import { AdminTable } from './AdminTable';
import { useAdminListAuditEventsQuery } from './console-api';
import { auditActionLabels } from './labels';

const filterNames = ['actorId', 'action', 'targetType', 'targetId', 'q', 'from', 'to'] as const;

/** `/admin/audit`: what admins did and what changed on accounts, searchable, with each entry in detail. */
export function AuditPage() {
  const [selected, setSelected] = useState<AuditEvent>();

  return (
    <AdminTable<AuditEvent>
      title="Audit trail"
      filterNames={filterNames}
      useList={(query) => useAdminListAuditEventsQuery(listArg<AdminListAuditEventsApiArg>(query))}
      exportPath="/admin/audit"
      phoneColumns={['action', 'createdAt']}
      columns={[
        { title: 'When', dataIndex: 'createdAt', key: 'createdAt', sorter: true, render: (value: string) => formatMoment(value) },
        {
          title: 'Action',
          dataIndex: 'action',
          key: 'action',
          render: (action: string, row: AuditEvent) => (
            <Flex vertical>
              <Button type="link" style={{ padding: 0, height: 'auto', alignSelf: 'flex-start' }} onClick={() => setSelected(row)}>
                {labelOf(auditActionLabels, action)}
              </Button>
              <Typography.Text type="secondary" code>
                {action}
              </Typography.Text>
            </Flex>
          ),
        },
        { title: 'Actor', dataIndex: 'actorName', key: 'actor' },
        {
          title: 'Target',
          key: 'target',
          render: (_: unknown, row: AuditEvent) => (row.targetType ? `${row.targetType} ${row.targetId?.slice(0, 8) ?? ''}` : ''),
        },
        { title: 'Reason', dataIndex: 'reason', key: 'reason', ellipsis: true },
      ]}
      filters={(state, setFilter) => (
        <>
          <SearchFilter
            value={state.filters.action}
            onSearch={(value) => setFilter('action', value)}
            placeholder="Action or area"
            label="Filter by action"
          />
          <SearchFilter
            value={state.filters.targetId}
            onSearch={(value) => setFilter('targetId', value)}
            placeholder="Target id"
            label="Filter by target"
          />
          <SearchFilter
            value={state.filters.actorId}
            onSearch={(value) => setFilter('actorId', value)}
            placeholder="Actor id"
            label="Filter by actor"
          />
          <SearchFilter
            value={state.filters.q}
            onSearch={(value) => setFilter('q', value)}
            placeholder="Search reason or names"
            label="Search the trail"
          />
        </>
      )}
    >
      <AuditDrawer entry={selected} onClose={() => setSelected(undefined)} />
    </AdminTable>
  );
}

/** One entry in full: its details, address and browser. */
function AuditDrawer({ entry, onClose }: { entry?: AuditEvent; onClose: () => void }) {
  return (
    <Drawer open={!!entry} onClose={onClose} title="Audit entry" size="large">
      {entry ? (
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            { key: 'when', label: 'When', children: formatMoment(entry.createdAt) },
            {
              key: 'action',
              label: 'Action',
              children: (
                <>
                  {labelOf(auditActionLabels, entry.action)} <Typography.Text code>{entry.action}</Typography.Text>
                </>
              ),
            },
            {
              key: 'actor',
              label: 'Actor',
              children: `${entry.actorName ?? 'system'} (${entry.actorRole ?? 'system'}) ${entry.actorId ?? ''}`,
            },
            { key: 'target', label: 'Target', children: `${entry.targetType ?? ''} ${entry.targetId ?? ''}` },
            { key: 'reason', label: 'Reason', children: entry.reason ?? '' },
            {
              key: 'details',
              label: 'Details',
              children: (
                <Typography.Paragraph code style={{ whiteSpace: 'pre-wrap' }}>
                  {JSON.stringify(entry.details, null, 2)}
                </Typography.Paragraph>
              ),
            },
            { key: 'ip', label: 'IP address', children: entry.ip ?? '' },
            { key: 'ua', label: 'Browser', children: entry.userAgent ?? '' },
          ]}
        />
      ) : null}
    </Drawer>
  );
}
