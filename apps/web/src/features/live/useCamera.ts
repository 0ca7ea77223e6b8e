import { useCallback, useEffect, useRef, useState } from 'react';

/** Turns a camera and microphone off (their light goes out). */
export function stopTracks(stream: MediaStream | undefined) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

export type Devices = { cameras: MediaDeviceInfo[]; microphones: MediaDeviceInfo[] };

const problemOf = (error: unknown) =>
  error instanceof DOMException && error.name === 'NotAllowedError'
    ? 'Allow this site to use your camera and microphone to broadcast from the browser'
    : 'No camera or microphone could be opened';

/**
 * The creator's camera and microphone for the studio: the chosen devices (their names are known
 * only once access was granted), a stream for the preview and the broadcast, and mute.
 */
export function useCamera(enabled: boolean) {
  const [stream, setStream] = useState<MediaStream>();
  const [devices, setDevices] = useState<Devices>({ cameras: [], microphones: [] });
  const [cameraId, setCameraId] = useState<string>();
  const [microphoneId, setMicrophoneId] = useState<string>();
  const [muted, setMuted] = useState(false);
  const [problem, setProblem] = useState<string>();
  const current = useRef<MediaStream>(undefined);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({
        video: cameraId ? { deviceId: { exact: cameraId } } : { width: 1280, height: 720 },
        audio: microphoneId ? { deviceId: { exact: microphoneId } } : true,
      })
      .then(async (next) => {
        if (cancelled) return stopTracks(next);
        stopTracks(current.current);
        current.current = next;
        setStream(next);
        setProblem(undefined);
        const all = await navigator.mediaDevices.enumerateDevices();
        setDevices({
          cameras: all.filter((device) => device.kind === 'videoinput'),
          microphones: all.filter((device) => device.kind === 'audioinput'),
        });
      })
      .catch((error: unknown) => {
        if (!cancelled) setProblem(problemOf(error));
      });
    return () => {
      cancelled = true;
    };
  }, [enabled, cameraId, microphoneId]);

  // The camera's light goes off when the studio closes.
  useEffect(
    () => () => {
      stopTracks(current.current);
      current.current = undefined;
    },
    [],
  );
  useEffect(() => {
    for (const track of stream?.getAudioTracks() ?? []) track.enabled = !muted;
  }, [stream, muted]);

  const toggleMute = useCallback(() => setMuted((value) => !value), []);
  const activeCamera = cameraId ?? stream?.getVideoTracks()[0]?.getSettings().deviceId;
  const activeMicrophone = microphoneId ?? stream?.getAudioTracks()[0]?.getSettings().deviceId;
  return { stream, devices, activeCamera, activeMicrophone, setCameraId, setMicrophoneId, muted, toggleMute, problem };
}
