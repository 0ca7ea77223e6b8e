import { PagedGrid, useGridPage } from '../../shared/ui/PagedGrid';
import { useListBookmarkedVideosQuery, useSearchVideosQuery } from './api';
import { VideoCard } from './VideoCard';

/** A creator's published videos, newest first. */
export function CreatorVideos({ performerId, empty }: { performerId: string; empty: string }) {
  const { data, isLoading } = useSearchVideosQuery({ performerId, sortBy: 'createdAt', ...useGridPage() });
  return (
    <PagedGrid
      data={data}
      isLoading={isLoading}
      empty={empty}
      keyOf={(video) => video._id}
      render={(video) => <VideoCard video={video} />}
    />
  );
}

export function BookmarkedVideos() {
  const { data, isLoading } = useListBookmarkedVideosQuery(useGridPage());
  return (
    <PagedGrid
      data={data}
      isLoading={isLoading}
      empty="No bookmarked videos yet. Use the bookmark button under a video to keep it here."
      keyOf={(item) => item._id}
      render={(item) => <VideoCard video={item.video} />}
    />
  );
}
