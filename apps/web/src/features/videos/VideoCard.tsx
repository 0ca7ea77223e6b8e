import type { Video } from '@limelight/contracts';
import { formatDuration } from '../../shared/lib/dates';
import { LibraryCard } from '../../shared/ui/LibraryCard';

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
