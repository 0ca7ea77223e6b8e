import { MessageOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { Link } from 'react-router';
import { useSocketEvent } from '../../shared/hooks/useSocketEvent';
import { useAppDispatch } from '../../shared/lib/store';
import { messagesApi, useGetUnreadMessageCountQuery } from './api';

/** The header's way to the messages, with the unseen count kept live by the socket. */
export function MessagesLink() {
  const { data } = useGetUnreadMessageCountQuery();
  const dispatch = useAppDispatch();
  useSocketEvent('unread_total', (total) => dispatch(messagesApi.util.upsertQueryData('getUnreadMessageCount', undefined, total)));
  const unread = data?.total ?? 0;
  return (
    <Link to="/messages" aria-label={unread ? `Messages, ${unread} unread` : 'Messages'} data-testid="messages-link">
      <Badge count={unread} size="small" overflowCount={99}>
        <Button type="text" icon={<MessageOutlined aria-hidden />} tabIndex={-1} aria-hidden />
      </Badge>
    </Link>
  );
}
