import type { ListResponse, PublicPerformer } from '@limelight/contracts';
import { Card, Empty, Flex, Pagination, Skeleton, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTableState } from '../../shared/hooks/useTableState';
import { GRID_PAGE_SIZE, PagedGrid, useGridPage } from '../../shared/ui/PagedGrid';
import { PageTitle } from '../../shared/ui/PageTitle';
import { FeedCard, useListBookmarkedFeedsQuery } from '../feeds';
import { BookmarkedGalleries } from '../galleries';
import { BookmarkedProducts, useShopOpen } from '../shop';
import { BookmarkedVideos } from '../videos';
import { useListBookmarkedCreatorsQuery, useListFollowedCreatorsQuery } from './api';
import { PerformerCard } from './PerformerCard';

const noFilters = [] as const;

function PerformerGrid({
  empty,
  data,
  isLoading,
}: {
  empty: ReactNode;
  data?: ListResponse<{ performer: PublicPerformer }>;
  isLoading: boolean;
}) {
  return (
    <PagedGrid
      data={data}
      isLoading={isLoading}
      empty={empty}
      keyOf={(item) => item.performer._id}
      render={(item) => <PerformerCard performer={item.performer} />}
    />
  );
}

/** `/user/following`: the creators the user follows. */
export function FollowingPage() {
  const { data, isLoading } = useListFollowedCreatorsQuery(useGridPage());
  return (
    <div className="page-wide">
      <PageTitle>Following</PageTitle>
      <PerformerGrid
        empty="You do not follow anyone yet. Follow creators to see their posts on your home page."
        data={data}
        isLoading={isLoading}
      />
    </div>
  );
}

const bookmarkTabs = [
  { key: 'creators', label: 'Creators', children: <BookmarkedCreators /> },
  { key: 'posts', label: 'Posts', children: <BookmarkedPosts /> },
  { key: 'videos', label: 'Videos', children: <BookmarkedVideos /> },
  { key: 'galleries', label: 'Galleries', children: <BookmarkedGalleries /> },
];
const productsTab = { key: 'products', label: 'Products', children: <BookmarkedProducts /> };

/** `/user/bookmarks`: what the user bookmarked, a tab per kind (kept in the URL). */
export function BookmarksPage() {
  const [params, setParams] = useSearchParams();
  const tabs = useShopOpen() ? [...bookmarkTabs, productsTab] : bookmarkTabs;
  const tab = tabs.find((item) => item.key === params.get('tab'))?.key ?? 'creators';
  return (
    <div className="page-wide">
      <PageTitle>Bookmarks</PageTitle>
      <Tabs activeKey={tab} onChange={(key) => setParams({ tab: key })} destroyOnHidden items={tabs} />
    </div>
  );
}

function BookmarkedCreators() {
  const { data, isLoading } = useListBookmarkedCreatorsQuery(useGridPage());
  return <PerformerGrid empty="No bookmarks yet. Use the star on a creator's page to keep them here." data={data} isLoading={isLoading} />;
}

function BookmarkedPosts() {
  const { state, setPage } = useTableState(noFilters, { pageSize: GRID_PAGE_SIZE });
  const { data, isLoading } = useListBookmarkedFeedsQuery(useGridPage());
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
