import { Typography } from 'antd';
import { useAppSelector } from '../../app/store';
import { FeedList } from '../feeds/FeedList';
import { LiveNowStrip } from '../live/LiveNowStrip';
import { SitePromos } from '../site/SitePromos';
import { StoryBar } from '../stories/StoryBar';
import { Discovery } from './Discovery';

/** A fan's landing: discovery, and the timeline of creators they follow or subscribe to. */
export default function HomePage() {
  const user = useAppSelector((state) => state.session.user);
  return (
    <div className="page-wide">
      <Typography.Title level={2}>Welcome, {user?.name || user?.username}</Typography.Title>
      <StoryBar />
      <LiveNowStrip />
      <SitePromos position="home-top" />
      <Discovery />
      <Typography.Title level={3} style={{ marginTop: 24 }}>
        Your timeline
      </Typography.Title>
      <FeedList
        source={{ kind: 'timeline' }}
        empty="Your timeline is empty. Posts from creators you follow or subscribe to will show up here."
      />
      <div style={{ marginTop: 24 }}>
        <SitePromos position="home-bottom" />
      </div>
    </div>
  );
}
