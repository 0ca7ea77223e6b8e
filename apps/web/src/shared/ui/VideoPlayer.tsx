import type { MediaFile } from '@limelight/contracts';
import { usePlayerVolume } from '../hooks/usePlayerVolume';

/** The browser's player, starting at the players' volume (spec 3, Player settings). */
export function VideoPlayer({ video, label }: { video: MediaFile; label: string }) {
  const { volume, remember } = usePlayerVolume();
  if (!video.url) return null;
  return (
    // biome-ignore lint/a11y/useMediaCaption: creators upload no caption tracks yet.
    <video
      className="video-player"
      controls
      preload="metadata"
      playsInline
      src={video.url}
      poster={video.thumbnailUrl ?? undefined}
      // Its shape before its poster or first frame comes (else 16:9, styles.css): nothing below it moves then.
      style={video.width && video.height ? { aspectRatio: `${video.width} / ${video.height}` } : undefined}
      aria-label={label}
      ref={(element) => {
        if (element) element.volume = volume;
      }}
      onVolumeChange={(event) => remember(event.currentTarget.volume)}
    />
  );
}
