import { ArrowLeftOutlined, CheckOutlined, DeleteOutlined, DollarOutlined, LockOutlined } from '@ant-design/icons';
import { type Conversation, MESSAGE_PAGE_SIZE, type MediaFile, type Message } from '@limelight/contracts';
import { Messages } from '@limelight/contracts/constants';
import { Alert, Button, Divider, Flex, Image, Popconfirm, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { statusOf, useSettledFile } from '../../shared/hooks/useSettledFile';
import { useAppSocket, useSocketEvent } from '../../shared/hooks/useSocketEvent';
import { formatTokens } from '../../shared/lib/money';
import { presenceLabel } from '../../shared/lib/presence';
import { useAppSelector } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { TipButton, UnlockButton } from '../../shared/pay/PayButtons';
import { PresenceAvatar } from '../../shared/ui/PresenceAvatar';
import { ReportButton } from '../community';
import {
  messagesApi,
  useDeleteConversationMessageMutation,
  useLazyListConversationMessagesQuery,
  useMarkConversationReadMutation,
  useSendConversationMessageMutation,
} from './api';
import { Composer } from './Composer';
import { byDay, seenUntil, type Thread, withMessage, withPage } from './thread-state';

const TYPING_SHOWN_MS = 4000;
/** How often typing is told to the other side, at most. */
const TYPING_EVERY_MS = 2000;
/** Loading the messages failed (spec 8). */
const LOAD_FAILED = Messages.genericError;

/**
 * One conversation: its messages oldest first (older pages load as the reader scrolls up, the
 * view staying where it was), day separators, ticks, typing, delete, paid media locked until
 * bought, and the composer; everything the other side does arrives by socket.
 */
export function ThreadView({ conversation, onBack }: { conversation: Conversation; onBack?: () => void }) {
  const me = useAppSelector((state) => state.session.user);
  const [thread, setThread] = useState<Thread>({ messages: [], total: 0, status: 'loading' });
  const [deleteFailure, setDeleteFailure] = useState<string>();
  const [typingUntil, setTypingUntil] = useState(0);
  const [loadPage, { isFetching }] = useLazyListConversationMessagesQuery();
  const [readAll] = useMarkConversationReadMutation();
  const [remove] = useDeleteConversationMessageMutation();
  const [send] = useSendConversationMessageMutation();
  const socket = useAppSocket();
  const lastTyping = useRef(0);
  const scroller = useRef<HTMLDivElement>(null);
  // Where the reader was before older messages were put above, so the view does not jump.
  const keepFromBottom = useRef<number | undefined>(undefined);
  // Set when the reader sends: their own message shows, however far up they had scrolled.
  const sent = useRef(false);
  const id = conversation._id;
  const other = conversation.recipientInfo;
  const seen = presenceLabel(conversation.recipientPresence);

  const load = useCallback(
    async (offset: number, limit = MESSAGE_PAGE_SIZE) => {
      try {
        const page = await loadPage({ id, offset, limit }).unwrap();
        setThread((current) => withPage(current, page.data, page.total));
      } catch {
        setThread((current) => ({ ...current, status: current.messages.length ? 'loaded' : 'failed' }));
        toast.error(LOAD_FAILED);
      }
    },
    [id, loadPage],
  );

  useEffect(() => {
    setThread({ messages: [], total: 0, status: 'loading' });
    void load(0);
    void readAll({ id });
  }, [id, load, readAll]);

  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    if (keepFromBottom.current !== undefined) {
      box.scrollTop = box.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = undefined;
    } else if (sent.current || box.scrollHeight - box.scrollTop - box.clientHeight < 200 || thread.messages.length <= MESSAGE_PAGE_SIZE) {
      box.scrollTop = box.scrollHeight;
    }
    sent.current = false;
  }, [thread.messages]);

  const olderLeft = thread.total > thread.messages.length;
  const loadOlder = () => {
    if (!olderLeft || isFetching || !scroller.current) return;
    keepFromBottom.current = scroller.current.scrollHeight - scroller.current.scrollTop;
    void load(thread.messages.length);
  };

  useSocketEvent('message_created', ({ message }) => {
    if (message.conversationId !== id) return;
    setThread((current) => withMessage(current, message));
    if (message.senderId !== me?._id) {
      setTypingUntil(0);
      void readAll({ id });
    }
  });
  const replace = ({ message }: { message: Message }) => {
    if (message.conversationId === id) setThread((current) => withMessage(current, message));
  };
  useSocketEvent('message_deleted', replace);
  useSocketEvent('message_file_updated', replace);
  useSocketEvent('message_seen', ({ conversationId, readerId, readAt }) => {
    if (conversationId === id && readerId !== me?._id && me) setThread((current) => seenUntil(current, me._id, readAt));
  });
  useSocketEvent('typing', ({ conversationId, userId }) => {
    if (conversationId === id && userId !== me?._id) setTypingUntil(Date.now() + TYPING_SHOWN_MS);
  });
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (typingUntil <= Date.now()) return;
    const timer = setTimeout(() => setNow(Date.now()), typingUntil - Date.now());
    return () => clearTimeout(timer);
  }, [typingUntil]);
  const typing = typingUntil > now;

  // A bought message comes back open: its page is read again.
  const reloadAround = () => void load(0, Math.min(100, Math.max(MESSAGE_PAGE_SIZE, thread.messages.length)));

  return (
    <Flex vertical className="thread" aria-label={`Conversation with ${other.name}`}>
      <Flex align="center" gap={8} className="thread-header">
        {onBack && <Button type="text" icon={<ArrowLeftOutlined aria-hidden />} onClick={onBack} aria-label="Back to conversations" />}
        <PresenceAvatar src={other.avatar} presence={conversation.recipientPresence} />
        <Flex vertical>
          <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
            {other.isPerformer && other.username ? <Link to={`/${other.username}`}>{other.name}</Link> : other.name}
          </Typography.Title>
          {seen && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="presence">
              {seen}
            </Typography.Text>
          )}
        </Flex>
        {/* A fan writing to a creator tips them from here (TipButton shows itself to fans only). */}
        {other.isPerformer && (
          <span style={{ marginInlineStart: 'auto' }}>
            <TipButton performer={other} conversationId={id} />
          </span>
        )}
      </Flex>
      <div
        ref={scroller}
        className="thread-messages"
        onScroll={(event) => {
          if (event.currentTarget.scrollTop < 80) loadOlder();
        }}
        role="log"
        aria-live="polite"
        aria-label="Messages"
      >
        {thread.status === 'loading' && <Skeleton active paragraph={{ rows: 4 }} />}
        {thread.status === 'failed' && (
          <Alert type="error" message={LOAD_FAILED} action={<Button onClick={() => void load(0)}>Try again</Button>} />
        )}
        {olderLeft && thread.status === 'loaded' && (
          <Flex justify="center">
            <Button size="small" loading={isFetching} onClick={loadOlder}>
              Load earlier messages
            </Button>
          </Flex>
        )}
        {thread.status === 'loaded' && !thread.messages.length && (
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginTop: 32 }}>
            No messages yet: say hello to {other.name}.
          </Typography.Paragraph>
        )}
        {byDay(thread.messages).map((day) => (
          <section key={day.key} aria-label={day.label}>
            <Divider plain className="thread-day">
              {day.label}
            </Divider>
            {day.messages.map((message) => (
              <MessageBubble
                key={message._id}
                message={message}
                mine={message.senderId === me?._id}
                onDelete={() => {
                  setDeleteFailure(undefined);
                  remove({ id: message._id })
                    .unwrap()
                    .then((deleted) => setThread((current) => withMessage(current, deleted)))
                    // Kept in the thread's state and shown in it (spec 4, 8), not a passing toast.
                    .catch((error: unknown) =>
                      setDeleteFailure(`The message could not be deleted: ${errorMessage(error, Messages.genericError)}`),
                    );
                }}
                reload={reloadAround}
              />
            ))}
          </section>
        ))}
      </div>
      {deleteFailure && (
        <Alert
          type="error"
          showIcon
          title={deleteFailure}
          closable={{ 'aria-label': 'Dismiss', onClose: () => setDeleteFailure(undefined) }}
          role="alert"
        />
      )}
      <Typography.Text type="secondary" className="thread-typing" aria-live="polite">
        {typing ? `${other.name} is typing…` : ''}
      </Typography.Text>
      {conversation.status === 'deactivated' ? (
        <Alert type="warning" showIcon message={conversation.deactivatedReason ?? 'This conversation is closed'} />
      ) : (
        <Composer
          isCreator={!!me?.isPerformer}
          onSend={async (content) => {
            const message = await send({ id, body: content }).unwrap();
            sent.current = true;
            setThread((current) => withMessage(current, message));
          }}
          onTyping={() => {
            if (!socket || Date.now() - lastTyping.current < TYPING_EVERY_MS) return;
            lastTyping.current = Date.now();
            socket.emit('typing', { conversationId: id });
          }}
        />
      )}
    </Flex>
  );
}

