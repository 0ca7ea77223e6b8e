import type { LiveSession } from '@limelight/contracts';
import { ErrorCode } from '@limelight/contracts/constants';
import { Button, Card, Flex, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { preloadCreatorOf } from '../../shared/api/creator-page';
import { useSocketEvent } from '../../shared/hooks/useSocketEvent';
import { formatTokens } from '../../shared/lib/money';
import { type PageStart, preloadItem, useAppSelector } from '../../shared/lib/store';
import { errorCode, errorMessage } from '../../shared/lib/toast';
import { TipButton } from '../../shared/pay/PayButtons';
import { PayModal } from '../../shared/pay/PayDialogs';
import { usePayDialog } from '../../shared/pay/usePayDialog';
import { Result } from '../../shared/ui/Result';
import { ReportButton } from '../community';
import { AgoraPlayer } from './AgoraPlayer';
import { liveApi, mostWatchedFirst, useGetLiveSessionQuery, useJoinLiveSessionQuery, useListLiveSessionsQuery } from './api';
import { LivePlayer } from './LivePlayer';
import { LiveCreatorLine, LiveSessionTitle } from './LiveSessionInfo';
import { LiveTeaser } from './LiveTeaser';
import { RequestPrivateShow } from './RequestPrivateShow';
import { StreamChat } from './StreamChat';
import { useStreamRoom } from './useStreamRoom';

/** A signed playlist link lives 10 minutes: the page asks for a new one well before. */
const RENEW_MS = 5 * 60_000;
const endedReasons = {
  performer: 'The creator ended this live session.',
  admin: 'This live session was ended by the site.',
  timeout: 'The creator’s picture stopped, so this live session ended.',
  private: 'The creator is in a private show.',
};
/** How often a viewer waiting for a creator back from a private show looks for their new session. */
const BACK_CHECK_MS = 10_000;

/**
 * For the server's drawing of a visitor's page (decision 079): the session, and its creator's page
 * beside it (their cover). A member joins instead, which is theirs alone to ask.
 */
export const preload = (start: PageStart) =>
  start.store.getState().session.loggedIn
    ? undefined
    : preloadItem(liveApi.endpoints.getLiveSession, (session, next) => preloadCreatorOf(session.performer, next))(start);

/**
 * `/live/{id}`: a fan watches a live session, chats, tips and may ask for a private show; a
 * visitor from a shared link sees who is live and signs up or logs in to watch.
 */
export default function LivePage() {
  const { id = '' } = useParams();
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  return loggedIn ? <JoinedLive sessionId={id} /> : <LiveTeaser sessionId={id} />;
}

/** A member's live page: joining plays the session, or says what watching it takes. */
function JoinedLive({ sessionId }: { sessionId: string }) {
  const [endedReason, setEndedReason] = useState<keyof typeof endedReasons>();
  // A new session (the creator back from a private show) opens on this same page.
  useEffect(() => setEndedReason(undefined), [sessionId]);
  const {
    data: joined,
    error,
    isLoading,
    refetch,
  } = useJoinLiveSessionQuery({ id: sessionId }, { skip: !!endedReason, pollingInterval: RENEW_MS });
  // The session last watched: whose return to wait for once they go private (the join stops then).
  const [watched, setWatched] = useState<LiveSession>();
  useEffect(() => {
    if (joined) setWatched(joined.session);
  }, [joined]);
  // The session as this viewer sees it (its creator, price, the viewer's standing): what the gate shows when joining is refused.
  const { data: summary, isLoading: gateLoading } = useGetLiveSessionQuery({ id: sessionId }, { skip: !error });

  useSocketEvent('stream/ready', (payload) => {
    if (payload.sessionId === sessionId) void refetch();
  });
  useSocketEvent('stream/updated', (payload) => {
    if (payload.sessionId === sessionId) void refetch();
  });
  useSocketEvent('stream/ended', (payload) => {
    if (payload.sessionId === sessionId) setEndedReason(payload.reason);
  });

  if (endedReason === 'private' && watched) return <InPrivateShow session={watched} />;
  if (endedReason || errorCode(error) === ErrorCode.conflict) {
    return (
      <Result
        status="info"
        title="This live session has ended"
        subTitle={endedReason ? endedReasons[endedReason] : errorMessage(error)}
        extra={<Link to="/home">Back home</Link>}
      />
    );
  }
  if (isLoading || (error && gateLoading)) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (error || !joined) return <LiveGate error={error} session={summary} onPaid={() => void refetch()} />;
  return (
    <Watching session={joined.session} conversationId={joined.conversationId} playback={joined.playback} renew={() => void refetch()} />
  );
}

function Watching({
  session,
  conversationId,
  playback,
  renew,
}: {
  session: LiveSession;
  conversationId: string;
  playback: NonNullable<ReturnType<typeof useJoinLiveSessionQuery>['data']>['playback'];
  renew: () => void;
}) {
  const members = useStreamRoom(session._id);
  const name = session.performer.name || session.performer.username;
  return (
    <div className="page-wide live-page">
      <div className="live-layout">
        <Flex vertical gap={12} className="live-main">
          {playback.mode === 'hls' ? (
            <LivePlayer playback={playback} label={`${name}’s live video`} onExpired={renew} />
          ) : (
            <AgoraPlayer sessionId={session._id} label={`${name}’s live video`} />
          )}
          <LiveCreatorLine session={session} watching={members ?? session.viewerCount} />
          <div className="live-actions">
            <TipButton performer={session.performer} sessionId={session._id} />
            <RequestPrivateShow session={session} />
            <ReportButton targetType="live" targetId={session._id} withLabel />
          </div>
          <LiveSessionTitle session={session} />
        </Flex>
        <Card className="live-side">
          <StreamChat conversationId={conversationId} sessionId={session._id} slowModeSeconds={0} />
        </Card>
      </div>
    </div>
  );
}

/**
 * The creator took a private show: the viewer is told they will be back, and is taken to their
 * next live session as soon as it starts (looked for every few seconds while this shows).
 */
function InPrivateShow({ session }: { session: LiveSession }) {
  const navigate = useNavigate();
  const name = session.performer.name || session.performer.username;
  const { data } = useListLiveSessionsQuery(
    { performerId: session.performerId, limit: 1, ...mostWatchedFirst },
    { pollingInterval: BACK_CHECK_MS },
  );
  const next = data?.data.find((live) => live._id !== session._id);
  useEffect(() => {
    if (next) navigate(`/live/${next._id}`, { replace: true });
  }, [next, navigate]);
  return (
    <Result
      status="info"
      title={`${name} is in a private show`}
      subTitle="They will be back: stay on this page and the stream opens again as soon as they go live."
      extra={<Link to={`/${session.performer.username ?? session.performerId}`}>Visit {name}’s page</Link>}
    />
  );
}

/** What a fan who may not watch is told: subscribe, pay the session's price, or why not at all. */
function LiveGate({ error, session, onPaid }: { error: unknown; session?: LiveSession; onPaid: () => void }) {
  const dialog = usePayDialog(`stream-${session?._id}`);
  const navigate = useNavigate();
  const code = errorCode(error);
  const name = session ? session.performer.name || session.performer.username : 'this creator';
  const profile = session ? `/${session.performer.username ?? session.performerId}` : '/home';
  if (code === ErrorCode.subscriptionRequired) {
    return (
      <Result
        status="403"
        title={`Subscribe to ${name} to watch`}
        subTitle="This live session is for subscribers."
        extra={
          <Button type="primary" onClick={() => navigate(`${profile}?subscribe=1`)}>
            Subscribe to watch
          </Button>
        }
      />
    );
  }
  if (code === ErrorCode.paymentRequired && session) {
    return (
      <>
        <Result
          status="403"
          title={session.title || `${name} is live`}
          subTitle={`Watch ${name} live for ${formatTokens(session.price)}, paid once for this session.`}
          extra={
            <Button type="primary" onClick={dialog.show}>
              Pay {formatTokens(session.price)} to watch
            </Button>
          }
        />
        <PayModal
          dialog={dialog}
          title={`Watch ${name} live`}
          charge={{ type: 'stream', id: session._id, price: session.price }}
          success="Paid: enjoy the show"
          onPaid={onPaid}
        />
      </>
    );
  }
  return (
    <Result
      status={code === ErrorCode.blocked ? '403' : '404'}
      title={code === ErrorCode.blocked ? 'You cannot watch this live session' : 'Live session not found'}
      subTitle={errorMessage(error, 'It may have ended.')}
      extra={<Link to="/home">Back home</Link>}
    />
  );
}
