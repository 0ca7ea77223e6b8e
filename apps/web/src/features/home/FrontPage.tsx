import { DollarOutlined, PictureOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePublicSettingsQuery } from '../../shared/api/settings';
import { joinAsCreatorUrl, joinUrl, loginUrl } from '../../shared/lib/navigation';
import { discoveryCounts } from '../profile';
import { SitePromos } from '../site';
import { ExploreShelves } from './ExploreShelves';
import './home.css';

const offers: Array<{ icon: ReactNode; title: string; text: string }> = [
  {
    icon: <PictureOutlined aria-hidden />,
    title: 'Creators publish',
    text: 'Posts, photos, galleries, videos and stories: free for everyone, for subscribers, or for sale.',
  },
  {
    icon: <VideoCameraOutlined aria-hidden />,
    title: 'Live, together',
    text: 'Creators stream live; fans watch, chat, tip and ask for a private show.',
  },
  {
    icon: <DollarOutlined aria-hidden />,
    title: 'Fans support them',
    text: 'Follow for free, subscribe for everything, tip, buy and send messages.',
  },
];

/** `/` for a visitor: what the site is, the ways in, and a first look at its creators. */
export default function FrontPage() {
  const { data: settings } = usePublicSettingsQuery();
  const siteName = settings?.siteName ?? 'Limelight';
  return (
    <div className="page-wide">
      <section className="front-hero" aria-labelledby="front-title">
        <Typography.Title level={1} id="front-title" className="front-title">
          Creators share their world. Fans get closer.
        </Typography.Title>
        <Typography.Paragraph className="front-lead">
          {siteName} is where creators publish posts, photos, videos and live streams, and where fans subscribe, tip and message the
          creators they love.
        </Typography.Paragraph>
        <Flex gap={8} wrap className="front-calls">
          <Link to={joinUrl()} className="frame-button frame-button-primary front-call">
            Join as a fan
          </Link>
          <Link to={joinAsCreatorUrl()} className="frame-button front-call front-call-outline">
            Become a creator
          </Link>
          <Link to={loginUrl()} className="frame-button front-call">
            Log in
          </Link>
        </Flex>
      </section>
      <div className="front-offers">
        {offers.map((offer) => (
          <Card key={offer.title} size="small" className="front-offer">
            <Flex gap={12} align="flex-start">
              <span className="front-offer-icon" aria-hidden>
                {offer.icon}
              </span>
              <div>
                <Typography.Title level={2} className="front-offer-title">
                  {offer.title}
                </Typography.Title>
                <Typography.Text>{offer.text}</Typography.Text>
              </div>
            </Flex>
          </Card>
        ))}
      </div>
      <SitePromos position="home-top" />
      <ExploreShelves count={discoveryCounts.preview} />
      <Flex justify="center" className="front-explore">
        <Link to="/explore" className="frame-button frame-button-primary front-call">
          Explore all creators
        </Link>
      </Flex>
    </div>
  );
}
