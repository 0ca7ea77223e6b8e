import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  type adminSessionQuerySchema,
  agoraChannelOf,
  fromCents,
  type goLiveSchema,
  type LiveSession,
  type liveSearchQuerySchema,
  type Playback,
  type SessionEndReason,
  type StreamSettings,
  streamRoom,
  toCents,
  type UpdateSessionInput,
  type updateStreamSchema,
} from '@limelight/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { streamSessions, streams } from '../../db/schema/streaming';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../platform/errors';
import { uniqueViolation } from '../../platform/http';
import { assertMay, assertMayWatch, isAdmin, isSelf, watchFacts, watchFrom } from '../access';
import { openRoomConversation } from '../messages';
import { tellFans } from '../notifications';
import { creatorPreview } from '../performers';
import { publicUsersById } from '../users';
import { livePlaylistLink } from './live-links';
import { assertLiveStreamingOn } from './open';
import { creatorIsListed } from './repo/people';
import {
  adminSessionsPage,
  endLiveSession,
  endLiveSessionsOf,
  endQuietSessions,
  insertSession,
  liveSessionsPage,
  reportDuration,
  sessionById,
  setLiveSessionTerms,
  visibleSession,
} from './repo/sessions';
import { privateShowPrices, saveStreamSettings, streamByKeyHash, streamOf } from './repo/streams';

export type SessionRow = typeof streamSessions.$inferSelect;
type StreamRow = typeof streams.$inferSelect;

/** A session as one viewer sees it, with whether they may watch: a page at once (five queries). */
export async function presentSessions(deps: Pick<Deps, 'db'>, viewer: SessionUser | undefined, rows: SessionRow[]): Promise<LiveSession[]> {
  if (!rows.length) return [];
  const [people, facts, prices] = await Promise.all([
    publicUsersById(
      deps.db,
      rows.map((row) => row.performerId),
    ),
    watchFacts(deps.db, viewer, rows),
    privateShowPrices(
      deps.db,
      rows.map((row) => row.streamId),
    ),
  ]);
  const privateShowCents = new Map(prices.map((price) => [price.id, price.cents]));
  return rows.map((row) => {
    const watch = watchFrom(viewer, row, facts.get(row.id)!);
    return {
      _id: row.id,
      performerId: row.performerId,
      performer: people.get(row.performerId)!,
      title: row.title,
      description: row.description,
      access: row.access,
      price: fromCents(row.priceCents),
      privateShowPrice: fromCents(privateShowCents.get(row.streamId) ?? 0),
      status: row.status,
      endedReason: row.endedReason,
      conversationId: row.conversationId,
      duration: row.durationSeconds,
      viewerCount: row.viewerCount,
      peakViewerCount: row.peakViewerCount,
      startedAt: row.startedAt.toISOString(),
      endedAt: row.endedAt?.toISOString() ?? null,
      ...watch,
    };
  });
}

export const presentSession = async (deps: Pick<Deps, 'db'>, viewer: SessionUser | undefined, row: SessionRow) =>
  (await presentSessions(deps, viewer, [row]))[0]!;

export async function findSession(db: Queryable, id: string) {
  const row = await sessionById(db, id);
  if (!row) throw notFound('Live session');
  return row;
}

/** A session its creator (or an admin) manages; anyone else is told it does not exist. */
export async function ownSession(db: Queryable, actor: SessionUser, id: string) {
  const row = await findSession(db, id).catch(() => undefined);
  return assertMay(actor, 'live.manage', row, () => notFound('Live session'));
}

const ended = () => conflict('This live session has ended');

/** A session's or a private show's price within the site's limits, in cents; 400 naming the field otherwise. */
export function priceWithinLimits(deps: Pick<Deps, 'settings'>, field: string, price: number) {
  const [min, max] = [deps.settings.get('minimumStreamPrice'), deps.settings.get('maximumStreamPrice')];
  if (price < min || price > max) {
    throw badRequest(`${field}: must be between ${min} and ${max} tokens`, [{ field, message: `must be between ${min} and ${max}` }]);
  }
  return toCents(price);
}

/** A creator sells only once an admin verified them (the payee rule, decision 011). */
async function assertMaySell(db: Queryable, performer: SessionUser) {
  if (!(await creatorIsListed(db, performer.id)))
    throw forbidden('An admin must verify your identity documents before you can sell a live session');
}

