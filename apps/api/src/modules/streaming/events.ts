import { streamRoom, userRoom } from '@limelight/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { unauthenticated } from '../../platform/errors';
import { findById } from '../users';
import { handleLive } from './open';
import { liveSessionIdsOf, recordViewerCount, sessionCreator } from './repo/sessions';
import { watchableSession } from './sessions';

const roomSchema = z.object({ sessionId: z.uuid('must be a session id') });
const ROOM_PREFIX = streamRoom('');

/**
 * How many are watching: the distinct signed-in accounts in the room on every process (through
 * the Redis adapter), less the creator; kept on the session (and its peak) and told to the room.
 * Answers the session's creator too, whom joins and leaves are told to.
 */
async function recount(deps: Deps, sessionId: string, leaving?: string) {
  const room = streamRoom(sessionId);
  const sockets = await deps.realtime.io.in(room).fetchSockets();
  const session = await sessionCreator(deps.db, sessionId);
  if (!session) return 0;
  const viewers = new Set(sockets.map((socket) => socket.data.userId).filter((id) => id && id !== session.performerId && id !== leaving));
  await recordViewerCount(deps.db, sessionId, viewers.size);
  deps.realtime.io.to(room).emit('stream/members', { sessionId, members: viewers.size });
  return viewers.size;
}

/**
 * One recount per session at a time, and the joins and leaves that arrive meanwhile share the
 * next one: a recount walks the whole room and tells everyone in it, so a thousand viewers
 * arriving together cost a few recounts, not a thousand (bench/live.ts). Each caller still gets a
 * count taken after its own change.
 */
function coalescedRecount(deps: Deps) {
  const running = new Map<string, Promise<number>>();
  const waiting = new Map<string, Promise<number>>();
  const start = (sessionId: string) => {
    const counting = recount(deps, sessionId).finally(() => running.delete(sessionId));
    running.set(sessionId, counting);
    return counting;
  };
  return (sessionId: string) => {
    const next = waiting.get(sessionId);
    if (next) return next;
    const current = running.get(sessionId);
    if (!current) return start(sessionId);
    const queued = current
      .catch(() => undefined)
      .then(() => {
        waiting.delete(sessionId);
        return start(sessionId);
      });
    waiting.set(sessionId, queued);
    return queued;
  };
}

/**
 * Live rooms over the existing sockets: `stream/join` enters a session's room only for those
 * who may watch it (the same rule as `GET /streaming/join/{id}`: a blocked fan is refused with
 * the block's message), `stream/leave` and a disconnect leave it; every change recounts. Who
 * joined or left is told to the creator only: the room hears the count.
 */
export function registerStreamingEvents(deps: Deps) {
  const recountSoon = coalescedRecount(deps);
  const tellCreator = async (sessionId: string, event: 'stream/member_joined' | 'stream/member_left', userId: string) => {
    const session = await sessionCreator(deps.db, sessionId);
    if (session) deps.realtime.io.to(userRoom(session.performerId)).emit(event, { sessionId, userId });
  };
  handleLive(deps, 'stream/join', async (userId, payload, socket) => {
    const { sessionId } = roomSchema.parse(payload);
    const viewer = await findById(deps.db, userId);
    if (!viewer) throw unauthenticated();
    const { row } = await watchableSession(deps, viewer, sessionId);
    socket.join(streamRoom(sessionId));
    deps.realtime.io.to(userRoom(row.performerId)).emit('stream/member_joined', { sessionId, userId });
    return { members: await recountSoon(sessionId) };
  });
  handleLive(deps, 'stream/leave', async (userId, payload, socket) => {
    const { sessionId } = roomSchema.parse(payload);
    // Leaving a room never joined tells nobody anything (issue 28: each one reached the creator).
    if (!socket.inRoom(streamRoom(sessionId))) return;
    socket.leave(streamRoom(sessionId));
    await tellCreator(sessionId, 'stream/member_left', userId);
    await recountSoon(sessionId);
  });
  deps.realtime.onDisconnect(async (userId, rooms) => {
    for (const room of rooms) {
      if (!room.startsWith(ROOM_PREFIX)) continue;
      const sessionId = room.slice(ROOM_PREFIX.length);
      await tellCreator(sessionId, 'stream/member_left', userId);
      await recountSoon(sessionId);
    }
  });
}

/**
 * A creator blocked a viewer: their sockets leave the creator's live room at once (on every
 * process), and the count follows. Their next join, line and tip are refused by the policy.
 */
export async function leaveCreatorRooms(deps: Deps, performerId: string, userId: string) {
  const live = await liveSessionIdsOf(deps.db, performerId);
  for (const { id } of live) {
    // Their live links stop working here at once, and their next join is refused.
    deps.live.deny(id, userId);
    // This process's sockets leave at once; with Redis the others' leave when the request reaches
    // them, so the count leaves the user out rather than wait for it.
    deps.realtime.io.local.in(userRoom(userId)).socketsLeave(streamRoom(id));
    deps.realtime.io.in(userRoom(userId)).socketsLeave(streamRoom(id));
    deps.realtime.io.to(userRoom(performerId)).emit('stream/member_left', { sessionId: id, userId });
    await recount(deps, id, userId);
  }
}
