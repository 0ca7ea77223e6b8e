import type { FeedType } from '@limelight/contracts';
import { Button, Card, Empty, Flex, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { REFRESH_ON_RETURN } from '../../shared/lib/api';
import { type FeedSource, useFeedPagesInfiniteQuery } from './api';
import { FeedCard } from './FeedCard';

/** Posts in keyset pages with a "Show more" button, loading and empty states (with the way on, `emptyAction`). */
export function FeedList({
  source,
  type,
  empty,
  emptyAction,
}: {
  source: FeedSource;
  type?: FeedType;
  empty: string;
  emptyAction?: ReactNode;
}) {
  const arg = { source, type };
  const { data, isLoading, isError, hasNextPage, fetchNextPage, isFetchingNextPage, refetch } = useFeedPagesInfiniteQuery(
    arg,
    REFRESH_ON_RETURN,
  );
  const feeds = data?.pages.flatMap((page) => page.data) ?? [];
  if (isLoading) {
    return (
      <Card className="feed-list-loading">
        <Skeleton active avatar paragraph={{ rows: 3 }} />
      </Card>
    );
  }
  if (isError) {
    return (
      <Card>
        <Empty description="The posts could not be loaded.">
          <Button onClick={() => refetch()}>Try again</Button>
        </Empty>
      </Card>
    );
  }
  if (!feeds.length) {
    return (
      <Card>
        <Empty description={empty}>{emptyAction}</Empty>
      </Card>
    );
  }
  return (
    <Flex vertical gap={16}>
      {feeds.map((feed) => (
        <FeedCard key={feed._id} feed={feed} arg={arg} />
      ))}
      {hasNextPage && (
        <Button onClick={() => fetchNextPage()} loading={isFetchingNextPage} block>
          Show more
        </Button>
      )}
    </Flex>
  );
}
