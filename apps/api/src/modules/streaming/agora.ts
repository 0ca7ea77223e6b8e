import { AGORA_TOKEN_SECONDS, agoraChannelOf, agoraPrivateChannelOf, ErrorCode } from '@limelight/contracts';
import type * as AgoraToken from 'agora-token';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { lazyRequire } from '../../platform/lazy';
import { assertMayCall, may } from '../access';
import { findShow } from './private-shows';
import { agoraConfigured, watchableSession } from './sessions';

/** The official token builder, loaded on the first token (decision 019: lazy SDKs). */
const agora = lazyRequire<typeof AgoraToken>('agora-token');

/** The channel a token is for and whether the caller publishes in it: a session's creator, or either party of a private show. */
async function channelFor(deps: Deps, caller: SessionUser, input: { sessionId?: string; showId?: string }) {
  if (input.showId) {
    const show = await findShow(deps, input.showId);
    await assertMayCall(deps.db, caller.id, show);
    return { channel: agoraPrivateChannelOf(show.id), isPublisher: true };
  }
  const { row } = await watchableSession(deps, caller, input.sessionId!);
  return { channel: agoraChannelOf(row.id), isPublisher: may(caller, 'live.broadcast', row) };
}

/**
 * `POST /streaming/agora/token`: an RTC token (AccessToken2, valid one hour) for the caller's
 * account (their id as Agora's user account) in the session's channel: a publisher's for its
 * creator, a subscriber's for a viewer who may watch; or in a private show's channel, a
 * publisher's for each of its two parties. Refused unless the admin turned Agora on with an app
 * id and certificate; the certificate stays here.
 */
export async function agoraToken(deps: Deps, caller: SessionUser, input: { sessionId?: string; showId?: string }) {
  if (!agoraConfigured(deps)) {
    throw new AppError(503, ErrorCode.providerNotConfigured, 'Live video through Agora is not set up on this site');
  }
  const { channel, isPublisher } = await channelFor(deps, caller, input);
  const { RtcTokenBuilder, RtcRole } = agora();
  const appId = deps.settings.get('agoraAppId');
  const token = RtcTokenBuilder.buildTokenWithUserAccount(
    appId,
    deps.settings.get('agoraCertificate'),
    channel,
    caller.id,
    isPublisher ? RtcRole.PUBLISHER : RtcRole.SUBSCRIBER,
    AGORA_TOKEN_SECONDS,
    AGORA_TOKEN_SECONDS,
  );
  return {
    appId,
    channel,
    uid: caller.id,
    token,
    role: isPublisher ? ('publisher' as const) : ('subscriber' as const),
    expiresAt: new Date(Date.now() + AGORA_TOKEN_SECONDS * 1000).toISOString(),
  };
}
