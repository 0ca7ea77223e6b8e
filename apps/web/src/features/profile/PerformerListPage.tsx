import type { ListResponse, PublicPerformer } from '@limelight/contracts';
import { Card, Col, Empty, Flex, Pagination, Row, Skeleton, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTableState } from '../../shared/hooks/useTableState';
import { useBookmarkedFeedsQuery } from '../feeds/api';
import { FeedCard } from '../feeds/FeedCard';
import { useBookmarkedPerformersQuery, useFollowingQuery } from './api';
import { PerformerCard } from './PerformerCard';

const noFilters = [] as const;
const PAGE_SIZE = 12;

function PerformerGrid({
  title,
  empty,
  data,
  isLoading,
}: {
  title?: string;
  empty: ReactNode;
  data?: ListResponse<{ performer: PublicPerformer }>;
  isLoading: boolean;
}) {
  const { state, setPage } = useTableState(noFilters, { pageSize: PAGE_SIZE });
  return (
    <div className="page-wide">
      {title && <Typography.Title level={2}>{title}</Typography.Title>}
      {isLoading ? (
        <Skeleton active />
      ) : !data?.total ? (
        <Card>
          <Empty description={empty} />
        </Card>
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {data.data.map(({ performer }) => (
              <Col key={performer._id} xs={24} sm={12} md={8} lg={6}>
                <PerformerCard performer={performer} />
              </Col>
            ))}
          </Row>
          <Pagination
            style={{ marginTop: 16 }}
            current={state.current}
            pageSize={state.pageSize}
            total={data.total}
            onChange={setPage}
            hideOnSinglePage
          />
        </>
      )}
    </div>
  );
}

function usePage() {
  const { query } = useTableState(noFilters, { pageSize: PAGE_SIZE });
  return { offset: query.offset, limit: query.limit };
}

/** `/user/following`: the creators the user follows. */
export function FollowingPage() {
  const { data, isLoading } = useFollowingQuery(usePage());
  return (
    <PerformerGrid
      title="Following"
      empty="You do not follow anyone yet. Follow creators to see their posts on your home page."
      data={data}
      isLoading={isLoading}
    />
  );
}

/** `/user/bookmarks`: the creators and the posts the user bookmarked, a tab each (kept in the URL). */
export function BookmarksPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'posts' ? 'posts' : 'creators';
  return (
    <div className="page-wide">
      <Typography.Title level={2}>Bookmarks</Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key })}
        destroyOnHidden
        items={[
          { key: 'creators', label: 'Creators', children: <BookmarkedCreators /> },
          { key: 'posts', label: 'Posts', children: <BookmarkedPosts /> },
        ]}
      />
    </div>
  );
}

function BookmarkedCreators() {
  const { data, isLoading } = useBookmarkedPerformersQuery(usePage());
  return <PerformerGrid empty="No bookmarks yet. Use the star on a creator's page to keep them here." data={data} isLoading={isLoading} />;
}

function BookmarkedPosts() {
  const { state, setPage } = useTableState(noFilters, { pageSize: PAGE_SIZE });
  const { data, isLoading } = useBookmarkedFeedsQuery(usePage());
  if (isLoading) return <Skeleton active />;
  if (!data?.total) {
    return (
      <Card>
        <Empty description="No bookmarked posts yet. Use the bookmark button under a post to keep it here." />
      </Card>
    );
  }
  return (
    <Flex vertical gap={16}>
      {data.data.map(({ _id, feed }) => (
        <FeedCard key={_id} feed={feed} />
      ))}
      <Pagination current={state.current} pageSize={state.pageSize} total={data.total} onChange={setPage} hideOnSinglePage />
    </Flex>
  );
}
