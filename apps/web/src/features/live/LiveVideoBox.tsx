import { FullscreenOutlined, MutedOutlined, SoundOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Slider, type ThemeConfig } from 'antd';
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

/** The volume slider's colours and size on the picture (whatever the site's theme). */
const onPicture: ThemeConfig = {
  components: {
    Slider: {
      controlSize: 24,
      handleSize: 14,
      handleSizeHover: 16,
      railSize: 4,
      railBg: 'rgba(255, 255, 255, 0.35)',
      railHoverBg: 'rgba(255, 255, 255, 0.5)',
      trackBg: '#fff',
      trackHoverBg: '#fff',
      handleColor: '#fff',
      handleActiveColor: '#fff',
      handleActiveOutlineColor: 'rgba(255, 255, 255, 0.4)',
      dotActiveBorderColor: '#fff',
    },
  },
};

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
      {/* On the picture's dark foot in either theme: a white slider, tall enough to hit on a phone (24 px). */}
      <ConfigProvider theme={onPicture}>
        <Slider
          className="live-volume"
          min={0}
          max={100}
          step={5}
          value={live.muted ? 0 : Math.round(volume * 100)}
          tooltip={{ formatter: (value) => `${value ?? 0}%` }}
          ariaLabelForHandle="Volume"
          onChange={(percent) => {
            if (!element) return;
            element.muted = percent === 0;
            if (percent > 0) element.volume = percent / 100;
          }}
        />
      </ConfigProvider>
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
