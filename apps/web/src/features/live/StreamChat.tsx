import { DeleteOutlined, DollarOutlined } from '@ant-design/icons';
import { MAX_SLOW_MODE_SECONDS, MAX_STREAM_MESSAGE_LENGTH, MESSAGE_PAGE_SIZE, type StreamMessage } from '@limelight/contracts';
import { Alert, Button, Empty, Flex, Input, Popconfirm, Select, Skeleton, Spin, Typography } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSocketEvent } from '../../shared/hooks/useSocketEvent';
import { formatTokens } from '../../shared/lib/money';
import { useAppSelector } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { ReportButton } from '../community';
import {
  useClearLiveChatMutation,
  useDeleteConversationMessageMutation,
  useLazyListLiveChatMessagesQuery,
  useSendLiveChatMessageMutation,
  useUpdateLiveChatSlowModeMutation,
} from './api';
import { withLine, withOlder } from './chat-state';

/** Lines a page: the spec's conversation page (25), the newest first, older ones as the viewer scrolls up. */
const CHAT_PAGE = MESSAGE_PAGE_SIZE;
/** How near the top (px) a scroll asks for the older page, and how near the foot still follows new lines. */
const EDGE_PX = 40;
const slowModeChoices = [0, 5, 10, 30, 60, 120, MAX_SLOW_MODE_SECONDS];
const slowModeLabel = (seconds: number) => (seconds ? `One message every ${seconds} s` : 'Off');

/**
 * A live session's public chat: the latest lines, older ones as the viewer scrolls up (or asks
 * with the button), then everything the room hears (lines, tips, deletes, a clear). A page that
 * fails to load is said in the chat itself with a retry, never toasted (spec 8: stream message
 * load errors are stored only). The creator (`moderator`) deletes any line, clears the chat and
 * sets slow mode; a fan deletes their own lines.
 */
