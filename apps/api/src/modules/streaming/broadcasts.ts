import { streamRoom, userRoom } from '@limelight/contracts';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../platform/errors';
import type { LiveFeed, LiveInput } from '../../platform/live-media';
import { assertMay, isCreator } from '../access';
import { findById } from '../users';
import { liveSessionOf, markStillBroadcast } from './repo/sessions';
import { findSession, goLive, type SessionRow, streamByKey } from './sessions';

/** Playlists arrive every second; the session's heartbeat is written at most this often from them. */
const HEARTBEAT_EVERY_MS = 10_000;

/**
 * Starts packaging a creator's broadcast (browser or RTMP). Media flowing is the heartbeat, so a
 * session stays live while its broadcast does, and ends by itself a grace period after it stops.
 * Viewers and the creator hear `stream/ready` once the first playlist exists; the creator hears
 * `live/error` when the packaging fails; `stopSource` lets go of the sender when it stops.
 */
export function startBroadcast(deps: Deps, session: SessionRow, input: LiveInput, stopSource: () => void): Promise<LiveFeed> {
  const sessionId = session.id;
  let lastBeat = 0;
  return deps.live.start(sessionId, input, {
    ready: () => deps.realtime.io.to([streamRoom(sessionId), userRoom(session.performerId)]).emit('stream/ready', { sessionId }),
    progress: () => {
      if (Date.now() - lastBeat < HEARTBEAT_EVERY_MS) return;
      lastBeat = Date.now();
      // Ended meanwhile (by the creator or an admin on another process): this process lets go too.
      markStillBroadcast(deps.db, sessionId).then(
        async (live) => {
          if (!live) await deps.live.end(sessionId);
        },
        (error: unknown) => deps.log.warn({ err: error, sessionId }, 'live heartbeat not written'),
      );
    },
    stopped: (problem) => {
      if (problem) deps.realtime.toUser(session.performerId).emit('live/error', { sessionId, message: problem });
      stopSource();
    },
  });
}

/**
 * The live session `userId` may broadcast from the browser: only its creator, only while it is
 * live. Its heartbeat is written at once: a session near the end of its grace is not ended while
 * the packager starts.
 */
export async function broadcastableSession(deps: Deps, userId: string, sessionId: string) {
  const session = await findSession(deps.db, sessionId);
  assertMay({ id: userId }, 'live.broadcast', session, () => notFound('Live session'));
  if (!(await markStillBroadcast(deps.db, sessionId))) throw conflict('This live session has ended');
  return session;
}

/**
 * The session an RTMP publish with this stream key feeds, or undefined for a key nobody has. A
 * creator who starts streaming from OBS without going live in the studio goes live with the
 * stream's saved title, for subscribers (as on other platforms, "Start streaming" is going live;
 * only a price needs the studio).
 */
export async function sessionForStreamKey(deps: Deps, key: string): Promise<SessionRow | undefined> {
  const stream = await streamByKey(deps.db, key);
  const performer = stream && (await findById(deps.db, stream.performerId));
  if (performer?.status !== 'active' || !isCreator(performer)) return undefined;
  const live = () => liveSessionOf(deps.db, performer.id);
  // A live session made at the same moment (the studio's button) wins: this publish feeds it.
  const session =
    (await live()) ??
    (await goLive(deps, performer, { access: 'subscribers' }).then(
      (started) => findSession(deps.db, started._id),
      () => live(),
    ));
  return session && (await markStillBroadcast(deps.db, session.id)) ? session : undefined;
}