function MessageBubble({
  message,
  mine,
  onDelete,
  reload,
}: {
  message: Message;
  mine: boolean;
  onDelete: () => void;
  /** Reads the newest messages again: after a purchase opens this one, or its file has finished processing. */
  reload: () => void;
}) {
  const time = dayjs(message.createdAt).format('HH:mm');
  return (
    <Flex vertical align={mine ? 'flex-end' : 'flex-start'} className="message-row">
      <div
        className={`message-bubble${mine ? ' mine' : ''}${message.isDeleted ? ' deleted' : ''}${message.tip ? ' tip' : ''}`}
        data-testid="message"
      >
        {message.tip !== null && (
          <Typography.Text strong className="message-tip">
            <DollarOutlined aria-hidden /> {mine ? 'You tipped' : 'Tipped'} {formatTokens(message.tip)}
          </Typography.Text>
        )}
        {message.text && <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{message.text}</Typography.Paragraph>}
        {!message.isDeleted && message.files.length > 0 && (
          <Flex gap={4} wrap style={{ marginTop: message.text ? 8 : 0 }}>
            {message.files.map((file) => (
              <MessageFile key={file._id} message={message} file={file} onSettled={reload} />
            ))}
          </Flex>
        )}
        {!message.isDeleted && message.price > 0 && (
          <Flex gap={8} align="center" style={{ marginTop: 8 }} wrap>
            {mine ? (
              <Typography.Text type="secondary">Paid message: {formatTokens(message.price)}</Typography.Text>
            ) : message.canView ? (
              <Typography.Text type="secondary">Unlocked</Typography.Text>
            ) : (
              <UnlockButton type="message" id={message._id} price={message.price} noun="message" onPaid={reload} />
            )}
          </Flex>
        )}
      </div>
      <Flex gap={4} align="center" className="message-meta">
        <Typography.Text type="secondary">{time}</Typography.Text>
        {!mine && !message.isDeleted && <ReportButton targetType="message" targetId={message._id} />}
        {mine && !message.isDeleted && (
          <>
            <span role="img" aria-label={message.isSeen ? 'Seen' : 'Sent'} title={message.isSeen ? 'Seen' : 'Sent'}>
              <CheckOutlined aria-hidden />
              {message.isSeen && <CheckOutlined aria-hidden style={{ marginLeft: -6 }} />}
            </span>
            {/* A tip's line stays: the tip is paid. */}
            {message.tip === null && (
              <Popconfirm
                title={message.price > 0 ? 'Delete this paid message?' : 'Delete this message for both of you?'}
                description={message.price > 0 ? 'It leaves sale. If it was bought, the buyer keeps access.' : undefined}
                okText="Delete"
                onConfirm={onDelete}
              >
                <Button type="text" size="small" icon={<DeleteOutlined aria-hidden />} aria-label="Delete message" />
              </Popconfirm>
            )}
          </>
        )}
      </Flex>
    </Flex>
  );
}

