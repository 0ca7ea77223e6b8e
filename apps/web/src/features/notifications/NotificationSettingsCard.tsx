import { alwaysEmailedKinds, type NotificationKind, type NotificationSetting, notificationKindLabels } from '@limelight/contracts';
import { Card, Flex, Skeleton, Switch, Table, Typography } from 'antd';
import { Link, useLocation } from 'react-router';
import { errorMessage, toast } from '../../shared/lib/toast';
import { useGetNotificationSettingsQuery, useUpdateNotificationSettingsMutation } from './api';

type Channel = 'inApp' | 'email';

/** A column of switches for one channel, each named for its kind and channel. */
const channelColumn = (
  channel: Channel,
  title: string,
  change: (setting: NotificationSetting, channel: Channel, on: boolean) => unknown,
) => ({
  title,
  key: channel,
  render: (_: unknown, setting: NotificationSetting) => {
    const label = `${notificationKindLabels[setting.kind]} ${title.toLowerCase()}`;
    const always = channel === 'email' ? alwaysEmailedKinds[setting.kind] : undefined;
    // Its own e-mail goes out whatever the switch says: shown on and fixed, with why.
    if (always)
      return (
        <Flex gap={8} align="center" wrap>
          <Switch size="small" checked disabled aria-label={`${label}: ${always.reason.toLowerCase()}`} />
          <Typography.Text type="secondary">{always.reason}</Typography.Text>
        </Flex>
      );
    return <Switch size="small" checked={setting[channel]} onChange={(on) => void change(setting, channel, on)} aria-label={label} />;
  },
});

/** Per kind, in the app and by e-mail (e-mails come as a digest every few minutes, never one per event). */
export function NotificationSettingsCard() {
  const { data, isLoading } = useGetNotificationSettingsQuery();
  const [save] = useUpdateNotificationSettingsMutation();
  const change = (setting: NotificationSetting, channel: Channel, on: boolean) =>
    save({ body: [{ ...setting, [channel]: on }] })
      .unwrap()
      .then(() => toast.success('Notification settings saved'))
      .catch((error: unknown) => toast.error(errorMessage(error)));
  const onSettingsPage = useLocation().pathname === '/notifications/settings';
  return (
    <Card
      title={onSettingsPage ? 'Each kind, in the app and by e-mail' : 'Notifications'}
      size="small"
      extra={onSettingsPage ? undefined : <Link to="/notifications/settings">All notification settings</Link>}
    >
      {isLoading ? (
        <Skeleton active />
      ) : (
        <Table<NotificationSetting>
          rowKey="kind"
          size="small"
          pagination={false}
          dataSource={data}
          columns={[
            { title: 'What happened', dataIndex: 'kind', render: (kind: NotificationKind) => notificationKindLabels[kind] },
            channelColumn('inApp', 'In the app', change),
            channelColumn('email', 'By e-mail', change),
          ]}
        />
      )}
    </Card>
  );
}
