import type { agoraTokenSchema } from '@limelight/contracts';
import type { IAgoraRTC, IAgoraRTCClient, IAgoraRTCRemoteUser } from 'agora-rtc-sdk-ng';
import type { z } from 'zod';

/** `POST /streaming/agora/token`'s answer: a token for one channel, as the caller's user account. */
export type AgoraToken = z.infer<typeof agoraTokenSchema>;
export type AgoraTokenSource = () => Promise<AgoraToken>;

/** How long joining may take before the page says Agora cannot be reached (the SDK retries for much longer). */
const JOIN_TIMEOUT_MS = 15_000;

export class AgoraUnreachable extends Error {}

let sdk: Promise<IAgoraRTC> | undefined;

/**
 * Agora's SDK (about 1.6 MB): its own chunk, loaded only when the site carries video through
 * Agora. It logs nothing to the console and uploads no logs.
 */
export function loadAgora(): Promise<IAgoraRTC> {
  sdk ??= import('agora-rtc-sdk-ng').then(
    ({ default: AgoraRTC }) => {
      AgoraRTC.setLogLevel(4);
      AgoraRTC.disableLogUpload();
      return AgoraRTC;
    },
    (error: unknown) => {
      // A chunk that failed to arrive (a dropped connection) is asked for again next time.
      sdk = undefined;
      throw error;
    },
  );
  return sdk;
}

/**
 * A client in the token's channel: a host (publishes) or the audience. Its token is renewed
 * before it expires. Refused with `AgoraUnreachable` when Agora does not answer in time.
 */
export async function joinAgora(getToken: AgoraTokenSource, role: 'host' | 'audience') {
  const [AgoraRTC, first] = await Promise.all([loadAgora(), getToken()]);
  const client = AgoraRTC.createClient({ mode: 'live', codec: 'vp8' });
  await client.setClientRole(role);
  const renew = () =>
    void getToken()
      .then((next) => client.renewToken(next.token))
      .catch(() => undefined);
  client.on('token-privilege-will-expire', renew);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AgoraUnreachable('Agora did not answer')), JOIN_TIMEOUT_MS);
  });
  try {
    await Promise.race([client.join(first.appId, first.channel, first.token, first.uid), timedOut]);
  } catch (error) {
    void client.leave().catch(() => undefined);
    throw error instanceof AgoraUnreachable ? error : new AgoraUnreachable(error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
  }
  return { AgoraRTC, client };
}

/** Publishes the camera and microphone already open (the studio's or the call's chosen devices) in the channel. */
export async function publishStream(AgoraRTC: IAgoraRTC, client: IAgoraRTCClient, stream: MediaStream) {
  const tracks = [
    ...stream
      .getVideoTracks()
      .slice(0, 1)
      .map((track) => AgoraRTC.createCustomVideoTrack({ mediaStreamTrack: track })),
    ...stream
      .getAudioTracks()
      .slice(0, 1)
      .map((track) => AgoraRTC.createCustomAudioTrack({ mediaStreamTrack: track })),
  ];
  await client.publish(tracks);
  return tracks;
}

/**
 * The remote host's picture and sound as one MediaStream for a plain `<video>`: each track is
 * subscribed when published and dropped when unpublished. `onChange` hears the stream (or
 * undefined when nobody publishes).
 */
export function followRemote(client: IAgoraRTCClient, onChange: (stream: MediaStream | undefined, user?: IAgoraRTCRemoteUser) => void) {
  const show = (user: IAgoraRTCRemoteUser) => {
    const tracks = [user.videoTrack, user.audioTrack].flatMap((track) => (track ? [track.getMediaStreamTrack()] : []));
    onChange(tracks.length ? new MediaStream(tracks) : undefined, user);
  };
  client.on('user-published', async (user, mediaType) => {
    if (mediaType !== 'audio' && mediaType !== 'video') return;
    await client.subscribe(user, mediaType).catch(() => undefined);
    show(user);
  });
  client.on('user-unpublished', (user) => show(user));
  client.on('user-left', () => onChange(undefined));
}

/**
 * Leaves the channel. What this side published is unpublished, not closed: closing would stop
 * the camera, which stays with its owner (the studio's preview keeps showing).
 */
export async function leaveAgora(client: IAgoraRTCClient | undefined) {
  if (!client) return;
  client.removeAllListeners();
  await client.unpublish().catch(() => undefined);
  await client.leave().catch(() => undefined);
}
