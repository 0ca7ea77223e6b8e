import { LockOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { Link } from 'react-router';

/**
 * What a viewer without access sees in place of paid or subscriber-only media: a blurred
 * backdrop, what unlocks it, and the way there (the creator's page, where buying and
 * subscribing live).
 */
export function LockedPanel({
  backdrop,
  isSale,
  price,
  noun,
  detail,
  profile,
}: {
  backdrop?: string | null;
  isSale: boolean;
  price: number;
  /** What is locked: "photo", "video", "gallery"… */
  noun: string;
  detail?: string;
  profile: string;
}) {
  return (
    <div className="feed-locked" style={{ backgroundImage: backdrop ? `url(${backdrop})` : undefined }} data-testid="locked-media">
      <Flex vertical align="center" gap={8} className="feed-locked-content">
        <LockOutlined style={{ fontSize: 28 }} />
        <Typography.Text strong>
          {isSale ? `Unlock this ${noun} for ${price.toFixed(2)} tokens` : `Subscribe to see this ${noun}`}
        </Typography.Text>
        {detail && <Typography.Text>{detail}</Typography.Text>}
        <Link to={profile}>
          <Button type="primary">{isSale ? 'Unlock' : 'Subscribe'}</Button>
        </Link>
      </Flex>
    </div>
  );
}
