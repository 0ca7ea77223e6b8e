import { PagedGrid, useGridPage } from '../../shared/ui/PagedGrid';
import { useListBookmarkedGalleriesQuery, useSearchGalleriesQuery } from './api';
import { GalleryCard } from './GalleryCard';

/** A creator's published galleries, newest first. */
export function CreatorGalleries({ performerId, empty }: { performerId: string; empty: string }) {
  const { data, isLoading } = useSearchGalleriesQuery({ performerId, sortBy: 'createdAt', ...useGridPage() });
  return (
    <PagedGrid
      data={data}
      isLoading={isLoading}
      empty={empty}
      keyOf={(gallery) => gallery._id}
      render={(gallery) => <GalleryCard gallery={gallery} />}
    />
  );
}

export function BookmarkedGalleries() {
  const { data, isLoading } = useListBookmarkedGalleriesQuery(useGridPage());
  return (
    <PagedGrid
      data={data}
      isLoading={isLoading}
      empty="No bookmarked galleries yet. Use the bookmark button under a gallery to keep it here."
      keyOf={(item) => item._id}
      render={(item) => <GalleryCard gallery={item.gallery} />}
    />
  );
}
