import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Flex, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { creatorPageId, useCreatorPageQuery } from '../../shared/api/creator-page';
import { formatTokens } from '../../shared/lib/money';
import { joinUrl, loginUrl } from '../../shared/lib/navigation';
import { errorMessage } from '../../shared/lib/toast';
import { Result } from '../../shared/ui/Result';
import { useGetLiveSessionQuery } from './api';
import { LiveCreatorLine, LiveSessionTitle } from './LiveSessionInfo';

/**
 * A live session as a visitor (not signed in) finds it from a shared link: who is live, about
 * what, how many watch, and the way in: signing up or logging in brings them back here to watch.
 * Drawn on the server (decision 079), so the link reads before any script; the video itself, the
 * chat and tips are for members, as the session's rules say once they are in.
 */
export function LiveTeaser({ sessionId }: { sessionId: string }) {
  const { data: session, error, isLoading } = useGetLiveSessionQuery({ id: sessionId });
  // The creator's page answer (asked beside the session on the server) gives the cover behind the picture.
  const { data: creator } = useCreatorPageQuery({ id: session ? creatorPageId(session.performer) : '' }, { skip: !session });
  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!session) {
    return (
      <Result
        status="404"
        title="Live session not found"
        subTitle={errorMessage(error, 'It may have ended.')}
        extra={<Link to="/explore">Explore creators</Link>}
      />
    );
  }
  const name = session.performer.name || session.performer.username;
  const creatorPath = `/${creatorPageId(session.performer)}`;
  if (session.status !== 'live') {
    return (
      <Result
        status="info"
        title="This live session has ended"
        subTitle={`${name} is not live now: follow them to hear when they are next.`}
        extra={<Link to={creatorPath}>Visit {name}’s page</Link>}
      />
    );
  }
  const here = `/live/${session._id}`;
  return (
    <div className="page-wide live-page">
      <div className="live-layout">
        <Flex vertical gap={12} className="live-main">
          <div className="live-player live-teaser">
            {creator?.cover && <div className="live-teaser-cover" style={{ backgroundImage: `url(${creator.cover})` }} />}
            <span className="live-indicator">Live</span>
            <div className="live-player-waiting">
              <Avatar size={96} src={session.performer.avatar} icon={<UserOutlined aria-hidden />} alt="" />
              <strong className="live-teaser-call">{name} is live now</strong>
            </div>
          </div>
          <LiveCreatorLine session={session} watching={session.viewerCount} />
          <LiveSessionTitle session={session} />
        </Flex>
        <Card className="live-side">
          <Flex vertical gap={12}>
            <Typography.Title level={2} className="live-join-title">
              Join to watch
            </Typography.Title>
            <Typography.Text>
              {session.access === 'paid'
                ? `Watch ${name} live for ${formatTokens(session.price)}, paid once for this session.`
                : `This live session is for ${name}’s subscribers.`}{' '}
              Sign up or log in to watch, chat and send tips.
            </Typography.Text>
            <Link to={joinUrl(here)} className="frame-button frame-button-primary">
              Sign up to watch
            </Link>
            <Link to={loginUrl(here)} className="frame-button">
              Log in
            </Link>
          </Flex>
        </Card>
      </div>
    </div>
  );
}
