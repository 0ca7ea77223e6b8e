import { type ClientToServerEvents, ErrorCode } from '@limelight/contracts';
import type { Deps } from '../../deps';
import { AppError } from '../../platform/errors';
import type { EventLimit } from '../../platform/event-throttle';
import type { SocketHandler } from '../../platform/realtime';

type LiveSocketEvent = Extract<keyof ClientToServerEvents, `stream/${string}` | `live/${string}` | `private/${string}`>;

export const LIVE_STREAMING_OFF = 'Live streaming is turned off on this site';

/**
 * The admin's `enableLiveStreaming` switches all of live streaming (decision 035). Read from the
 * settings cache at each use, which every process reloads when the bus announces a change, so a
 * switch reaches RTMP ingest and sockets on every process without a restart.
 */
export const liveStreamingOn = (deps: Pick<Deps, 'settings'>) => deps.settings.get('enableLiveStreaming');

export function assertLiveStreamingOn(deps: Pick<Deps, 'settings'>) {
  if (!liveStreamingOn(deps)) throw new AppError(403, ErrorCode.liveStreamingOff, LIVE_STREAMING_OFF);
}

/** Handles a live socket event (stream, broadcast, private show), refused while live streaming is off. */
export function handleLive(deps: Pick<Deps, 'settings' | 'realtime'>, event: LiveSocketEvent, handler: SocketHandler, limit?: EventLimit) {
  deps.realtime.handle(
    event,
    async (userId, payload, socket) => {
      assertLiveStreamingOn(deps);
      return handler(userId, payload, socket);
    },
    limit,
  );
}
