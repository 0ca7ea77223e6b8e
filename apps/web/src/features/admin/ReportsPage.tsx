import {
  type ApproveContentInput,
  type ContentAction,
  type ModeratedItem,
  PROFILE_REVISION_CASE,
  type PrePublicationType,
  prePublicationTypes,
  REPORT_LIMIT_DAYS,
  type ReportCaseReason,
  type ReportCaseType,
  type ReportedContent,
  type ReportGroup,
  reportCaseReasons,
  reportCaseTypes,
  reportStatuses,
  type StandingAction,
} from '@limelight/contracts';
import {
  Button,
  Card,
  DatePicker,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Grid,
  Image,
  List,
  Skeleton,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminListReportGroupsApiArg } from '../../shared/api/generated/admin';
import { listArg, useTableState } from '../../shared/hooks/useTableState';
import { formatMoment } from '../../shared/lib/dates';
import { errorMessage, toast } from '../../shared/lib/toast';
import { CsvExportButton } from '../../shared/ui/CsvExportButton';
import { PageTitle } from '../../shared/ui/PageTitle';
import { SelectFilter } from '../../shared/ui/TableFilters';
import {
  contentActionDone,
  holdStateLabels,
  labelOf,
  reportCaseLabels,
  reportCaseReasonLabels,
  reportStatusLabels,
  standingActionDone,
} from '../community';
import { HeldTag } from '../moderation';
import { useAdminUpdateAccountStandingMutation } from './api';
import {
  useAdminApproveContentMutation,
  useAdminDecideModerationAppealMutation,
  useAdminDismissReportsMutation,
  useAdminGetReportedContentQuery,
  useAdminListModerationAppealsQuery,
  useAdminListReportGroupsQuery,
  useAdminModerateContentMutation,
} from './moderation-api';
import { ReasonModal } from './ReasonModal';
import { RevisionDiff } from './RevisionDiff';

const filterNames = ['status', 'targetType', 'reason'] as const;

const DAY_MS = 86_400_000;

/** Time left against the 7-day limit, coloured as it runs out. */
function TimeLeft({ dueAt }: { dueAt: string }) {
  const left = new Date(dueAt).getTime() - Date.now();
  const days = Math.floor(Math.abs(left) / DAY_MS);
  const hours = Math.floor((Math.abs(left) % DAY_MS) / 3_600_000);
  const text = `${days} d ${hours} h`;
  if (left < 0) return <Tag color="error">{text} over</Tag>;
  return <Tag color={left < 2 * DAY_MS ? 'warning' : 'default'}>{text} left</Tag>;
}

type Pending =
  | { kind: 'dismiss' }
  | { kind: 'content'; action: ContentAction }
  | { kind: 'standing'; action: Exclude<StandingAction, 'restore'> }
  | { kind: 'appeal'; decision: 'uphold' | 'restore' };

const pendingTitle = (pending: Pending) =>
  pending.kind === 'dismiss'
    ? 'Dismiss the reports'
    : pending.kind === 'content'
      ? `${pending.action[0]!.toUpperCase()}${pending.action.slice(1)} this content`
      : pending.kind === 'standing'
        ? `${pending.action[0]!.toUpperCase()}${pending.action.slice(1)} the account`
        : pending.decision === 'uphold'
          ? 'Uphold the decision'
          : 'Restore the content';

/** What the toast says once an action went through: what happened, not just "Done". */
const doneMessage = (pending: Pending) =>
  pending.kind === 'dismiss'
    ? 'Reports dismissed'
    : pending.kind === 'content'
      ? contentActionDone[pending.action]
      : pending.kind === 'standing'
        ? standingActionDone[pending.action]
        : pending.decision === 'uphold'
          ? 'Decision upheld'
          : 'Appeal granted: content restored';

