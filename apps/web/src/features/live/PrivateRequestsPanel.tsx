import { UserOutlined } from '@ant-design/icons';
import type { PrivateRequest } from '@limelight/contracts';
import { Avatar, Button, Empty, Flex, List, Popconfirm, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useSocketEvent } from '../../shared/hooks/useSocketEvent';
import { formatTokens } from '../../shared/lib/money';
import { useAppDispatch } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { liveApi, useAnswerPrivateShowRequestMutation, useListPrivateShowRequestsQuery } from './api';

const pending = { status: 'pending', limit: 50, offset: 0 } as const;

/**
 * Private show requests waiting for the creator, kept by conversationId as they arrive and leave
 * (spec 3 and 4). Accepting while live ends the public session first: the creator goes private.
 */
export function PrivateRequestsPanel({ live, goPrivate }: { live: boolean; goPrivate: () => Promise<void> }) {
  const { data, isLoading } = useListPrivateShowRequestsQuery(pending);
  const [answer] = useAnswerPrivateShowRequestMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  useSocketEvent('private/request_added', ({ request }) => {
    toast.info(`${request.user.name || request.user.username} asks for a private show`);
    dispatch(
      liveApi.util.updateQueryData('listPrivateShowRequests', pending, (list) => {
        if (list.data.some((item) => item.conversationId === request.conversationId)) return;
        list.data.unshift(request);
        list.total += 1;
      }),
    );
  });
  useSocketEvent('private/request_removed', ({ conversationId }) => {
    dispatch(
      liveApi.util.updateQueryData('listPrivateShowRequests', pending, (list) => {
        const kept = list.data.filter((item) => item.conversationId !== conversationId);
        list.total -= list.data.length - kept.length;
        list.data = kept;
      }),
    );
  });

  const respond = async (request: PrivateRequest, action: 'accept' | 'decline') => {
    try {
      await answer({ id: request._id, body: { action } }).unwrap();
      if (action === 'decline') return toast.success('Request declined');
      if (live) await goPrivate();
      navigate(`/private-show/${request._id}`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <List
      loading={isLoading}
      dataSource={data?.data}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No private show requests" /> }}
      renderItem={(request) => (
        <List.Item data-testid="private-request">
          <Flex gap={12} align="flex-start" style={{ width: '100%' }} wrap>
            <Avatar src={request.user.avatar} icon={<UserOutlined aria-hidden />} alt="" />
            <Flex vertical style={{ flex: 1, minWidth: 160 }}>
              <Typography.Text strong>{request.user.name || request.user.username}</Typography.Text>
              <Typography.Text type="secondary">{formatTokens(request.pricePerMinute)} a minute</Typography.Text>
              {request.message && <Typography.Text>“{request.message}”</Typography.Text>}
            </Flex>
            <Flex gap={8}>
              {live ? (
                <Popconfirm
                  title="Accept and go private?"
                  description="Your live session ends for everyone."
                  okText="Accept"
                  onConfirm={() => respond(request, 'accept')}
                >
                  <Button type="primary">Accept</Button>
                </Popconfirm>
              ) : (
                <Button type="primary" onClick={() => respond(request, 'accept')}>
                  Accept
                </Button>
              )}
              <Button onClick={() => respond(request, 'decline')}>Decline</Button>
            </Flex>
          </Flex>
        </List.Item>
      )}
    />
  );
}
