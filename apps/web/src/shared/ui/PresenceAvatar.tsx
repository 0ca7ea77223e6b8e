import { Avatar, Badge } from 'antd';
import type { Presence } from '../lib/presence';

/** An avatar with a green dot while its person is online (the dot is drawn; the label says it in words). */
export function PresenceAvatar({ src, presence }: { src?: string | null; presence: Presence }) {
  const avatar = <Avatar src={src ?? undefined} alt="" />;
  return presence.isOnline ? (
    <Badge dot status="success" offset={[-4, 28]} className="presence-dot">
      {avatar}
    </Badge>
  ) : (
    avatar
  );
}