/** The reported content in place, its reports, and every action (each with a reason). */
function CaseDrawer({ targetType, targetId, onClose }: { targetType: string; targetId: string; onClose: () => void }) {
  // The case's type comes from the address as it is: the API refuses one it does not know.
  const caseType = targetType as ReportCaseType;
  const { data, isFetching } = useAdminGetReportedContentQuery({ targetType: caseType, targetId });
  const [pending, setPending] = useState<Pending>();
  const [dismiss, dismissing] = useAdminDismissReportsMutation();
  const [act, acting] = useAdminModerateContentMutation();
  const [stand, standing] = useAdminUpdateAccountStandingMutation();
  const [decide, deciding] = useAdminDecideModerationAppealMutation();
  const [approve, approving] = useAdminApproveContentMutation();
  const content = data as ReportedContent | undefined;
  // A creator's profile changes (decision 055): approved or refused, never hidden (nothing of them is public).
  const revision = content?.revision;
  const moderatable = content && !['takedown', 'reupload', PROFILE_REVISION_CASE].includes(content.targetType) && !content.missing;
  const waiting =
    !!revision || (moderatable && content.hold?.prePublication && prePublicationTypes.includes(targetType as PrePublicationType));

  const publish = async () => {
    try {
      await approve({ body: { targetType: targetType as ApproveContentInput['targetType'], targetId } }).unwrap();
      toast.success(revision ? 'Profile changes approved: fans see them now' : 'Approved and published');
      // Its case is closed: nothing is left to do in it.
      onClose();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const run = async ({ reason, until }: { reason: string; until?: Dayjs }) => {
    if (!pending) return;
    try {
      if (pending.kind === 'dismiss') await dismiss({ targetType: caseType, targetId, body: { reason } }).unwrap();
      else if (pending.kind === 'content')
        await act({ body: { targetType: targetType as never, targetId, action: pending.action, reason } }).unwrap();
      else if (pending.kind === 'standing')
        await stand({
          id: content!.owner!._id,
          body: {
            action: pending.action,
            reason,
            ...(until ? { until: until.toISOString() } : {}),
            ...(content?.reports[0] ? { reportId: content.reports[0]._id } : {}),
          },
        }).unwrap();
      else await decide({ targetId, body: { decision: pending.decision, reason } }).unwrap();
      toast.success(pending.kind === 'dismiss' && revision ? 'Profile changes refused: the creator is told why' : doneMessage(pending));
      setPending(undefined);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Drawer
      open
      title={revision ? 'Profile changes to review' : content?.hold?.prePublication ? 'Review before publication' : 'Reported content'}
      onClose={onClose}
      width="min(720px, 100vw)"
    >
      {isFetching && !content ? (
        <Skeleton active />
      ) : !content ? null : (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'kind', label: 'What', children: labelOf(reportCaseLabels, content.targetType) },
              { key: 'title', label: 'Title', children: content.title },
              {
                key: 'owner',
                label: 'Creator',
                children: content.owner ? `${content.owner.name} (@${content.owner.username ?? ''})` : '—',
              },
              {
                key: 'hold',
                label: 'State',
                children:
                  revision || content.hold?.prePublication ? (
                    <Tag color="processing">In review: not published yet</Tag>
                  ) : content.hold ? (
                    <Tag color="error">
                      {labelOf(holdStateLabels, content.hold.state)}: {content.hold.reason}
                    </Tag>
                  ) : content.missing ? (
                    <Tag>Gone</Tag>
                  ) : (
                    <Tag color="success">Visible</Tag>
                  ),
              },
            ]}
          />
          {revision && <RevisionDiff changes={revision} />}
          {content.text && (
            <Card size="small" title="Content">
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{content.text}</Typography.Paragraph>
            </Card>
          )}
          {content.media.length > 0 && (
            <Flex gap={8} wrap>
              {content.media.map((item) =>
                item.kind === 'video' ? (
                  // biome-ignore lint/a11y/useMediaCaption: user uploads carry no captions; the admin reviews the picture
                  <video key={item.url} src={item.url} controls width={320} aria-label="Reported video" />
                ) : (
                  <Image key={item.url} src={item.url} width={160} alt="Reported image" />
                ),
              )}
            </Flex>
          )}
          {content.takedown && (
            <Descriptions
              size="small"
              column={1}
              bordered
              title={`Case ${content.takedown.caseNumber}`}
              items={[
                { key: 'name', label: 'Name', children: content.takedown.name },
                { key: 'email', label: 'E-mail', children: content.takedown.email },
                { key: 'relation', label: 'Relation', children: content.takedown.relation },
                { key: 'urls', label: 'Links', children: content.takedown.urls.join('\n') },
              ]}
            />
          )}
          {content.appeal && (
            <Card size="small" title="Appeal">
              <Typography.Paragraph>{content.appeal.text}</Typography.Paragraph>
              <Typography.Text type="secondary">{content.appeal.decision ?? 'Waiting for a decision'}</Typography.Text>
            </Card>
          )}
          <Space wrap>
            {waiting && (
              <Button type="primary" loading={approving.isLoading} onClick={publish}>
                {revision ? 'Approve changes' : 'Approve and publish'}
              </Button>
            )}
            {/* A waiting item's case is not dismissed (it would wait with no case): approve it, or hide or remove it. A profile revision is refused. */}
            {revision ? (
              <Button danger onClick={() => setPending({ kind: 'dismiss' })}>
                Refuse changes
              </Button>
            ) : (
              !waiting && <Button onClick={() => setPending({ kind: 'dismiss' })}>Dismiss</Button>
            )}
            {moderatable && (!content.hold || waiting) && (
              <Button onClick={() => setPending({ kind: 'content', action: 'hide' })}>Hide content</Button>
            )}
            {moderatable && content.hold?.state !== 'removed' && (
              <Button danger onClick={() => setPending({ kind: 'content', action: 'remove' })}>
                Remove content
              </Button>
            )}
            {moderatable && content.hold?.state === 'hidden' && (
              <Button onClick={() => setPending({ kind: 'content', action: 'restore' })}>Restore content</Button>
            )}
            {content.owner && (
              <>
                <Button onClick={() => setPending({ kind: 'standing', action: 'warn' })}>Warn</Button>
                <Button onClick={() => setPending({ kind: 'standing', action: 'suspend' })}>Suspend</Button>
                <Button danger onClick={() => setPending({ kind: 'standing', action: 'ban' })}>
                  Ban
                </Button>
              </>
            )}
            {content.appeal && !content.appeal.decision && (
              <>
                <Button onClick={() => setPending({ kind: 'appeal', decision: 'uphold' })}>Uphold</Button>
                <Button onClick={() => setPending({ kind: 'appeal', decision: 'restore' })}>Grant appeal</Button>
              </>
            )}
          </Space>
          <List
            header={<Typography.Text strong>Reports ({content.reports.length})</Typography.Text>}
            dataSource={content.reports}
            locale={{ emptyText: 'No reports' }}
            renderItem={(report) => (
              <List.Item>
                <List.Item.Meta
                  title={
                    <>
                      <Tag>{labelOf(reportCaseReasonLabels, report.reason)}</Tag>{' '}
                      {report.reporter
                        ? `@${report.reporter.username ?? report.reporter.name}`
                        : report.reason === 'prePublication'
                          ? 'Opened automatically'
                          : 'Without an account'}{' '}
                      <Typography.Text type="secondary">{formatMoment(report.createdAt)}</Typography.Text>
                    </>
                  }
                  description={report.description || 'No note'}
                />
              </List.Item>
            )}
          />
        </Flex>
      )}
      <ReasonModal<{ reason: string; until?: Dayjs }>
        open={!!pending}
        title={pending?.kind === 'dismiss' && revision ? 'Refuse the profile changes' : pending ? pendingTitle(pending) : ''}
        okText="Confirm"
        loading={dismissing.isLoading || acting.isLoading || standing.isLoading || deciding.isLoading}
        reasonLabel="Reason (the person acted on reads it)"
        onCancel={() => setPending(undefined)}
        onSubmit={run}
      >
        {pending?.kind === 'standing' && pending.action === 'suspend' && (
          <Form.Item name="until" label="Suspended until" rules={[{ required: true, message: 'Suspended until: choose a date' }]}>
            <DatePicker showTime />
          </Form.Item>
        )}
      </ReasonModal>
    </Drawer>
  );
}

