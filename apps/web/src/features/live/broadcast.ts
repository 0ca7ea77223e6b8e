import type { AppSocket } from '../../shared/lib/socket';
import { type AgoraTokenSource, joinAgora, leaveAgora, publishStream } from './agora';

/**
 * The recorder's container: Matroska with H.264 where offered (Chromium), which the server
 * packages without re-encoding; else WebM VP8 (Firefox), which it transcodes.
 */
export function recorderMimeType() {
  const preferred = 'video/x-matroska;codecs=avc1,opus';
  return MediaRecorder.isTypeSupported(preferred) ? preferred : 'video/webm;codecs=vp8,opus';
}

/** How long the server may take to accept a broadcast before the studio says it failed. */
const START_TIMEOUT_MS = 10_000;
/** Recorder chunks this long: short enough for low delay, long enough to keep the socket calm (research §3). */
const CHUNK_MS = 200;

/**
 * Sends the camera to the server over the socket: `live/start` (acknowledged), then each
 * recorder chunk as one binary `live/chunk`, in order, until the returned stop is called.
 */
export async function startBroadcast(socket: AppSocket, sessionId: string, stream: MediaStream): Promise<() => void> {
  const mimeType = recorderMimeType();
  const answer = await socket.timeout(START_TIMEOUT_MS).emitWithAck('live/start', { sessionId, mimeType });
  if (!answer.ok) throw new Error(answer.message);
  // A keyframe every half second: the server cuts half-second segments there, which keeps the
  // picture within about 2 s of the camera (bench/live.ts; 1 s segments gave about 2.5 s).
  const recorder = new MediaRecorder(stream, { mimeType, videoKeyFrameIntervalDuration: 500 } as MediaRecorderOptions);
  // Blob reads finish in any order; chained, the chunks leave in the recorder's order.
  let sending = Promise.resolve();
  recorder.ondataavailable = (event) => {
    if (!event.data.size) return;
    sending = sending.then(() => event.data.arrayBuffer()).then((buffer) => void socket.emit('live/chunk', buffer));
  };
  // The last chunk comes after stop(): the server hears the end after it.
  recorder.onstop = () => void sending.then(() => socket.emit('live/stop', { sessionId }));
  recorder.start(CHUNK_MS);
  return () => {
    if (recorder.state !== 'inactive') recorder.stop();
  };
}

/**
 * Sends the camera through Agora instead, when Agora carries the site's video: the creator joins
 * the session's channel as host with a publisher token and publishes the open camera and
 * microphone. The returned stop unpublishes and leaves.
 */
export async function startAgoraBroadcast(getToken: AgoraTokenSource, stream: MediaStream): Promise<() => void> {
  const { AgoraRTC, client } = await joinAgora(getToken, 'host');
  try {
    await publishStream(AgoraRTC, client, stream);
  } catch (error) {
    await leaveAgora(client);
    throw error;
  }
  return () => void leaveAgora(client);
}
