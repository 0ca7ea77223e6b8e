import { EyeOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Typography } from 'antd';
import { Link } from 'react-router';
import { mostWatchedFirst, useListLiveSessionsQuery } from './api';
import { useLiveStreamingOn } from './LiveStreamingOn';

/** How often the strip looks again for who went live or ended. */
const REFRESH_MS = 30_000;

/** "Live now" on the fan's home: creators streaming at this moment, most watched first; nothing when nobody is. */
export function LiveNowStrip() {
  const on = useLiveStreamingOn();
  const { data } = useListLiveSessionsQuery({ limit: 20, ...mostWatchedFirst }, { pollingInterval: REFRESH_MS, skip: !on });
  if (!on || !data?.data.length) return null;
  return (
    <section className="live-now" aria-labelledby="live-now-title">
      <Typography.Title level={3} id="live-now-title">
        Live now
      </Typography.Title>
      <ul className="live-now-list">
        {data.data.map((session) => {
          const name = session.performer.name || session.performer.username;
          return (
            <li key={session._id}>
              <Link
                to={`/live/${session._id}`}
                className="live-now-item"
                aria-label={`${name} is live: ${session.title || 'watch'}, ${session.viewerCount} watching`}
              >
                <span className="live-now-avatar">
                  <Avatar size={64} src={session.performer.avatar} icon={<UserOutlined aria-hidden />} alt="" />
                  <span className="live-badge" aria-hidden>
                    Live
                  </span>
                </span>
                <span className="live-now-name">{name}</span>
                <span className="live-now-viewers" aria-hidden>
                  <EyeOutlined aria-hidden /> {session.viewerCount} watching
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
