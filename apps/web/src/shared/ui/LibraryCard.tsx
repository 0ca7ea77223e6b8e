import { EyeOutlined, HeartOutlined, LockOutlined } from '@ant-design/icons';
import type { LibraryStatus } from '@limelight/contracts';
import { Card, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatTokens } from '../lib/money';

export const libraryStatusLabels: Record<LibraryStatus, string> = { draft: 'Draft', active: 'Published', inactive: 'Hidden' };
const statusColors: Record<LibraryStatus, string> = { draft: 'default', active: 'success', inactive: 'warning' };

export function LibraryStatusTag({ status }: { status: LibraryStatus }) {
  return <Tag color={statusColors[status]}>{libraryStatusLabels[status]}</Tag>;
}

/** A video or a gallery in a grid: its picture, title, counts and, when locked, its price. */
export function LibraryCard({
  to,
  image,
  title,
  isSale,
  price,
  canView,
  views,
  likes,
  badge,
}: {
  to: string;
  image?: string | null;
  title: string;
  isSale: boolean;
  price: number;
  canView: boolean;
  views: number;
  likes: number;
  /** Shown on the picture: a duration, a photo count. */
  badge?: ReactNode;
}) {
  return (
    <Link to={to} aria-label={title}>
      <Card
        hoverable
        cover={
          <div className="library-card-cover" style={{ backgroundImage: image ? `url(${image})` : undefined }}>
            {!canView && <LockOutlined aria-hidden className="library-card-lock" aria-label="Locked" />}
            {badge && <span className="library-card-badge">{badge}</span>}
          </div>
        }
        styles={{ body: { padding: 12 } }}
      >
        <Typography.Text strong ellipsis style={{ display: 'block' }}>
          {title}
        </Typography.Text>
        <Flex gap={12} align="center" style={{ marginTop: 4 }}>
          <Typography.Text type="secondary">
            <EyeOutlined aria-hidden /> {views}
          </Typography.Text>
          <Typography.Text type="secondary">
            <HeartOutlined aria-hidden /> {likes}
          </Typography.Text>
          {isSale && !canView && (
            <Tag color="purple" style={{ marginInlineStart: 'auto' }}>
              {formatTokens(price)}
            </Tag>
          )}
        </Flex>
      </Card>
    </Link>
  );
}
