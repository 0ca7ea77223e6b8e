import { PictureOutlined } from '@ant-design/icons';
import type { Gallery } from '@limelight/contracts';
import { LibraryCard } from '../../shared/ui/LibraryCard';

/** The cover a gallery shows: the picture for viewers with access, else its blurred preview. */
export const galleryCover = (gallery: Gallery) => gallery.cover?.thumbnailUrl ?? gallery.cover?.previewUrl;

export function GalleryCard({ gallery }: { gallery: Gallery }) {
  return (
    <LibraryCard
      to={`/gallery/${gallery._id}`}
      image={galleryCover(gallery)}
      title={gallery.title}
      isSale={gallery.isSale}
      price={gallery.price}
      canView={gallery.canView}
      views={gallery.stats.views}
      likes={gallery.stats.likes}
      badge={
        <>
          <PictureOutlined aria-hidden /> {gallery.stats.photos}
        </>
      }
    />
  );
}
