import { Typography } from 'antd';
import { discoveryCounts } from '../profile';
import { Discovery } from './Discovery';
import { ExploreShelves } from './ExploreShelves';
import './home.css';

/** `/explore`: every verified creator, for visitors and members alike: search, filters, shelves. */
export default function ExplorePage() {
  return (
    <div className="page-wide">
      <Typography.Title level={1} className="page-title">
        Explore
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Find creators by name, look and place, or browse who is popular, new and live.
      </Typography.Paragraph>
      <Discovery browse={<ExploreShelves count={discoveryCounts.shelf} withRandom />} />
    </div>
  );
}
