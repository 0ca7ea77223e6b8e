import type { Video } from '@limelight/contracts';
import { LibraryCard } from '../../shared/ui/LibraryCard';

/** m:ss or h:mm:ss. */
export const formatDuration = (seconds: number) => {
  const whole = Math.round(seconds);
  const [hours, minutes, secs] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours ? `${hours}:${pad(minutes)}:${pad(secs)}` : `${minutes}:${pad(secs)}`;
};

/** The picture a video shows before it plays: the creator's thumbnail, else a frame, else its blurred preview. */
export const videoPoster = (video: Video) => video.thumbnail?.url ?? video.video?.thumbnailUrl ?? video.video?.previewUrl;

export function VideoCard({ video }: { video: Video }) {
  return (
    <LibraryCard
      to={`/video/${video._id}`}
      image={videoPoster(video)}
      title={video.title}
      isSale={video.isSale}
      price={video.price}
      canView={video.canView}
      views={video.stats.views}
      likes={video.stats.likes}
      badge={video.video?.duration ? formatDuration(video.video.duration) : undefined}
    />
  );
}
