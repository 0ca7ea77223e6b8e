import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Flex, Popover, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSocketEvent } from '../../shared/hooks/useSocketEvent';
import { useAppDispatch } from '../../shared/lib/store';
import {
  notificationsApi,
  useGetUnreadNotificationCountQuery,
  useListNotificationsQuery,
  useMarkAllNotificationsReadMutation,
} from './api';
import { NotificationItem } from './NotificationItem';

const LATEST = 5;

/** The header's bell: the unread count kept live by the socket, and the latest few on a click. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const dispatch = useAppDispatch();
  const { data: unread } = useGetUnreadNotificationCountQuery();
  const latest = useListNotificationsQuery({ offset: 0, limit: LATEST }, { skip: !open });
  const [markAll] = useMarkAllNotificationsReadMutation();
  useSocketEvent('notification_created', () => dispatch(notificationsApi.util.invalidateTags(['Notifications'])));
  const count = unread?.total ?? 0;
  const panel = (
    <Flex vertical style={{ width: 320, maxWidth: '80vw' }}>
      {latest.isLoading ? (
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      ) : latest.data?.data.length ? (
        latest.data.data.map((item) => <NotificationItem key={item._id} notification={item} onOpen={() => setOpen(false)} />)
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing new yet" />
      )}
      <Flex justify="space-between" style={{ marginTop: 8 }}>
        <Button size="small" disabled={!count} onClick={() => void markAll()}>
          Mark all read
        </Button>
        <Link to="/notifications" onClick={() => setOpen(false)}>
          See all
        </Link>
      </Flex>
    </Flex>
  );
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      // Below the bell, shifted sideways as needed: on a phone the bell is mid-header and a panel
      // aligned to its edge ran off the screen.
      placement="bottom"
      title={<Typography.Text strong>Notifications</Typography.Text>}
      content={panel}
    >
      {/* The count sits on the button's corner, as on the messages link, not over the icon. */}
      <Badge count={count} size="small" overflowCount={99}>
        <Button
          type="text"
          icon={<BellOutlined aria-hidden />}
          aria-label={count ? `Notifications, ${count} unread` : 'Notifications'}
          data-testid="notification-bell"
        />
      </Badge>
    </Popover>
  );
}
