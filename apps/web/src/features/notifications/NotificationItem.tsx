import type { Notification } from '@limelight/contracts';
import { Avatar, Badge, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { formatMoment } from '../../shared/lib/dates';
import { useMarkNotificationReadMutation } from './api';

/** One notification: who, what, when; opening it marks it read and goes where it leads. */
export function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen?: () => void }) {
  const [markRead] = useMarkNotificationReadMutation();
  const navigate = useNavigate();
  const open = () => {
    if (!notification.isRead) void markRead({ id: notification._id });
    onOpen?.();
    if (notification.link) navigate(notification.link);
  };
  return (
    <button type="button" className={`notification-item${notification.isRead ? '' : ' unread'}`} onClick={open}>
      <Badge dot={!notification.isRead} offset={[-2, 2]}>
        <Avatar src={notification.actor?.avatar} alt="" size="small">
          {notification.actor ? undefined : '!'}
        </Avatar>
      </Badge>
      <span className="notification-text">
        <Typography.Text strong={!notification.isRead}>{notification.text}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatMoment(notification.createdAt)}
          {notification.isRead ? '' : ' · new'}
        </Typography.Text>
      </span>
    </button>
  );
}
