import type { DiscoveryPerformer } from '@limelight/contracts';
import { Card, Col, Row, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { PerformerCard } from '../profile';

// Two a row on a phone, so a shelf is a glance rather than a long scroll.
const gridColumns = { xs: 12, md: 8, lg: 6 };

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
      <Row gutter={[12, 12]} aria-busy>
        {Array.from({ length: expected }, (_, index) => (
          <Col key={index} {...gridColumns}>
            <Card size="small" className="performer-card-placeholder" cover={<div className="performer-card-cover" />}>
              <Skeleton active avatar={{ size: 48 }} title={false} paragraph={{ rows: 2 }} />
            </Card>
          </Col>
        ))}
      </Row>
    );
  }
  if (!performers?.length) return empty;
  return (
    <Row gutter={[12, 12]}>
      {performers.map((performer) => (
        <Col key={performer._id} {...gridColumns}>
          <PerformerCard performer={performer} />
        </Col>
      ))}
    </Row>
  );
}
