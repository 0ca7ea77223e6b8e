import { UserOutlined } from '@ant-design/icons';
import type { LiveSession } from '@limelight/contracts';
import { Avatar, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { creatorPageId } from '../../shared/api/creator-page';
import { PageTitle } from '../../shared/ui/PageTitle';
import { LiveCount } from './LiveBadge';

/** The session's creator (to their page) and how many watch, under the picture of the live page. */
export function LiveCreatorLine({ session, watching }: { session: LiveSession; watching: number }) {
  return (
    <Flex gap={12} align="center" wrap>
      <Link to={`/${creatorPageId(session.performer)}`} className="live-creator">
        <Avatar src={session.performer.avatar} icon={<UserOutlined aria-hidden />} alt="" />
        <strong>{session.performer.name || session.performer.username}</strong>
      </Link>
      <LiveCount watching={watching} />
    </Flex>
  );
}

/** The session's title (the page's heading) and what the creator said it is about. */
export function LiveSessionTitle({ session }: { session: LiveSession }) {
  return (
    <div>
      <PageTitle className="live-title">{session.title || `${session.performer.name || session.performer.username} is live`}</PageTitle>
      {session.description && <Typography.Paragraph type="secondary">{session.description}</Typography.Paragraph>}
    </div>
  );
}
