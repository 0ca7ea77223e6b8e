import { UserOutlined } from '@ant-design/icons';
import type { PublicPerformer } from '@limelight/contracts';
import { Avatar, Card, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { FollowButton } from './PerformerActions';

/** A creator in a grid: cover, avatar, name and the follow button. */
export function PerformerCard({ performer }: { performer: PublicPerformer }) {
  const href = `/${performer.username ?? performer._id}`;
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
        <Avatar size={48} src={performer.avatar} icon={<UserOutlined />} alt="" />
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
      </Flex>
      <div style={{ marginTop: 12 }}>
        <FollowButton performer={performer} block />
      </div>
    </Card>
  );
}
