import { Card, Empty, Typography } from 'antd';
import { useAppSelector } from '../../app/store';

/** A fan's landing: the timeline of creators they follow or subscribe to. */
export default function HomePage() {
  const user = useAppSelector((state) => state.session.user);
  return (
    <div className="page-narrow">
      <Typography.Title level={2}>Welcome, {user?.name || user?.username}</Typography.Title>
      <Card>
        <Empty description="Your timeline is empty. Posts from creators you follow or subscribe to will show up here." />
      </Card>
    </div>
  );
}
