import type { MediaFile } from '@limelight/contracts';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { setVolume } from '../lib/theme';

/** The browser's player, starting at the volume this visitor last chose (spec 3, Player settings). */
export function VideoPlayer({ video, label }: { video: MediaFile; label: string }) {
  const volume = useAppSelector((state) => state.preferences.volume);
  const dispatch = useAppDispatch();
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
      aria-label={label}
      ref={(element) => {
        if (element) element.volume = volume;
      }}
      onVolumeChange={(event) => dispatch(setVolume(event.currentTarget.volume))}
    />
  );
}
