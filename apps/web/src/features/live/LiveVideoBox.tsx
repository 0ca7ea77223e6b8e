import { SoundOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type ReactNode, type RefObject, useCallback, useRef, useState } from 'react';
import { usePlayerVolume } from '../../shared/hooks/usePlayerVolume';

/**
 * The live picture's element and its sound state, shared by the built-in (HLS) and the Agora
 * players: `play` starts it, muted (with an Unmute button) when the browser refuses sound
 * without a gesture.
 */
export function useLiveVideo() {
  const video = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(false);
  const play = useCallback(
    (element: HTMLVideoElement) =>
      element.play().catch(() => {
        element.muted = true;
        setMuted(true);
        return element.play().catch(() => undefined);
      }),
    [],
  );
  return { video, muted, setMuted, play };
}

/**
 * The player box: the video with the viewer's volume, a Live marker while it plays, Unmute when
 * it plays muted, and `overlay` (waiting or failed) in its place otherwise.
 */
export function LiveVideoBox({
  live,
  label,
  playing,
  onPlaying,
  onError,
  overlay,
  media,
}: {
  live: ReturnType<typeof useLiveVideo>;
  label: string;
  playing: boolean;
  onPlaying: () => void;
  onError?: () => void;
  overlay: ReactNode;
  /** Which path plays it (`data-media`), for tests. */
  media?: string;
}) {
  const { volume, remember } = usePlayerVolume();
  const video: RefObject<HTMLVideoElement | null> = live.video;
  return (
    <div className="live-player">
      {/* biome-ignore lint/a11y/useMediaCaption: a live picture has no caption track. */}
      <video
        ref={(element) => {
          video.current = element;
          if (element) element.volume = volume;
        }}
        aria-label={label}
        playsInline
        controls={playing}
        onPlaying={onPlaying}
        onVolumeChange={(event) => {
          live.setMuted(event.currentTarget.muted);
          remember(event.currentTarget.volume);
        }}
        onError={onError}
        data-testid="live-video"
        data-media={media}
      />
      {playing && (
        <span className="live-indicator" role="status">
          Live
        </span>
      )}
      {!playing && overlay}
      {playing && live.muted && (
        <Button
          className="live-unmute"
          icon={<SoundOutlined aria-hidden />}
          onClick={() => {
            if (video.current) video.current.muted = false;
          }}
        >
          Unmute
        </Button>
      )}
    </div>
  );
}