/**
 * `POST /streaming/live`: a new session and its public chat. One live session per creator: a
 * second is refused while the first runs (also when both are asked at once: a unique index).
 */
export async function goLive(deps: Deps, performer: SessionUser, input: z.output<typeof goLiveSchema>) {
  assertLiveStreamingOn(deps);
  const priceCents = input.access === 'paid' ? priceWithinLimits(deps, 'price', input.price ?? 0) : 0;
  if (priceCents) await assertMaySell(deps.db, performer);
  const row = await deps.db
    .transaction(async (tx) => {
      const stream = await streamOf(tx, performer.id);
      const id = randomUUID();
      const conversationId = await openRoomConversation(tx, { type: 'stream', pairKey: `stream:${id}`, startedBy: performer.id });
      const session = await insertSession(tx, {
        id,
        streamId: stream.id,
        performerId: performer.id,
        conversationId,
        title: input.title ?? stream.title,
        description: input.description ?? stream.description,
        access: input.access,
        priceCents,
      });
      // Those who may watch hear of it (a job tells them in batches, after this commits): subscribers, and followers unless it is for subscribers.
      await tellFans(deps, tx, {
        performerId: performer.id,
        audience: input.access === 'subscribers' ? 'subscribers' : 'all',
        kind: 'live_started',
        sourceId: id,
        link: `/live/${id}`,
        text: `${performer.name} is live now${session.title ? `: ${session.title.slice(0, 80)}` : ''}`,
      });
      return session;
    })
    .catch((error: unknown) => {
      if (uniqueViolation(error) === 'stream_sessions_one_live_idx') throw conflict('You are already live: end that session first');
      throw error;
    });
  return presentSession(deps, performer, row);
}

/**
 * `PUT /streaming/live/{id}`: its creator changes a live session (title, description, who may
 * watch and the price) or ends it. Fans who paid keep their access if it becomes paid again.
 */
export async function updateSession(deps: Deps, actor: SessionUser, id: string, input: UpdateSessionInput) {
  const row = await ownSession(deps.db, actor, id);
  if (row.status !== 'live') throw ended();
  if (input.status === 'ended') {
    const done = await endSession(deps, id, isAdmin(actor) && !isSelf(actor, row.performerId) ? 'admin' : 'performer');
    return presentSession(deps, actor, done ?? (await findSession(deps.db, id)));
  }
  const access = input.access ?? row.access;
  let priceCents = row.access === access ? row.priceCents : 0;
  if (input.price !== undefined) {
    if (access !== 'paid')
      throw badRequest('price: only a paid session has a price', [{ field: 'price', message: 'is only for a paid session' }]);
    priceCents = priceWithinLimits(deps, 'price', input.price);
  }
  if (access === 'paid' && !priceCents)
    throw badRequest('price: is required for a paid session', [{ field: 'price', message: 'is required' }]);
  if (access === 'paid' && priceCents !== row.priceCents) await assertMaySell(deps.db, actor);
  const updated = await setLiveSessionTerms(deps.db, id, {
    title: input.title ?? row.title,
    description: input.description ?? row.description,
    access,
    priceCents,
  });
  if (!updated) throw ended();
  deps.realtime.io.to(streamRoom(id)).emit('stream/updated', {
    sessionId: id,
    title: updated.title,
    description: updated.description,
    access: updated.access,
    price: fromCents(updated.priceCents),
  });
  return presentSession(deps, actor, updated);
}

/**
 * Ends a live session once (its creator, an admin, or the heartbeat's grace running out): its
 * room is told and emptied. Undefined when it was not live any more.
 */
export async function endSession(deps: Deps, id: string, reason: SessionEndReason) {
  const row = await endLiveSession(deps.db, id, reason);
  if (row) announceEnded(deps, row.id, reason);
  return row;
}

export function announceEnded(deps: Deps, sessionId: string, reason: SessionEndReason) {
  const room = streamRoom(sessionId);
  deps.realtime.io.to(room).emit('stream/ended', { sessionId, reason });
  deps.realtime.io.in(room).socketsLeave(room);
  // The packager, when it runs here, stops and the stream's files go; elsewhere its next heartbeat finds the end.
  deps.live.end(sessionId).catch((error: unknown) => deps.log.warn({ err: error, sessionId }, 'live files not removed'));
}

