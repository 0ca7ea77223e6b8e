import type { Deps } from '../../deps';
import { AppError } from '../../platform/errors';
import { startRtmpIngest } from '../../platform/rtmp-ingest';
import { sessionForStreamKey, startBroadcast } from './broadcasts';
import { LIVE_STREAMING_OFF, liveStreamingOn } from './open';

/** The RTMP application OBS publishes to: `rtmp://host:port/live` with the stream key. */
const RTMP_APP = 'live';

/**
 * RTMP ingest for this process when `RTMP_PORT` is set (undefined when it is off, or another
 * process took the port). A publish to `live/{streamKey}` feeds the creator's live session (going
 * live when none is open); an unknown key, another app, a second publisher or any publish while
 * live streaming is off is refused with an `onStatus` error naming why.
 */
export async function startRtmp(deps: Deps) {
  if (deps.config.rtmpPort === undefined) return undefined;
  return startRtmpIngest({
    port: deps.config.rtmpPort,
    host: deps.config.host,
    log: deps.log,
    authorize: async (publish, stop) => {
      // Read at each publish, not at start: the admin's switch reaches this process through the bus.
      if (!liveStreamingOn(deps)) {
        deps.log.info({ remoteAddress: publish.remoteAddress }, 'RTMP publish refused: live streaming is turned off');
        return { refused: { code: 'NetStream.Publish.Denied', description: LIVE_STREAMING_OFF } };
      }
      const session = publish.app === RTMP_APP ? await sessionForStreamKey(deps, publish.key) : undefined;
      if (!session || (await deps.live.broadcasting(session.id))) {
        deps.log.info(
          { remoteAddress: publish.remoteAddress, app: publish.app },
          session ? 'RTMP publish refused: the session is already broadcast' : 'RTMP publish refused: unknown app or stream key',
        );
        return session
          ? { refused: { code: 'NetStream.Publish.BadName', description: 'This stream is already being published' } }
          : { refused: { code: 'NetStream.Publish.BadName', description: 'Unknown stream key: copy it from the studio' } };
      }
      return {
        open: async (videoCodec) => {
          try {
            return await startBroadcast(deps, session, { container: 'flv', videoCodec }, stop);
          } catch (error) {
            const message = error instanceof AppError ? error.message : 'The server could not start packaging the broadcast';
            deps.realtime.toUser(session.performerId).emit('live/error', { sessionId: session.id, message });
            throw error;
          }
        },
      };
    },
  });
}
