import { LockOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatTokens } from '../lib/money';
import { ButtonLink } from './ButtonLink';

/**
 * What a viewer without access sees in place of paid or subscriber-only media: a blurred
 * backdrop, what unlocks it, and the way there: buying it, or subscribing on the creator's page.
 */
export function LockedPanel({
  backdrop,
  isSale,
  price,
  noun,
  detail,
  profile,
  unlock,
}: {
  backdrop?: string | null;
  isSale: boolean;
  price: number;
  /** What is locked: "photo", "video", "gallery"… */
  noun: string;
  detail?: string;
  profile: string;
  /** The way to buy it (for sale items); else the link to subscribe on the creator's page. */
  unlock?: ReactNode;
}) {
  return (
    <div className="feed-locked" style={{ backgroundImage: backdrop ? `url(${backdrop})` : undefined }} data-testid="locked-media">
      <Flex vertical align="center" gap={8} className="feed-locked-content">
        <LockOutlined aria-hidden style={{ fontSize: 28 }} />
        <Typography.Text strong>
          {isSale ? `Unlock this ${noun} for ${formatTokens(price)}` : `Subscribe to see this ${noun}`}
        </Typography.Text>
        {detail && <Typography.Text>{detail}</Typography.Text>}
        {isSale && unlock ? (
          unlock
        ) : (
          <ButtonLink to={`${profile}?subscribe=1`} type="primary">
            Subscribe
          </ButtonLink>
        )}
      </Flex>
    </div>
  );
}
