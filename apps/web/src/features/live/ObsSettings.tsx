import { Button, Descriptions, Input, Popconfirm, Typography } from 'antd';
import { errorMessage, toast } from '../../shared/lib/toast';
import { CopyButton } from '../../shared/ui/CopyButton';
import { useGetStreamSettingsQuery, useUpdateStreamSettingsMutation } from './api';

/** Where streaming software publishes: the API's RTMP listener on this site's host (README: port 1935). */
export const rtmpServerUrl = () => `rtmp://${window.location.hostname}:1935/live`;

/**
 * What OBS (or any RTMP tool) needs: the server and the creator's stream key. The key is kept
 * hashed, so it shows only in the answer that made it; making a new one stops the old.
 */
export function ObsSettings() {
  const { data: settings } = useGetStreamSettingsQuery();
  const [update, { isLoading }] = useUpdateStreamSettingsMutation();
  const makeKey = () =>
    update({ body: { rotateStreamKey: true } })
      .unwrap()
      .then(() => toast.success('New stream key made: copy it now, it is shown only once'))
      .catch((error: unknown) => toast.error(errorMessage(error)));
  const keyButton = (
    <Button loading={isLoading} onClick={settings?.hasStreamKey ? undefined : makeKey}>
      Make a new key
    </Button>
  );
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      items={[
        {
          key: 'server',
          label: 'Server',
          children: (
            <div className="studio-secret">
              <Input readOnly value={rtmpServerUrl()} aria-label="Server URL" />
              <CopyButton text={rtmpServerUrl()} label="Copy server URL" />
            </div>
          ),
        },
        {
          key: 'key',
          label: 'Stream key',
          children: settings?.streamKey ? (
            <div className="studio-secret">
              <Input.Password readOnly value={settings.streamKey} aria-label="Stream key" />
              <CopyButton text={settings.streamKey} label="Copy stream key" />
            </div>
          ) : (
            <div className="studio-secret">
              <Typography.Text type="secondary">
                {settings?.hasStreamKey ? 'Your key is set. It was shown once, when made.' : 'No key yet.'}
              </Typography.Text>
              {settings?.hasStreamKey ? (
                <Popconfirm title="Make a new key? The old one stops working." okText="Make a new key" onConfirm={makeKey}>
                  {keyButton}
                </Popconfirm>
              ) : (
                keyButton
              )}
            </div>
          ),
        },
      ]}
    />
  );
}
