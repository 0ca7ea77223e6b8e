import { FullscreenOutlined, MutedOutlined, SoundOutlined } from '@ant-design/icons';
import { Button, Slider } from 'antd';
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
 * it plays muted, and `overlay` (waiting or failed) in its place otherwise. The browser's own
 * controls would show a seek bar and a duration, which a live picture has not: ours are sound,
 * volume and full screen.
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
      {playing && <LiveControls live={live} volume={volume} />}
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

/** Sound on or off, the volume and full screen: the controls a live picture has. */
function LiveControls({ live, volume }: { live: ReturnType<typeof useLiveVideo>; volume: number }) {
  const element = live.video.current;
  return (
    <div className="live-controls">
      <Button
        type="text"
        size="small"
        icon={live.muted ? <MutedOutlined aria-hidden /> : <SoundOutlined aria-hidden />}
        aria-label={live.muted ? 'Unmute' : 'Mute'}
        onClick={() => {
          if (element) element.muted = !element.muted;
        }}
      />
      <Slider
        className="live-volume"
        min={0}
        max={1}
        step={0.05}
        value={live.muted ? 0 : volume}
        tooltip={{ formatter: (value) => `${Math.round((value ?? 0) * 100)}%` }}
        ariaLabelForHandle="Volume"
        onChange={(value) => {
          if (!element) return;
          element.muted = value === 0;
          if (value > 0) element.volume = value;
        }}
      />
      <Button
        type="text"
        size="small"
        icon={<FullscreenOutlined aria-hidden />}
        aria-label="Full screen"
        onClick={() => void element?.parentElement?.requestFullscreen?.()}
      />
    </div>
  );
}
