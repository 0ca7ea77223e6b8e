import { createHmac } from 'node:crypto';
import { agoraPrivateChannelOf, type IceServer, type PrivateCall, privateSignalPayloadSchema } from '@limelight/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { assertMay, assertMayCall, isSelf } from '../access';
import { queueGoneCheck, startShow } from './billing';
import { handleLive } from './open';
import { endPrivateShow, findShow, present, privateShowRoom } from './private-shows';
import { agoraConfigured } from './sessions';

/** WebRTC sends its offer, answer and a burst of candidates at once, then little. */
const SIGNALS_LIMIT = { burst: 60, perSecond: 20 };

/** TURN credentials last a day: longer than any show, short enough that a leaked one expires. */
const TURN_CREDENTIAL_SECONDS = 24 * 60 * 60;
const showSchema = z.object({ showId: z.uuid('must be a private show id') });
const ROOM_PREFIX = privateShowRoom('');

/**
 * The STUN and TURN servers of the setting `iceServerUrls` (none by default: on one network the
 * browsers find each other). With `turnSecret` set, TURN servers carry the TURN REST scheme's
 * credentials (coturn's `use-auth-secret`): the user name is the expiry time and the account, the
 * password its HMAC-SHA1 under the shared secret, so the TURN server checks them without us.
 */
export function iceServersFor(deps: Pick<Deps, 'settings'>, userId: string): IceServer[] {
  const urls = deps.settings
    .get('iceServerUrls')
    .split(/[\s,]+/)
    .filter(Boolean);
  const stun = urls.filter((url) => url.startsWith('stun:'));
  const turn = urls.filter((url) => !url.startsWith('stun:'));
  const servers: IceServer[] = stun.length ? [{ urls: stun }] : [];
  if (!turn.length) return servers;
  const secret = deps.settings.get('turnSecret');
  if (!secret) return [...servers, { urls: turn }];
  const username = `${Math.floor(Date.now() / 1000) + TURN_CREDENTIAL_SECONDS}:${userId}`;
  return [...servers, { urls: turn, username, credential: createHmac('sha1', secret).update(username).digest('base64') }];
}

/**
 * `GET /streaming/private-requests/{id}/call`: what a party needs to place the call, in one read.
 * Only the show's two people, while accepted or live (`assertMayCall`). The fan calls (makes the
 * offer), the creator answers.
 */
export async function privateCall(deps: Deps, viewer: SessionUser, id: string): Promise<PrivateCall> {
  const show = await findShow(deps, id);
  await assertMayCall(deps.db, viewer.id, show);
  const [request] = await present(deps, [show]);
  return {
    request: request!,
    role: isSelf(viewer, show.userId) ? 'caller' : 'callee',
    media: agoraConfigured(deps)
      ? { mode: 'agora', appId: deps.settings.get('agoraAppId'), channel: agoraPrivateChannelOf(show.id) }
      : { mode: 'webrtc', iceServers: iceServersFor(deps, viewer.id) },
  };
}

/**
 * A private show's call over the existing sockets: signalling relayed to the other party's user
 * room (so it crosses processes through the Redis adapter), `private/connected` entering the
 * show's room (the show goes live once both parties are in it), `private/hangup`, and a party whose
 * last socket left the room ending the show after the grace unless they come back.
 */
export function registerPrivateShowEvents(deps: Deps) {
  handleLive(
    deps,
    'private/signal',
    async (userId, payload) => {
      const { showId, signal } = privateSignalPayloadSchema.parse(payload);
      const show = await findShow(deps, showId);
      await assertMayCall(deps.db, userId, show);
      const otherId = userId === show.userId ? show.performerId : show.userId;
      deps.realtime.toUser(otherId).emit('private/signal', { showId, fromUserId: userId, signal });
    },
    SIGNALS_LIMIT,
  );
  handleLive(deps, 'private/connected', async (userId, payload, socket) => {
    const { showId } = showSchema.parse(payload);
    const show = await findShow(deps, showId);
    await assertMayCall(deps.db, userId, show);
    socket.join(privateShowRoom(showId));
    if (show.status !== 'accepted') return;
    // Each party joins before it looks, so whichever looks last sees both, on any process.
    const inRoom = new Set((await deps.realtime.io.in(privateShowRoom(showId)).fetchSockets()).map((peer) => peer.data.userId));
    if (inRoom.has(show.userId) && inRoom.has(show.performerId)) await startShow(deps, showId);
  });
  handleLive(deps, 'private/hangup', async (userId, payload) => {
    const { showId } = showSchema.parse(payload);
    const show = await findShow(deps, showId);
    // Either party may always hang up (a blocked one too); to anyone else the show does not exist.
    assertMay({ id: userId }, 'privateShow.takePart', show, () => notFound('Private show'));
    await endPrivateShow(deps, showId, userId === show.userId ? 'fan' : 'performer');
  });
  deps.realtime.onDisconnect(async (userId, rooms) => {
    for (const room of rooms) {
      if (room.startsWith(ROOM_PREFIX)) await queueGoneCheck(deps, room.slice(ROOM_PREFIX.length), userId);
    }
  });
}
