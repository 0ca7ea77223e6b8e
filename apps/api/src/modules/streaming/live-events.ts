import { z } from 'zod';
import type { Deps } from '../../deps';
import { badRequest, conflict } from '../../platform/errors';
import type { LiveFeed, LiveInput } from '../../platform/live-media';
import { broadcastableSession, startBroadcast } from './broadcasts';
import { handleLive } from './open';

/** The web studio's recorder sends a chunk every few hundred milliseconds: room for a burst after a stall. */
const CHUNKS_LIMIT = { burst: 40, perSecond: 20 };

const sessionSchema = z.object({ sessionId: z.uuid('must be a session id') });
const startSchema = sessionSchema.extend({ mimeType: z.string().max(200, 'is too long') });

/**
 * What the browser's recorder sends, from its MIME type: Matroska/WebM or fragmented MP4, the
 * video copied when it is H.264 (Chromium's `video/x-matroska;codecs=avc1,opus`), else re-encoded.
 */
function recorderInput(mimeType: string): LiveInput {
  const type = mimeType.toLowerCase();
  const videoCodec = /avc1|h264/.test(type) ? 'h264' : 'other';
  if (/^video\/(x-matroska|webm)\b/.test(type)) return { container: 'matroska', videoCodec };
  if (/^video\/mp4\b/.test(type)) return { container: 'mp4', videoCodec };
  throw badRequest('mimeType: record video/x-matroska, video/webm or video/mp4', [
    { field: 'mimeType', message: 'must be video/x-matroska, video/webm or video/mp4' },
  ]);
}

/**
 * Browser broadcast over the signed-in socket (decision 024): `live/start` (the session's creator,
 * one broadcast per socket), then binary `live/chunk`s piped in order to the packager, until
 * `live/stop` or the socket disconnects. The session itself stays live for the heartbeat's grace,
 * so a reload of the studio can carry on.
 */
export function registerLiveEvents(deps: Deps) {
  const broadcasts = new Map<string, { userId: string; sessionId: string; feed: LiveFeed }>();
  const stop = (socketId: string) => {
    const broadcast = broadcasts.get(socketId);
    broadcasts.delete(socketId);
    broadcast?.feed.end();
  };

  handleLive(deps, 'live/start', async (userId, payload, socket) => {
    const { sessionId, mimeType } = startSchema.parse(payload);
    const input = recorderInput(mimeType);
    const taken = () => {
      if (broadcasts.has(socket.id)) throw conflict('This connection is already broadcasting: send live/stop first');
    };
    taken();
    const session = await broadcastableSession(deps, userId, sessionId);
    taken();
    const feed = await startBroadcast(deps, session, input, () => {
      if (broadcasts.get(socket.id)?.feed === feed) broadcasts.delete(socket.id);
    });
    // The socket went, or started another broadcast, while the packager started: this one stops.
    if (!socket.isConnected() || broadcasts.has(socket.id)) {
      feed.end();
      taken();
      return;
    }
    broadcasts.set(socket.id, { userId, sessionId, feed });
  });
  // Written before any await, so chunks reach ffmpeg in the order they arrived.
  handleLive(
    deps,
    'live/chunk',
    async (userId, payload, socket) => {
      const broadcast = broadcasts.get(socket.id);
      if (!broadcast || broadcast.userId !== userId) throw conflict('live/chunk: start the broadcast with live/start first');
      if (!Buffer.isBuffer(payload)) throw badRequest('live/chunk: must be binary (an ArrayBuffer of the recording)');
      broadcast.feed.write(payload);
    },
    CHUNKS_LIMIT,
  );
  handleLive(deps, 'live/stop', async (_userId, payload, socket) => {
    const { sessionId } = sessionSchema.parse(payload);
    if (broadcasts.get(socket.id)?.sessionId === sessionId) stop(socket.id);
  });
  // Each socket is in the room named by its id: that is how a disconnect finds its broadcast.
  deps.realtime.onDisconnect(async (_userId, rooms) => {
    for (const room of rooms) stop(room);
  });
}
