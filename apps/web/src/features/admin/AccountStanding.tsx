import { DownOutlined } from '@ant-design/icons';
import { type AdminAccount, MODERATION_REASON_MAX, type StandingAction, type StandingRecord } from '@limelight/contracts';
import { Button, Drawer, Dropdown, Empty, Form, Input, List, Modal, Tag, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { formatMoment } from '../../shared/lib/dates';
import { applyFieldErrors } from '../../shared/lib/form-errors';
import { errorMessage, toast } from '../../shared/lib/toast';
import { DateTimeField } from '../../shared/ui/DateTimeField';
import { useAdminListAccountStandingHistoryQuery, useAdminUpdateAccountStandingMutation } from './api';
import { standingWords } from './labels';

/** How each action reads on its button, its dialog and in the history (decision 045). */
const actionWords: Record<StandingAction, { label: string; title: string; ok: string; done: string; color?: string }> = {
  warn: { label: 'Warn', title: 'Warn this account', ok: 'Send warning', done: 'warned', color: 'gold' },
  suspend: { label: 'Suspend', title: 'Suspend this account', ok: 'Suspend', done: 'suspended', color: 'orange' },
  ban: { label: 'Ban', title: 'Ban this account', ok: 'Ban', done: 'banned', color: 'red' },
  restore: { label: 'Restore', title: 'Restore good standing', ok: 'Restore', done: 'restored', color: 'green' },
};

const explained: Record<StandingAction, string> = {
  warn: 'The account is told by notification and e-mail; nothing else changes.',
  suspend:
    'Until the time you choose, the account cannot sign in, its sessions and live session end, its page is hidden and its subscriptions stop renewing.',
  ban: 'The account cannot sign in again, its sessions and live session end, its page is hidden and its subscriptions stop renewing.',
  restore: 'The account can sign in again and is shown as before.',
};

/** The account's standing as a tag, with its reason and end on hover. */
export function StandingTag({ account }: { account: AdminAccount }) {
  const words = standingWords[account.standing];
  if (account.standing === 'good') return <Tag color={words.color}>{words.label}</Tag>;
  const until = account.standingUntil ? ` until ${formatMoment(account.standingUntil)}` : '';
  return (
    <Tooltip title={account.standingReason}>
      <Tag color={words.color} tabIndex={0}>
        {words.label}
        {until}
      </Tag>
    </Tooltip>
  );
}

type ReasonForm = { reason: string; until?: Dayjs };

/** The "Standing" menu of a row: warn, suspend, ban or restore (each asks why), and the history. */
export function StandingMenu({ account }: { account: AdminAccount }) {
  const [action, setAction] = useState<StandingAction>();
  const [historyOpen, setHistoryOpen] = useState(false);
  const [setStanding, { isLoading }] = useAdminUpdateAccountStandingMutation();
  const [form] = Form.useForm<ReasonForm>();
  const who = account.username ?? account.name;

  const available: StandingAction[] = [
    'warn',
    ...(account.standing !== 'banned' ? (['suspend', 'ban'] as const) : []),
    ...(account.standing !== 'good' ? (['restore'] as const) : []),
  ];

  const submit = async (values: ReasonForm) => {
    if (!action) return;
    try {
      const result = await setStanding({
        id: account._id,
        body: {
          action,
          reason: values.reason,
          ...(action === 'suspend' && values.until ? { until: values.until.toISOString() } : {}),
        },
      }).unwrap();
      toast.success(result.message);
      setAction(undefined);
      form.resetFields();
    } catch (error) {
      applyFieldErrors(form, error);
      toast.error(errorMessage(error));
    }
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            ...available.map((key) => ({ key, label: actionWords[key].label, danger: key === 'ban' })),
            { type: 'divider' as const },
            { key: 'history', label: 'Standing history' },
          ],
          onClick: ({ key }) => (key === 'history' ? setHistoryOpen(true) : setAction(key as StandingAction)),
        }}
      >
        <Button size="small" aria-label={`Standing of ${who}`}>
          Standing <DownOutlined aria-hidden />
        </Button>
      </Dropdown>
      {action && (
        <Modal
          open
          title={`${actionWords[action].title}: ${who}`}
          okText={actionWords[action].ok}
          okButtonProps={{ danger: action === 'ban' || action === 'suspend' }}
          confirmLoading={isLoading}
          onOk={() => form.submit()}
          onCancel={() => setAction(undefined)}
        >
          <Typography.Paragraph type="secondary">{explained[action]}</Typography.Paragraph>
          <Form<ReasonForm> form={form} name={`standing-${account._id}`} layout="vertical" onFinish={submit} requiredMark={false}>
            {action === 'suspend' && (
              <Form.Item name="until" label="Suspended until" rules={[{ required: true, message: 'Choose when the suspension ends' }]}>
                <DateTimeField style={{ width: '100%' }} aria-label="Suspended until" />
              </Form.Item>
            )}
            <Form.Item
              name="reason"
              label="Reason (the account holder reads it)"
              rules={[
                { required: true, whitespace: true, message: 'Say why' },
                { min: 3, message: 'Say why, in 3 characters or more' },
              ]}
            >
              <Input.TextArea rows={3} maxLength={MODERATION_REASON_MAX} showCount />
            </Form.Item>
          </Form>
        </Modal>
      )}
      <Drawer title={`Standing history: ${who}`} open={historyOpen} onClose={() => setHistoryOpen(false)} size="default">
        {historyOpen && <StandingHistory accountId={account._id} />}
      </Drawer>
    </>
  );
}

/** Every warning (a strike), suspension, ban and restoration of the account, newest first. */
function StandingHistory({ accountId }: { accountId: string }) {
  const { data, isLoading } = useAdminListAccountStandingHistoryQuery({ id: accountId });
  return (
    <List<StandingRecord>
      loading={isLoading}
      dataSource={data?.data}
      locale={{ emptyText: <Empty description="No warnings, suspensions or bans" /> }}
      renderItem={(entry) => (
        <List.Item>
          <List.Item.Meta
            title={
              <>
                <Tag color={actionWords[entry.action].color}>{actionWords[entry.action].done}</Tag>
                {entry.until && <span>until {formatMoment(entry.until)}</span>}
              </>
            }
            description={
              <>
                <Typography.Paragraph style={{ marginBottom: 4 }}>{entry.reason}</Typography.Paragraph>
                <Typography.Text type="secondary">
                  {formatMoment(entry.createdAt)}
                  {entry.adminName ? ` by ${entry.adminName}` : ''}
                </Typography.Text>
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}
