import { type MassMessage, massAudiences } from '@limelight/contracts';
import { Button, Card, Flex, Grid, Popconfirm, Progress, Segmented, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTableState } from '../../shared/hooks/useTableState';
import { formatMoment } from '../../shared/lib/dates';
import { formatTokens } from '../../shared/lib/money';
import { errorMessage, toast } from '../../shared/lib/toast';
import { PageTitle } from '../../shared/ui/PageTitle';
import { usePhoneColumns } from '../../shared/ui/PhoneTable';
import { Composer, useDeleteMassMessageMutation, useListMassMessagesQuery, useSendMassMessageMutation } from '../messages';

type Audience = (typeof massAudiences)[number];
const audienceLabels: Record<Audience, string> = { subscribers: 'Subscribers', followers: 'Followers', all: 'Subscribers and followers' };
const statusLabels: Record<MassMessage['status'], { label: string; color: string }> = {
  sending: { label: 'Sending', color: 'processing' },
  sent: { label: 'Sent', color: 'success' },
  unsent: { label: 'Unsent', color: 'default' },
};
const POLL_MS = 2000;

/**
 * `/creator/mass-messages`: one message to all subscribers, followers or both (each gets it in
 * their own conversation; blocked fans never), and what each did: delivery while it goes out,
 * then seen, bought and earned; a mass message can be taken back.
 */
export default function MassMessagesPage() {
  const [audience, setAudience] = useState<Audience>('subscribers');
  const [send] = useSendMassMessageMutation();
  const [unsend] = useDeleteMassMessageMutation();
  const { state, tableProps } = useTableState([], { sortBy: 'createdAt' });
  const page = { offset: (state.current - 1) * state.pageSize, limit: state.pageSize };
  const [sending, setSending] = useState(false);
  // On a phone the three audiences stack: side by side they are wider than the screen.
  const phone = !Grid.useBreakpoint().sm;
  // Polls while a delivery is under way, so its progress moves by itself.
  const { data, isLoading } = useListMassMessagesQuery(page, { pollingInterval: sending ? POLL_MS : 0 });
  const anySending = !!data?.data.some((item) => item.status === 'sending');
  useEffect(() => setSending(anySending), [anySending]);
  const layout = usePhoneColumns<MassMessage>(
    [
      { title: 'Sent', dataIndex: 'createdAt', render: (value: string) => formatMoment(value) },
      {
        title: 'Message',
        dataIndex: 'text',
        render: (text: string, row) => (
          <Typography.Text ellipsis style={{ maxWidth: 280 }}>
            {text || `${row.files.length} file${row.files.length === 1 ? '' : 's'}`}
          </Typography.Text>
        ),
      },
      { title: 'To', dataIndex: 'audience', render: (value: Audience) => audienceLabels[value] },
      {
        title: 'Status',
        key: 'status',
        render: (_: unknown, row) =>
          row.status === 'sending' ? (
            <Progress
              percent={row.recipients ? Math.round((row.delivered / row.recipients) * 100) : 100}
              size="small"
              aria-label="Delivery progress"
            />
          ) : (
            <Tag color={statusLabels[row.status].color}>{statusLabels[row.status].label}</Tag>
          ),
      },
      { title: 'Delivered', key: 'delivered', render: (_: unknown, row) => `${row.delivered} of ${row.recipients}` },
      { title: 'Seen', dataIndex: 'seen' },
      { title: 'Price', dataIndex: 'price', render: (price: number) => (price ? formatTokens(price) : 'free') },
      { title: 'Bought', dataIndex: 'purchased' },
      { title: 'Earned', dataIndex: 'revenue', render: (revenue: number) => formatTokens(revenue) },
      {
        title: '',
        key: 'actions',
        render: (_: unknown, row) =>
          row.status !== 'unsent' && (
            <Popconfirm
              title="Take this message back from every fan?"
              description={
                row.price > 0 ? 'It leaves sale. Fans who bought it keep access; everyone else sees “Message deleted!”.' : undefined
              }
              okText="Unsend"
              onConfirm={() =>
                unsend({ id: row._id })
                  .unwrap()
                  .then(() =>
                    toast.success(
                      row.price > 0
                        ? 'Unsent: buyers keep it; other fans see “Message deleted!”'
                        : 'Unsent: fans now see “Message deleted!”',
                    ),
                  )
                  .catch((error: unknown) => toast.error(errorMessage(error)))
              }
            >
              <Button size="small" danger>
                Unsend
              </Button>
            </Popconfirm>
          ),
      },
    ],
    ['createdAt', 'status', 'actions'],
    1000,
  );

  return (
    <div className="page-wide">
      <Card style={{ marginBottom: 16 }}>
        <PageTitle style={{ fontSize: 24 }}>Message your fans</PageTitle>
        <Typography.Paragraph type="secondary">
          Each fan gets it in their own conversation with you. A price makes its photo, video or audio paid; blocked fans never get it.
        </Typography.Paragraph>
        <Flex vertical gap={8}>
          <Typography.Text id="mass-audience">Send to</Typography.Text>
          <Segmented
            value={audience}
            onChange={(value) => setAudience(value as Audience)}
            vertical={phone}
            options={massAudiences.map((value) => ({ value, label: audienceLabels[value] }))}
            aria-labelledby="mass-audience"
          />
          <Composer
            isCreator
            sendLabel={`Send to ${audienceLabels[audience].toLowerCase()}`}
            onSend={async (content) => {
              const sent = await send({ body: { audience, ...content } }).unwrap();
              toast.success(`Sending to ${sent.recipients} ${sent.recipients === 1 ? 'fan' : 'fans'}`);
            }}
          />
        </Flex>
      </Card>
      <Card title="Sent messages">
        <Table<MassMessage>
          rowKey="_id"
          loading={isLoading}
          dataSource={data?.data}
          locale={{ emptyText: 'No mass messages yet' }}
          {...tableProps<MassMessage>(data?.total)}
          {...layout}
        />
      </Card>
    </div>
  );
}