/**
 * The periodic task (every process that works jobs may run it; an update takes each row once):
 * sessions whose broadcaster sent no heartbeat for the grace period end by themselves.
 */
export async function endStaleSessions(deps: Deps) {
  const rows = await endQuietSessions(deps.db);
  for (const row of rows) announceEnded(deps, row.id, 'timeout');
  return rows.length;
}

/** Slack for a clock that reports a little ahead of the server's. */
const DURATION_SLACK_SECONDS = 60;

/**
 * `PUT /streaming/set-duration`: the broadcaster's heartbeat and how long it has run. The
 * duration only grows (a late or repeated report changes nothing) and cannot pass the time since
 * the session started.
 */
export async function setDuration(deps: Deps, performer: SessionUser, input: { id: string; duration: number }) {
  const row = await ownSession(deps.db, performer, input.id);
  assertMay(performer, 'live.broadcast', row, () => notFound('Live session'));
  if (row.status !== 'live') throw ended();
  const elapsed = (Date.now() - row.startedAt.getTime()) / 1000;
  if (input.duration > elapsed + DURATION_SLACK_SECONDS) {
    throw unprocessable(`duration: the session started ${Math.floor(elapsed)} seconds ago`, [
      { field: 'duration', message: 'must not pass the time since the session started' },
    ]);
  }
  const updated = await reportDuration(deps.db, input.id, input.duration);
  if (!updated) throw ended();
  return presentSession(deps, performer, updated);
}

const streamKeyHash = (key: string) => createHash('sha256').update(key).digest('hex');

function settingsView(row: StreamRow, streamKey: string | null = null): StreamSettings {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    privateShowPrice: fromCents(row.privateShowPriceCents),
    slowModeSeconds: row.slowModeSeconds,
    hasStreamKey: !!row.streamKeyHash,
    streamKey,
    streamKeyCreatedAt: row.streamKeyCreatedAt?.toISOString() ?? null,
  };
}

/**
 * `PUT /streaming/update`: the creator's stream settings (an empty body reads them). A new RTMP
 * stream key is made on request and shown in this answer only: the record keeps its SHA-256.
 */
export async function updateStream(deps: Deps, performer: SessionUser, input: z.output<typeof updateStreamSchema>) {
  const stream = await streamOf(deps.db, performer.id);
  let privateShowPriceCents = stream.privateShowPriceCents;
  if (input.privateShowPrice !== undefined) {
    privateShowPriceCents = input.privateShowPrice === 0 ? 0 : priceWithinLimits(deps, 'privateShowPrice', input.privateShowPrice);
  }
  if (privateShowPriceCents && privateShowPriceCents !== stream.privateShowPriceCents) await assertMaySell(deps.db, performer);
  const streamKey = input.rotateStreamKey ? `sk_live_${randomBytes(24).toString('base64url')}` : null;
  const updated = await saveStreamSettings(deps.db, stream.id, {
    title: input.title ?? stream.title,
    description: input.description ?? stream.description,
    privateShowPriceCents,
    slowModeSeconds: input.slowModeSeconds ?? stream.slowModeSeconds,
    ...(streamKey ? { streamKeyHash: streamKeyHash(streamKey), streamKeyCreatedAt: new Date() } : {}),
  });
  return settingsView(updated, streamKey);
}

/** The stream a key publishes to (RTMP ingest): by its hash. */
export const streamByKey = (db: Queryable, key: string) => streamByKeyHash(db, streamKeyHash(key));

/** Whether Agora carries this site's video: turned on, with an app id and certificate. */
export const agoraConfigured = (deps: Pick<Deps, 'settings'>) =>
  deps.settings.get('agoraEnable') && !!deps.settings.get('agoraAppId') && !!deps.settings.get('agoraCertificate');

/**
 * How this session plays: the built-in HLS once it has a picture (an OBS stream reaches viewers
 * this way even with Agora on, since RTMP never goes to Agora), a playlist link signed for this
 * viewer; else Agora's channel when the site uses it; else HLS not ready yet (`ready` false and no
 * URL made up: the room hears `stream/ready`).
 */
async function playbackOf(deps: Deps, viewer: SessionUser, row: SessionRow): Promise<Playback> {
  if (await deps.live.isReady(row.id)) return { mode: 'hls', ready: true, ...livePlaylistLink(deps, row.id, viewer.id) };
  if (agoraConfigured(deps)) return { mode: 'agora', appId: deps.settings.get('agoraAppId'), channel: agoraChannelOf(row.id) };
  return { mode: 'hls', ready: false, playlistUrl: null, expiresAt: null };
}

