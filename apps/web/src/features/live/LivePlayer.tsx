import type { Playback } from '@limelight/contracts';
import { Spin } from 'antd';
import type Hls from 'hls.js';
import { useEffect, useRef, useState } from 'react';
import { LiveVideoBox, useLiveVideo } from './LiveVideoBox';

type HlsPlayback = Extract<Playback, { mode: 'hls' }>;

/** Tuned for the live edge with half-second segments: about 1.7 s glass to glass once caught up (bench/live.ts). */
const liveConfig = {
  lowLatencyMode: true,
  liveSyncDuration: 1.0,
  liveMaxLatencyDuration: 5,
  maxLiveSyncPlaybackRate: 1.5,
  liveSyncOnStallIncrease: 0.25,
  backBufferLength: 10,
};
/** A playlist can lag the "ready" signal by a moment under load: the player asks again this often. */
const MANIFEST_RETRY_MS = 1000;

/** The signed folder a playlist is served from: its segments are fetched relative to it. */
const folderOf = (url: string) => url.slice(0, url.lastIndexOf('/') + 1);

/**
 * The live picture: hls.js (loaded with this page only) wherever Media Source works, the
 * browser's own HLS (Safari) otherwise. The playlist's signed link is renewed by the page
 * (`playback` changes): hls.js keeps playing and its next requests take the new signature.
 */
export function LivePlayer({ playback, label, onExpired }: { playback: HlsPlayback; label: string; onExpired: () => void }) {
  const live = useLiveVideo();
  const { video, play } = live;
  const [playing, setPlaying] = useState(false);
  // The newest signed folder: requests made with an older one are sent to it instead.
  const currentFolder = useRef('');
  const url = playback.ready ? playback.playlistUrl : null;
  if (url) currentFolder.current = folderOf(url);
  const started = !!url;
  const expired = useRef(onExpired);
  expired.current = onExpired;
  const firstUrl = useRef<string | null>(null);
  firstUrl.current ??= url;
  const native = useRef(false);

  // The browser's own player cannot swap a signature mid-stream: once its link died, it gets the new one.
  useEffect(() => {
    const element = video.current;
    if (native.current && element?.error && url) element.src = url;
  }, [url]);

  useEffect(() => {
    const element = video.current;
    const source = firstUrl.current;
    if (!element || !started || !source) return;
    let hls: Hls | undefined;
    let cancelled = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    void import('hls.js').then(({ default: HlsPlayer }) => {
      if (cancelled) return;
      // Media Source first: Chromium also claims native HLS, but its native player is not tuned for the live edge.
      if (HlsPlayer.isSupported()) {
        const player = new HlsPlayer({
          ...liveConfig,
          xhrSetup: (xhr, requested) => {
            const folder = currentFolder.current;
            const stale = folderOf(requested);
            if (stale !== folder && requested.startsWith(stale)) xhr.open('GET', folder + requested.slice(stale.length), true);
          },
        });
        hls = player;
        player.on(HlsPlayer.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          if (data.type === HlsPlayer.ErrorTypes.NETWORK_ERROR) {
            retry = setTimeout(() => player.loadSource(`${currentFolder.current}index.m3u8`), MANIFEST_RETRY_MS);
          } else player.recoverMediaError();
        });
        player.on(HlsPlayer.Events.MANIFEST_PARSED, () => void play(element));
        player.loadSource(source);
        player.attachMedia(element);
      } else {
        native.current = true;
        element.src = source;
        element.addEventListener('loadedmetadata', () => void play(element), { once: true });
      }
    });
    return () => {
      cancelled = true;
      clearTimeout(retry);
      hls?.destroy();
    };
  }, [started, video, play]);

  return (
    <LiveVideoBox
      live={live}
      label={label}
      playing={playing}
      onPlaying={() => setPlaying(true)}
      // Native HLS has no hook for a renewed signature: the player asks for a new one when its link dies.
      onError={() => expired.current()}
      overlay={
        <div className="live-player-waiting" role="status">
          <Spin />
          <span>{started ? 'Starting the picture…' : 'Waiting for the creator’s picture…'}</span>
        </div>
      }
    />
  );
}