/**
 * One file of a message. A video or audio note still processing is asked for again by its status
 * endpoint while the socket is not connected; when it is, the thread's `message_file_updated` brings it.
 * The messages' status endpoint answers the status alone (a paid message's file is presented to
 * each reader by the thread), so once it has settled the thread reads the message again.
 */
function MessageFile({ message, file: sent, onSettled }: { message: Message; file: MediaFile; onSettled: () => void }) {
  const connected = useAppSelector((state) => state.socket.status === 'connected');
  const file = useSettledFile(
    sent,
    statusOf(messagesApi.endpoints.getMessageFileStatus, { id: message._id, fileId: sent._id }),
    connected,
    onSettled,
  );
  const kind = file.type.replace('message-', '');
  return file.status === 'processing' ? (
    <Typography.Text type="secondary">Processing {kind}…</Typography.Text>
  ) : file.status === 'error' ? (
    <Typography.Text type="warning">This {kind} could not be processed</Typography.Text>
  ) : message.canView && file.url ? (
    file.type === 'message-video' ? (
      // biome-ignore lint/a11y/useMediaCaption: fans' clips come without captions
      <video src={file.url} controls width={240} />
    ) : file.type === 'message-audio' ? (
      // biome-ignore lint/a11y/useMediaCaption: voice notes come without captions
      <audio src={file.url} controls />
    ) : (
      <Image
        src={file.thumbnailUrl ?? file.url}
        preview={{ src: file.url }}
        width={160}
        height={160}
        className="message-photo"
        alt="Photo in the message"
      />
    )
  ) : (
    <div
      className="message-locked"
      style={{ backgroundImage: file.previewUrl ? `url(${file.previewUrl})` : undefined }}
      role="img"
      aria-label="Locked media"
    >
      <LockOutlined aria-hidden />
    </div>
  );
}
