import { UserOutlined } from '@ant-design/icons';
import type { PublicPerformer } from '@limelight/contracts';
import { Avatar, Card, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { FollowButton } from './PerformerActions';

/** The creator's avatar, name (their page's link) and handle, as every card shows them. */
function Identity({ performer, href, avatarSize }: { performer: PublicPerformer; href: string; avatarSize: number }) {
  return (
    <>
      <Avatar size={avatarSize} src={performer.avatar} icon={<UserOutlined aria-hidden />} alt="" />
      <div style={{ minWidth: 0, flex: 1 }}>
        <Link to={href}>
          <Typography.Text strong ellipsis>
            {performer.name}
          </Typography.Text>
        </Link>
        <br />
        <Typography.Text type="secondary" ellipsis>
          @{performer.username}
        </Typography.Text>
      </div>
    </>
  );
}

/**
 * A creator in a grid: cover, avatar, name and the follow button; `compact` is one row (avatar,
 * name, follow) for a side column.
 */
export function PerformerCard({ performer, compact = false }: { performer: PublicPerformer; compact?: boolean }) {
  const href = `/${performer.username ?? performer._id}`;
  if (compact) {
    return (
      <Flex gap={12} align="center" data-testid="performer-card">
        <Identity performer={performer} href={href} avatarSize={40} />
        <FollowButton performer={performer} size="small" />
      </Flex>
    );
  }
  return (
    <Card
      size="small"
      cover={
        <Link to={href} aria-hidden tabIndex={-1}>
          <div className="performer-card-cover" style={{ backgroundImage: `url(${performer.cover})` }} />
        </Link>
      }
      data-testid="performer-card"
    >
      <Flex gap={12} align="center">
        <Identity performer={performer} href={href} avatarSize={48} />
      </Flex>
      <div style={{ marginTop: 12 }}>
        <FollowButton performer={performer} block />
      </div>
    </Card>
  );
}
