import { deviceName } from '@limelight/contracts';
import { Button, Card, Empty, List, Popconfirm, Skeleton, Typography } from 'antd';
import { formatMoment } from '../../shared/lib/dates';
import { errorMessage, toast } from '../../shared/lib/toast';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { useCountryName } from '../lookups';
import { useForgetKnownDeviceMutation, useListKnownDevicesQuery } from './api';

/**
 * The browsers that signed in to the account before (decision 048): they sign in without the
 * check new devices get while someone guesses the password. Forgetting one makes it new again.
 */
export function KnownDevicesCard() {
  const { data, isLoading, error, isFetching, refetch } = useListKnownDevicesQuery();
  const countryName = useCountryName();
  const [forget, forgetting] = useForgetKnownDeviceMutation();
  const forgetDevice = async (id: string) => {
    try {
      toast.success((await forget({ id }).unwrap()).message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <Card title="Devices you signed in from">
      <Typography.Paragraph type="secondary">
        These devices sign in as usual even while someone is guessing your password. Forget one you no longer use or do not know.
      </Typography.Paragraph>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : error && !data ? (
        <LoadFailed what="Your devices" error={error} retrying={isFetching} onRetry={() => void refetch()} />
      ) : !data?.data.length ? (
        <Empty description="No devices remembered yet" />
      ) : (
        <List
          dataSource={data.data}
          renderItem={(device) => (
            <List.Item
              actions={[
                <Popconfirm
                  key="forget"
                  title="Forget this device?"
                  description="Its next sign-in will be treated as new."
                  okText="Forget it"
                  onConfirm={() => forgetDevice(device._id)}
                >
                  <Button size="small" loading={forgetting.isLoading && forgetting.originalArgs?.id === device._id}>
                    Forget
                  </Button>
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                title={deviceName(device.userAgent)}
                description={
                  <Typography.Text type="secondary">
                    {device.country ? countryName(device.country) : 'Unknown place'} · first seen {formatMoment(device.firstSeenAt)} · last
                    seen {formatMoment(device.lastSeenAt)}
                  </Typography.Text>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