function AppealsTab({ open }: { open: (targetType: string, targetId: string) => void }) {
  const { data, isFetching } = useAdminListModerationAppealsQuery();
  return (
    <Table<ModeratedItem>
      rowKey="targetId"
      loading={isFetching}
      dataSource={data}
      pagination={false}
      scroll={{ x: 640 }}
      locale={{ emptyText: 'No appeals waiting' }}
      columns={[
        { title: 'What', dataIndex: 'targetType', render: (type: string) => labelOf(reportCaseLabels, type) },
        { title: 'Decision', dataIndex: 'reason', ellipsis: true },
        { title: 'Appeal', dataIndex: 'appealText', ellipsis: true },
        { title: 'Appealed', dataIndex: 'appealedAt', render: (date: string) => formatMoment(date) },
        {
          title: 'Open',
          key: 'open',
          render: (_: unknown, row) => (
            <Button size="small" onClick={() => open(row.targetType, row.targetId)}>
              Open
            </Button>
          ),
        },
      ]}
    />
  );
}

/** The report queue (issue 27): one row per reported target, oldest first against the 7-day limit. */
export function ReportsPage() {
  const { state, query, setFilter, sortOrder, tableProps } = useTableState(filterNames, { sortBy: 'firstReportedAt', sort: 'asc' });
  const { data, isFetching } = useAdminListReportGroupsQuery(listArg<AdminListReportGroupsApiArg>(query));
  const phone = Grid.useBreakpoint().sm === false;
  const [params, setParams] = useSearchParams();
  const opened = params.get('case')?.split(':');
  const tab = params.get('tab') ?? 'reports';
  const setParam = (name: string, value?: string) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const open = (targetType: string, targetId: string) => setParam('case', `${targetType}:${targetId}`);

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <PageTitle>Reports</PageTitle>
        {tab === 'reports' && <CsvExportButton path="/admin/reports/groups" query={query} />}
      </Flex>
      <Typography.Paragraph type="secondary">Every report is answered within {REPORT_LIMIT_DAYS} days.</Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParam('tab', key === 'reports' ? undefined : key)}
        items={[
          {
            key: 'reports',
            label: 'Reports',
            children: (
              <>
                <Flex gap={8} wrap style={{ marginBottom: 16 }}>
                  <SelectFilter
                    value={state.filters.status}
                    onChange={(value) => setFilter('status', value)}
                    options={reportStatuses.map((status) => ({ value: status, label: reportStatusLabels[status] }))}
                    placeholder="Open"
                    label="Filter by status"
                  />
                  <SelectFilter
                    value={state.filters.targetType}
                    onChange={(value) => setFilter('targetType', value)}
                    options={reportCaseTypes.map((type) => ({ value: type, label: reportCaseLabels[type] }))}
                    placeholder="What"
                    label="Filter by kind"
                    width={160}
                  />
                  <SelectFilter
                    value={state.filters.reason}
                    onChange={(value) => setFilter('reason', value)}
                    options={reportCaseReasons.map((reason) => ({ value: reason, label: labelOf(reportCaseReasonLabels, reason) }))}
                    placeholder="Reason"
                    label="Filter by reason"
                    width={240}
                  />
                </Flex>
                <Table<ReportGroup>
                  rowKey={(row) => `${row.targetType}:${row.targetId}`}
                  loading={isFetching}
                  dataSource={data?.data}
                  // On a phone only what, count and time left show (the rest is in the case), so nothing scrolls away.
                  scroll={{ x: 'max-content' }}
                  locale={{
                    emptyText:
                      state.filters.reason === 'prePublication' && (state.filters.status ?? 'open') === 'open'
                        ? 'Nothing waits for review'
                        : 'Nothing reported',
                  }}
                  {...tableProps<ReportGroup>(data?.total)}
                  onRow={(row) => ({ onClick: () => open(row.targetType, row.targetId) })}
                  columns={[
                    {
                      title: 'What',
                      dataIndex: 'targetType',
                      render: (type: string, row) => (
                        <Flex vertical align="flex-start">
                          <Button type="link" onClick={() => open(row.targetType, row.targetId)}>
                            {labelOf(reportCaseLabels, type)}
                          </Button>
                          {/* The State column does not fit a phone: its tag comes here, so "In review" still shows. */}
                          {phone && row.hold && <HeldTag hold={row.hold} brief />}
                        </Flex>
                      ),
                    },
                    { title: 'Reports', dataIndex: 'count', sorter: true, sortOrder: sortOrder('count') },
                    {
                      title: 'Reasons',
                      dataIndex: 'reasons',
                      responsive: ['md'],
                      render: (reasons: ReportCaseReason[]) =>
                        reasons.map((reason) => <Tag key={reason}>{labelOf(reportCaseReasonLabels, reason)}</Tag>),
                    },
                    {
                      title: 'First reported',
                      dataIndex: 'firstReportedAt',
                      responsive: ['md'],
                      sorter: true,
                      sortOrder: sortOrder('firstReportedAt'),
                      render: (date: string) => formatMoment(date),
                    },
                    { title: 'Time left', dataIndex: 'dueAt', render: (dueAt: string) => <TimeLeft dueAt={dueAt} /> },
                    {
                      title: 'State',
                      dataIndex: 'hold',
                      responsive: ['sm'],
                      render: (hold: ReportGroup['hold']) => <HeldTag hold={hold} brief />,
                    },
                  ]}
                />
              </>
            ),
          },
          { key: 'appeals', label: 'Appeals', children: <AppealsTab open={open} /> },
        ]}
      />
      {opened?.length === 2 && <CaseDrawer targetType={opened[0]!} targetId={opened[1]!} onClose={() => setParam('case')} />}
    </Card>
  );
}
