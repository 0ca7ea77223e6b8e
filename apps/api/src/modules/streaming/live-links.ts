import type { Deps } from '../../deps';
import { PLAYLIST } from '../../platform/live-store';

/** How long a viewer's live link works: the player renews it by joining again (which re-checks the viewer), about every 5 minutes. */
export const LIVE_LINK_TTL_SECONDS = 10 * 60;

const subjectOf = (sessionId: string, viewerId: string) => `live:${sessionId}:${viewerId}`;

/**
 * A viewer's signed playlist URL, `/api/live/{sessionId}/{exp}.{viewerId}.{sig}/index.m3u8`: the
 * token is part of the path, so the playlist's relative segment URLs carry it with no rewriting.
 */
export function livePlaylistLink(deps: Pick<Deps, 'mediaSigner'>, sessionId: string, viewerId: string) {
  const expires = Math.floor(Date.now() / 1000) + LIVE_LINK_TTL_SECONDS;
  const token = `${expires}.${viewerId}.${deps.mediaSigner.signFor(subjectOf(sessionId, viewerId), expires)}`;
  return { playlistUrl: `/api/live/${sessionId}/${token}/${PLAYLIST}`, expiresAt: new Date(expires * 1000).toISOString() };
}

/** The viewer a live token was signed for, or undefined when it is forged, expired or for another session. */
export function liveViewerOf(deps: Pick<Deps, 'mediaSigner'>, sessionId: string, token: string) {
  const [expires, viewerId, signature, ...rest] = token.split('.');
  if (rest.length || !viewerId) return undefined;
  return deps.mediaSigner.checkFor(subjectOf(sessionId, viewerId), expires, signature) ? viewerId : undefined;
}
