import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePublicSettingsQuery } from '../../shared/api/settings';
import { Result } from '../../shared/ui/Result';

export const LIVE_STREAMING_OFF = 'Live streaming is turned off on this site';

/**
 * Whether the admin keeps live streaming on (`enableLiveStreaming`, decision 035). Until the
 * public settings arrive it answers off, so no way into live flashes up and goes again.
 */
export function useLiveStreamingOn() {
  const { data: settings } = usePublicSettingsQuery();
  return settings?.enableLiveStreaming ?? false;
}

/** A live screen, or a plain word that live streaming is off (a link kept from before it was). */
export function LiveStreamingOn({ children }: { children: ReactNode }) {
  const { data: settings, isLoading } = usePublicSettingsQuery();
  if (isLoading) return null;
  if (settings?.enableLiveStreaming) return children;
  return (
    <Result
      status="info"
      title={LIVE_STREAMING_OFF}
      subTitle="Nobody can go live or watch live sessions here for now."
      extra={<Link to="/">Go home</Link>}
    />
  );
}