export function StreamChat({
  conversationId,
  sessionId,
  moderator,
  slowModeSeconds,
  ended,
}: {
  conversationId: string;
  sessionId: string;
  moderator?: boolean;
  slowModeSeconds: number;
  ended?: boolean;
}) {
  const me = useAppSelector((state) => state.session.user);
  const [lines, setLines] = useState<StreamMessage[]>();
  const [text, setText] = useState('');
  const [slowMode, setSlowModeShown] = useState(slowModeSeconds);
  const [loadPage] = useLazyListLiveChatMessagesQuery();
  const [send, { isLoading: sending }] = useSendLiveChatMessageMutation();
  const [remove] = useDeleteConversationMessageMutation();
  const [clear] = useClearLiveChatMutation();
  const [setSlowMode] = useUpdateLiveChatSlowModeMutation();
  const scroller = useRef<HTMLDivElement>(null);
  // Whether older lines may remain on the server, a page of them loading, and what failed to load.
  const [moreOlder, setMoreOlder] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [loadError, setLoadError] = useState<{ older: boolean }>();
  // Where the view was before lines changed: at the foot it follows new lines; an older page keeps the line in view.
  const anchor = useRef<{ atFoot: boolean; fromFoot: number }>({ atFoot: true, fromFoot: 0 });

  useEffect(() => setSlowModeShown(slowModeSeconds), [slowModeSeconds]);
  const loadLatest = useCallback(() => {
    setLoadError(undefined);
    loadPage({ id: conversationId, offset: 0, limit: CHAT_PAGE })
      .unwrap()
      // Lines that arrived by socket while the page loaded stay: the newest win.
      .then((page) => {
        setLines((current) => [...page.data].reverse().reduce(withLine, current ?? []));
        setMoreOlder(page.data.length < page.total);
      })
      .catch(() => setLoadError({ older: false }));
  }, [conversationId, loadPage]);
  useEffect(loadLatest, [loadLatest]);
  const loadOlder = () => {
    if (!lines || loadingOlder) return;
    setLoadingOlder(true);
    setLoadError(undefined);
    // The lines held are the newest ones (new lines reach the server too), so the next page starts after them.
    loadPage({ id: conversationId, offset: lines.length, limit: CHAT_PAGE })
      .unwrap()
      .then((page) => {
        setLines((current) => withOlder(current ?? [], page.data));
        setMoreOlder(page.data.length === CHAT_PAGE && lines.length + page.data.length < page.total);
      })
      .catch(() => setLoadError({ older: true }))
      .finally(() => setLoadingOlder(false));
  };
  const remember = () => {
    const box = scroller.current;
    if (!box) return;
    const fromFoot = box.scrollHeight - box.scrollTop - box.clientHeight;
    anchor.current = { atFoot: fromFoot < EDGE_PX, fromFoot };
  };
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box || !lines) return;
    const { atFoot, fromFoot } = anchor.current;
    box.scrollTop = atFoot ? box.scrollHeight : box.scrollHeight - box.clientHeight - fromFoot;
  }, [lines]);

  useSocketEvent('stream/message_created', ({ message }) => {
    if (message.conversationId === conversationId) setLines((current) => withLine(current ?? [], message));
  });
  useSocketEvent('stream/message_deleted', ({ message }) => {
    if (message.conversationId === conversationId) setLines((current) => withLine(current ?? [], message));
  });
  useSocketEvent('stream/chat_cleared', (payload) => {
    if (payload.sessionId !== sessionId) return;
    setLines([]);
    setMoreOlder(false);
  });

  const submit = async () => {
    const line = text.trim();
    if (!line) return;
    try {
      const message = await send({ id: conversationId, body: { text: line } }).unwrap();
      setLines((current) => withLine(current ?? [], message));
      setText('');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <section className="stream-chat" aria-label="Live chat">
      <Flex justify="space-between" align="center" gap={8} wrap className="stream-chat-header">
        <Typography.Title level={3} style={{ margin: 0 }}>
          Chat
        </Typography.Title>
        {moderator && (
          <Flex gap={8} wrap>
            <Select
              aria-label="Slow mode"
              value={slowMode}
              style={{ width: 190 }}
              options={slowModeChoices.map((seconds) => ({ value: seconds, label: `Slow mode: ${slowModeLabel(seconds)}` }))}
              onChange={(seconds: number) =>
                setSlowMode({ id: conversationId, body: { slowModeSeconds: seconds } })
                  .unwrap()
                  .then(() => {
                    setSlowModeShown(seconds);
                    toast.success(seconds ? `Slow mode on: ${slowModeLabel(seconds).toLowerCase()}` : 'Slow mode off');
                  })
                  .catch((error: unknown) => toast.error(errorMessage(error)))
              }
            />
            <Popconfirm
              title="Clear the chat for everyone?"
              okText="Clear"
              onConfirm={() =>
                clear({ id: conversationId })
                  .unwrap()
                  .then(() => toast.success('Chat cleared'))
                  .catch((error: unknown) => toast.error(errorMessage(error)))
              }
            >
              <Button>Clear chat</Button>
            </Popconfirm>
          </Flex>
        )}
      </Flex>
      <div
        className="stream-chat-lines"
        ref={scroller}
        role="log"
        aria-live="polite"
        aria-label="Chat messages"
        onScroll={(event) => {
          remember();
          if (event.currentTarget.scrollTop < EDGE_PX && moreOlder && !loadError) loadOlder();
        }}
      >
        {loadError && (
          <Alert
            type="error"
            showIcon
            className="stream-chat-error"
            title={loadError.older ? 'Older messages could not be loaded' : 'The chat could not be loaded'}
            action={
              <Button size="small" onClick={loadError.older ? loadOlder : loadLatest}>
                Retry
              </Button>
            }
          />
        )}
        {moreOlder && !loadError && (
          <div className="stream-chat-older">
            {loadingOlder ? (
              <Spin size="small" aria-label="Loading older messages" />
            ) : (
              <Button type="link" size="small" onClick={loadOlder}>
                Show older messages
              </Button>
            )}
          </div>
        )}
        {!lines ? (
          loadError ? null : (
            <Skeleton active paragraph={{ rows: 4 }} />
          )
        ) : lines.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No messages yet: say hello" />
        ) : (
          lines.map((line) => (
            <ChatLine
              key={line._id}
              line={line}
              // A fan takes back their own chat lines, not a tip's line: the tip itself stays paid.
              canDelete={!line.isDeleted && !ended && (moderator || (line.senderId === me?._id && line.tip === null))}
              canReport={!line.isDeleted && line.senderId !== me?._id}
              onDelete={() =>
                remove({ id: line._id })
                  .unwrap()
                  .catch((error: unknown) => toast.error(errorMessage(error)))
              }
            />
          ))
        )}
      </div>
      {!ended && (
        <form
          className="stream-chat-composer"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {slowMode > 0 && !moderator && (
            <Typography.Text type="secondary" className="stream-chat-hint">
              Slow mode: one message every {slowMode} seconds
            </Typography.Text>
          )}
          <Flex gap={8}>
            <Input
              value={text}
              onChange={(event) => setText(event.target.value)}
              maxLength={MAX_STREAM_MESSAGE_LENGTH}
              placeholder="Say something"
              aria-label="Chat message"
            />
            <Button type="primary" htmlType="submit" loading={sending} disabled={!text.trim()}>
              Send
            </Button>
          </Flex>
        </form>
      )}
    </section>
  );
}

function ChatLine({
  line,
  canDelete,
  canReport,
  onDelete,
}: {
  line: StreamMessage;
  canDelete: boolean;
  canReport: boolean;
  onDelete: () => void;
}) {
  const tip = line.tip !== null;
  return (
    <div className={`stream-line${tip ? ' tip' : ''}${line.isDeleted ? ' deleted' : ''}`} data-testid="stream-line">
      <div className="stream-line-text">
        <strong>{line.sender.name || line.sender.username}</strong>{' '}
        {tip && line.tip !== null && (
          <span className="stream-line-tip">
            <DollarOutlined aria-hidden /> tipped {formatTokens(line.tip)}
            {line.text && !line.isDeleted ? ': ' : ''}
          </span>
        )}
        {(!tip || line.isDeleted || line.text) && <span>{line.text}</span>}
      </div>
      {canReport && <ReportButton targetType="liveChat" targetId={line._id} />}
      {canDelete && (
        <Button type="text" size="small" icon={<DeleteOutlined aria-hidden />} aria-label="Delete message" onClick={onDelete} />
      )}
    </div>
  );
}
