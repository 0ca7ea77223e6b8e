import { type NotificationKind, type NotificationSetting, notificationKindLabels } from '@limelight/contracts';
import { Card, Skeleton, Switch, Table } from 'antd';
import { errorMessage, toast } from '../../shared/lib/toast';
import { useNotificationSettingsQuery, useSaveNotificationSettingsMutation } from './api';

/** Per kind, in the app and by e-mail (e-mails come as a digest every few minutes, never one per event). */
export function NotificationSettingsCard() {
  const { data, isLoading } = useNotificationSettingsQuery();
  const [save] = useSaveNotificationSettingsMutation();
  const change = (setting: NotificationSetting, channel: 'inApp' | 'email', on: boolean) =>
    save([{ ...setting, [channel]: on }])
      .unwrap()
      .then(() => toast.success('Notification settings saved'))
      .catch((error: unknown) => toast.error(errorMessage(error)));
  return (
    <Card title="Notifications" size="small">
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
            {
              title: 'In the app',
              key: 'inApp',
              render: (_: unknown, setting) => (
                <Switch
                  size="small"
                  checked={setting.inApp}
                  onChange={(on) => void change(setting, 'inApp', on)}
                  aria-label={`${notificationKindLabels[setting.kind]} in the app`}
                />
              ),
            },
            {
              title: 'By e-mail',
              key: 'email',
              render: (_: unknown, setting) => (
                <Switch
                  size="small"
                  checked={setting.email}
                  onChange={(on) => void change(setting, 'email', on)}
                  aria-label={`${notificationKindLabels[setting.kind]} by e-mail`}
                />
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