/** `GET /streaming/join/{id}`: what an entitled viewer needs to watch; the rest are told what is missing. */
export async function joinSession(deps: Deps, viewer: SessionUser, id: string) {
  const row = await findSession(deps.db, id);
  await assertMayWatch(deps.db, viewer, row);
  if (row.status !== 'live') throw ended();
  return {
    session: await presentSession(deps, viewer, row),
    conversationId: row.conversationId,
    playback: await playbackOf(deps, viewer, row),
  };
}

/** A live session open to be watched by `viewer` (the socket room, chat, Agora): its row. */
export async function watchableSession(deps: Pick<Deps, 'db'>, viewer: SessionUser, id: string) {
  const row = await findSession(deps.db, id);
  const watch = await assertMayWatch(deps.db, viewer, row);
  if (row.status !== 'live') throw ended();
  return { row, watch };
}

/** A page of sessions as this viewer sees them. */
async function presentPage(
  deps: Deps,
  viewer: SessionUser | undefined,
  { rows, total }: { rows: { session: SessionRow }[]; total: number },
) {
  return {
    data: await presentSessions(
      deps,
      viewer,
      rows.map((row) => row.session),
    ),
    total,
  };
}

/**
 * `GET /streaming/user/search`: who is live now, with viewer counts: public creators only, less
 * those hidden from the viewer by a block (either way) or their country.
 */
export async function searchLive(deps: Deps, viewer: SessionUser | undefined, query: z.output<typeof liveSearchQuerySchema>) {
  return presentPage(deps, viewer, await liveSessionsPage(deps.db, viewer, query));
}

/**
 * `GET /streaming/live/{id}`: a session as this viewer sees it (whether they may watch, its
 * price, its creator's private show price), so a page can ask them to subscribe or pay; ended
 * sessions too. 404 to those its creator is hidden from (a block, a country).
 */
export async function viewSession(deps: Deps, viewer: SessionUser | undefined, id: string) {
  const row = await visibleSession(deps.db, viewer, id);
  if (!row) throw notFound('Live session');
  return presentSession(deps, viewer, row);
}

/**
 * `GET /streaming/live/{id}/preview.jpg`: the picture a shared link to the session unfurls into:
 * its creator's card saying "Live now" while it is on, their page's card once it has ended
 * (decision 080). To whom the session is hidden, 404 as for the session itself.
 */
export async function sessionPreview(deps: Deps, viewer: SessionUser | undefined, id: string) {
  const row = await visibleSession(deps.db, viewer, id);
  if (!row) throw notFound('Live session');
  return creatorPreview(deps, row.performerId, viewer, row.status === 'live' ? 'live' : 'page');
}

/** The creator's own stream settings (`GET /streaming/settings`); the stream key is never shown again. */
export async function streamSettings(deps: Deps, performer: SessionUser) {
  return settingsView(await streamOf(deps.db, performer.id));
}

/** The admin's list of sessions (live ones by default filter). */
export async function adminSessions(deps: Deps, admin: SessionUser, query: z.output<typeof adminSessionQuerySchema>) {
  return presentPage(deps, admin, await adminSessionsPage(deps.db, query));
}

/** The admin ends any session. */
export async function adminEndSession(deps: Deps, admin: SessionUser, id: string) {
  const row = await findSession(deps.db, id);
  if (row.status !== 'live') throw ended();
  const done = await endSession(deps, id, 'admin');
  return presentSession(deps, admin, done ?? (await findSession(deps.db, id)));
}

/** The creator was suspended or banned (decision 045): their live session, if any, ends as an admin's end. */
export async function endSessionsOf(deps: Deps, performerId: string) {
  const rows = await endLiveSessionsOf(deps.db, performerId, 'admin');
  for (const row of rows) announceEnded(deps, row.id, 'admin');
  return rows.length;
}

/**
 * The creator accepted a private show: their public session, if one is live, ends with the
 * reason `private`, so its viewers are told the creator is in a private show and will be back.
 */
export async function endForPrivateShow(deps: Deps, performerId: string) {
  const rows = await endLiveSessionsOf(deps.db, performerId, 'private');
  for (const row of rows) announceEnded(deps, row.id, 'private');
}
