import type { Conversation } from '@limelight/contracts';
import { Messages } from '@limelight/contracts/constants';
import { Alert, Badge, Button, Card, Empty, Flex, Grid, Input, List, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSocketEvent } from '../../shared/hooks/useSocketEvent';
import { formatMoment } from '../../shared/lib/dates';
import { useAppDispatch } from '../../shared/lib/store';
import { PageTitle } from '../../shared/ui/PageTitle';
import { PresenceAvatar } from '../../shared/ui/PresenceAvatar';
import { changeConversationLists, useGetConversationQuery, useListConversationsQuery } from './api';
import { ThreadView } from './ThreadView';

const PAGE = 20;

/** Another's conversation, or one that is gone: the API answers 403 or 404. */
const isNotFound = (error: unknown) => [403, 404].includes((error as { status?: unknown } | undefined)?.status as number);

/** The row's second line: the last words, or why the conversation is closed. */
const previewOf = (conversation: Conversation) =>
  conversation.status === 'deactivated' ? conversation.deactivatedReason : (conversation.lastMessage ?? 'No messages yet');

/** A row read aloud: who, whether online, how many unread (the badge's bare number says nothing alone), the preview. */
const labelOf = (conversation: Conversation) => {
  const unread = conversation.totalNotSeenMessages;
  return [
    conversation.recipientInfo.name,
    conversation.recipientPresence.isOnline ? 'online' : '',
    unread ? `${unread} unread` : '',
    previewOf(conversation),
  ]
    .filter(Boolean)
    .join(', ');
};

/**
 * `/messages`: the conversation list beside the open thread (`?conversation=` in the URL); on a
 * phone, one or the other. The list follows the sockets: a new message moves its conversation to
 * the top with its last words and unseen count.
 */
export default function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const activeId = params.get('conversation') ?? undefined;
  const keyword = params.get('q') ?? '';
  const [limit, setLimit] = useState(PAGE);
  const phone = !Grid.useBreakpoint().md;
  const dispatch = useAppDispatch();
  const list = useListConversationsQuery({ offset: 0, limit, keyword: keyword || undefined });
  const inList = list.data?.data.find((item) => item._id === activeId);
  // A conversation opened from elsewhere (a profile's Message button) may not be on the first page yet.
  const opened = useGetConversationQuery({ id: activeId ?? '' }, { skip: !activeId || !!inList });
  const active = inList ?? opened.data;
  // Opening a conversation puts it on top of the list if absent and makes it active (spec 4); a
  // search shows only what it found.
  const conversations = list.data && opened.data && !inList && !keyword ? [opened.data, ...list.data.data] : list.data?.data;

  useEffect(() => setLimit(PAGE), [keyword]);
  useSocketEvent('conversation_updated', ({ conversation }) => {
    const moved = conversation._id === activeId ? { ...conversation, totalNotSeenMessages: 0 } : conversation;
    dispatch(
      changeConversationLists((list, search) => {
        const others = list.data.filter((item) => item._id !== conversation._id);
        if (others.length === list.data.length) {
          // A search's results take only the conversations it found, not every one that moves.
          if (search) return;
          list.total += 1;
        }
        list.data = [moved, ...others];
      }),
    );
  });

  const open = (id?: string) => {
    const next = new URLSearchParams(params);
    if (id) next.set('conversation', id);
    else next.delete('conversation');
    setParams(next);
  };

  const listView = (
    <Flex vertical className="conversation-list" aria-label="Conversations">
      <Input.Search
        defaultValue={keyword}
        allowClear
        placeholder="Search by name"
        aria-label="Search conversations"
        onSearch={(value) => {
          const next = new URLSearchParams(params);
          if (value.trim()) next.set('q', value.trim());
          else next.delete('q');
          setParams(next);
        }}
        style={{ marginBottom: 8 }}
      />
      {list.isLoading ? (
        <Skeleton active avatar paragraph={{ rows: 3 }} />
      ) : list.isError ? (
        <Alert
          type="error"
          message="The conversations could not be loaded"
          action={<Button onClick={() => list.refetch()}>Try again</Button>}
        />
      ) : (
        <List<Conversation>
          dataSource={conversations}
          locale={{
            emptyText: (
              <Empty
                description={
                  keyword ? `No conversation with “${keyword}”` : 'No conversations yet: open one with the Message button on a profile.'
                }
              />
            ),
          }}
          renderItem={(conversation) => (
            <List.Item className={`conversation-item${conversation._id === activeId ? ' active' : ''}`}>
              <button
                type="button"
                className="conversation-button"
                onClick={() => open(conversation._id)}
                aria-current={conversation._id === activeId ? 'true' : undefined}
                aria-label={labelOf(conversation)}
              >
                <Badge count={conversation.totalNotSeenMessages} size="small">
                  <PresenceAvatar src={conversation.recipientInfo.avatar} presence={conversation.recipientPresence} />
                </Badge>
                <span className="conversation-text">
                  <Typography.Text strong ellipsis>
                    {conversation.recipientInfo.name}
                  </Typography.Text>
                  <Typography.Text type="secondary" ellipsis>
                    {previewOf(conversation)}
                  </Typography.Text>
                </span>
                {conversation.lastMessageCreatedAt && (
                  <Typography.Text type="secondary" className="conversation-time">
                    {formatMoment(conversation.lastMessageCreatedAt)}
                  </Typography.Text>
                )}
              </button>
            </List.Item>
          )}
        />
      )}
      {list.data && list.data.total > list.data.data.length && (
        <Button loading={list.isFetching} onClick={() => setLimit((current) => current + PAGE)} style={{ marginTop: 8 }}>
          Load more
        </Button>
      )}
    </Flex>
  );

  const threadView = active ? (
    <ThreadView key={active._id} conversation={active} onBack={phone ? () => open(undefined) : undefined} />
  ) : activeId && opened.isLoading ? (
    <Skeleton active paragraph={{ rows: 6 }} />
  ) : (
    <Flex align="center" justify="center" style={{ height: '100%' }}>
      {activeId && opened.isError && !isNotFound(opened.error) ? (
        <Alert type="error" title={Messages.genericError} action={<Button onClick={() => opened.refetch()}>Try again</Button>} />
      ) : (
        <Empty description={activeId ? 'This conversation is not yours or no longer exists' : 'Choose a conversation'} />
      )}
    </Flex>
  );

  return (
    <Card className="page-wide messages-page">
      <PageTitle className={phone && activeId ? 'visually-hidden' : undefined} style={{ fontSize: 24 }}>
        Messages
      </PageTitle>
      {phone ? (
        activeId ? (
          threadView
        ) : (
          listView
        )
      ) : (
        <div className="messages-layout">
          {listView}
          {threadView}
        </div>
      )}
    </Card>
  );
}
