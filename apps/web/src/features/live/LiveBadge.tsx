import { EyeOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { mostWatchedFirst, useListLiveSessionsQuery } from './api';
import { useLiveStreamingOn } from './LiveStreamingOn';

/** "Live" on a creator's page header while they stream, leading to their live page. */
export function LiveBadge({ performerId }: { performerId: string }) {
  const on = useLiveStreamingOn();
  const { data } = useListLiveSessionsQuery({ performerId, limit: 1, ...mostWatchedFirst }, { skip: !on });
  const session = data?.data[0];
  if (!on || !session) return null;
  return (
    <Link to={`/live/${session._id}`} className="live-badge live-badge-link">
      Live: watch now
    </Link>
  );
}

/** A session's "Live" marker and how many are watching, as the studio and the fans' page show them. */
export function LiveCount({ watching }: { watching: number }) {
  return (
    <>
      <Tag color="red" className="live-tag">
        Live
      </Tag>
      <Tag icon={<EyeOutlined aria-hidden />} data-testid="viewer-count">
        {watching} watching
      </Tag>
    </>
  );
}
