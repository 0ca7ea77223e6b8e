import type { DiscoveryPerformer } from '@limelight/contracts';
import { Empty, Flex, Typography } from 'antd';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { CreatorGrid } from './CreatorGrid';

/**
 * One row of creators under its heading, with a link to see more. A shelf that may rightly be
 * empty (free trials) says nothing at all with `hideEmpty`; others say so and offer the way on.
 */
export function CreatorShelf({
  title,
  performers,
  loading,
  expected,
  more,
  empty,
  hideEmpty = false,
}: {
  title: string;
  performers?: DiscoveryPerformer[];
  loading: boolean;
  expected: number;
  more?: { to: string; label: string };
  empty?: { text: string; action: ReactNode };
  hideEmpty?: boolean;
}) {
  const headingId = useId();
  if (hideEmpty && !loading && !performers?.length) return null;
  return (
    <section aria-labelledby={headingId} className="creator-shelf">
      <Flex align="baseline" justify="space-between" gap={8} wrap>
        <Typography.Title level={2} id={headingId} className="shelf-title">
          {title}
        </Typography.Title>
        {more && (
          <Link to={more.to} className="shelf-more">
            {more.label}
          </Link>
        )}
      </Flex>
      <CreatorGrid
        performers={performers}
        loading={loading}
        expected={expected}
        empty={<Empty description={empty?.text ?? 'No creators here yet.'}>{empty?.action}</Empty>}
      />
    </section>
  );
}
