import { Card, Empty, Flex, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { type PageStart, useAppSelector } from '../../shared/lib/store';
import { FeedList, preloadFeedList } from '../feeds';
import { LiveNowStrip } from '../live';
import { discoveryCounts, PerformerCard, suggestionPool, useListTopCreatorsQuery } from '../profile';
import { preloadSitePromos, SitePromos } from '../site';
import { preloadStoryBar, StoryBar } from '../stories';
import './home.css';

/**
 * Everything above the fold, so that the server draws the page whole (decision 079): the stories,
 * the banners and the timeline's first page. The suggestions are asked by the route, with the chunk.
 */
export const preload = ({ store: { dispatch } }: PageStart) =>
  Promise.all([
    preloadStoryBar(dispatch),
    preloadSitePromos(dispatch, 'home-top'),
    preloadSitePromos(dispatch, 'home-bottom'),
    preloadFeedList(dispatch, { kind: 'timeline' }),
  ]);

/**
 * A fan's landing: stories on top, the timeline of creators they follow or subscribe to in the
 * middle, and beside it (under it on a phone) who is live and creators to discover.
 */
export default function HomePage() {
  const user = useAppSelector((state) => state.session.user);
  return (
    <div className="page-wide home-columns">
      <div className="home-main">
        <Typography.Title level={1} className="page-title">
          Welcome, {user?.name || user?.username}
        </Typography.Title>
        <StoryBar />
        <SitePromos position="home-top" />
        <section aria-labelledby="timeline-title">
          <Typography.Title level={2} id="timeline-title" className="shelf-title">
            Your timeline
          </Typography.Title>
          <FeedList
            source={{ kind: 'timeline' }}
            empty="Your timeline is empty. Posts from creators you follow or subscribe to will show up here."
            emptyAction={
              <Link to="/explore" className="frame-button frame-button-primary">
                Explore creators
              </Link>
            }
          />
        </section>
        <SitePromos position="home-bottom" />
      </div>
      <aside className="home-aside" aria-label="Suggestions">
        <LiveNowStrip />
        <Suggestions />
      </aside>
    </div>
  );
}

/**
 * Popular creators the fan does not follow yet, each with their follow button, and the way to all
 * of them. Which ones is chosen once: one followed from here stays, now saying Following.
 */
function Suggestions() {
  const { data: pool, isLoading } = useListTopCreatorsQuery({ limit: suggestionPool });
  const [chosen, setChosen] = useState<string[]>();
  if (pool && !chosen)
    setChosen(
      pool
        .filter((performer) => !performer.isFollowed)
        .slice(0, discoveryCounts.suggestions)
        .map(({ _id }) => _id),
    );
  const data = chosen && pool?.filter((performer) => chosen.includes(performer._id));
  return (
    <Card size="small" title={<h2 className="home-aside-title">Creators to discover</h2>} className="home-suggestions">
      {isLoading ? (
        <Flex vertical gap={12} aria-busy>
          {Array.from({ length: discoveryCounts.suggestions }, (_, index) => (
            <div key={index} className="performer-row-placeholder" />
          ))}
        </Flex>
      ) : data?.length ? (
        <Flex vertical gap={12}>
          {data.map((performer) => (
            <PerformerCard key={performer._id} performer={performer} compact />
          ))}
        </Flex>
      ) : (
        <Empty description="No creators to suggest yet." />
      )}
      <Link to="/explore" className="frame-button home-explore-link">
        Explore all creators
      </Link>
    </Card>
  );
}
