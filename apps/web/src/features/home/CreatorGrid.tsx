import type { DiscoveryPerformer } from '@limelight/contracts';
import { Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { PerformerCard } from '../profile';

// Two a row on a phone, so a shelf is a glance rather than a long scroll.

/**
 * Creators in a grid. While loading, one card-sized placeholder per creator asked for: the grid
 * holds the room it will need, so what follows (the next shelf) does not jump down as the answers
 * come. With nobody to show, `empty` (a sentence and the way on).
 */
export function CreatorGrid({
  performers,
  loading,
  expected,
  empty,
}: {
  performers?: DiscoveryPerformer[];
  loading: boolean;
  expected: number;
  empty: ReactNode;
}) {
  if (loading) {
    return (
      <div className="creator-grid" aria-busy>
        {Array.from({ length: expected }, (_, index) => (
          <Card key={index} size="small" className="performer-card-placeholder" cover={<div className="performer-card-cover" />}>
            <Skeleton active avatar={{ size: 48 }} title={false} paragraph={{ rows: 2 }} />
          </Card>
        ))}
      </div>
    );
  }
  if (!performers?.length) return empty;
  return (
    <div className="creator-grid">
      {performers.map((performer) => (
        <PerformerCard key={performer._id} performer={performer} />
      ))}
    </div>
  );
}
