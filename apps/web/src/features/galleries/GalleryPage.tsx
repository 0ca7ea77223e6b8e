import type { PublicUser } from '@limelight/contracts';
import { Avatar, Card, Empty, Flex, Pagination, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { preloadCreatorOf } from '../../shared/api/creator-page';
import { useOnce } from '../../shared/hooks/useOnce';
import { useSignedInAction } from '../../shared/hooks/useSignedInAction';
import { lockedAlt, mediaAlt } from '../../shared/lib/media-alt';
import { formatTokens } from '../../shared/lib/money';
import { preloadItem } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { UnlockButton } from '../../shared/pay/PayButtons';
import { LockedPanel } from '../../shared/ui/LockedPanel';
import { Moment } from '../../shared/ui/Moment';
import { Result } from '../../shared/ui/Result';
import { Comments, ReactionBar, useLibraryReaction } from '../community';
import { galleriesApi, oldestFirst, useAddGalleryViewMutation, useGetGalleryQuery, useListGalleryPhotosQuery } from './api';
import { galleryCover } from './GalleryCard';
import { Lightbox, PhotoButton, useLightbox } from './Lightbox';

const PHOTOS_PER_PAGE = 60;

/** `/gallery/:id`: the photos in a grid that opens a lightbox, or what unlocks them. */
/** The item, for the server to draw it (decision 079). */
export const preload = preloadItem(galleriesApi.endpoints.getGallery, (item, start) => preloadCreatorOf(item.performer, start));

export default function GalleryPage() {
  const { id = '' } = useParams();
  const { data: gallery, isLoading, isError } = useGetGalleryQuery({ id });
  const [addView] = useAddGalleryViewMutation();
  // Counted once it has loaded, so the new count lands in what is shown.
  useOnce(async () => {
    await addView({ id });
  }, !!gallery);
  const [react] = useLibraryReaction();
  const signedIn = useSignedInAction();
  const [showComments, setShowComments] = useState(false);

  if (isLoading) return <Skeleton active className="page-wide" />;
  if (isError || !gallery) {
    return <Result status="404" title="Gallery not found" subTitle="It may have been removed." extra={<Link to="/">Go home</Link>} />;
  }
  const profile = `/${gallery.performer.username ?? gallery.performer._id}`;
  const toggle = signedIn((action: 'like' | 'bookmark', on: boolean) => {
    react({ objectType: 'gallery', objectId: gallery._id, action }, on).catch((error: unknown) => toast.error(errorMessage(error)));
  });
  const count = `${gallery.stats.photos} ${gallery.stats.photos === 1 ? 'photo' : 'photos'}`;

  return (
    <Card className="page-wide">
      <Typography.Title level={2}>{gallery.title}</Typography.Title>
      <Flex gap={12} align="center" wrap style={{ marginBottom: 12 }}>
        <Link to={profile}>
          <Flex gap={8} align="center">
            <Avatar src={gallery.performer.avatar} alt="" />
            <Typography.Text strong>{gallery.performer.name}</Typography.Text>
          </Flex>
        </Link>
        <Typography.Text type="secondary">
          {count} · {gallery.stats.views} views · <Moment value={gallery.createdAt} day />
        </Typography.Text>
        {gallery.isSale && <Tag color="purple">{gallery.isBought ? 'Bought' : formatTokens(gallery.price)}</Tag>}
      </Flex>
      {gallery.description && <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>{gallery.description}</Typography.Paragraph>}
      {gallery.canView ? (
        <GalleryPhotos galleryId={gallery._id} performer={gallery.performer} />
      ) : (
        <figure aria-label={lockedAlt('gallery', gallery.performer.name)} style={{ margin: 0 }}>
          <LockedPanel
            backdrop={galleryCover(gallery)}
            isSale={gallery.isSale}
            price={gallery.price}
            noun="gallery"
            detail={count}
            profile={profile}
            unlock={<UnlockButton type="gallery" id={gallery._id} price={gallery.price} noun="gallery" />}
          />
        </figure>
      )}
      <ReactionBar
        target={{ type: 'gallery', id: gallery._id }}
        isLiked={gallery.isLiked}
        likes={gallery.stats.likes}
        isBookmarked={gallery.isBookmarked}
        comments={gallery.stats.comments}
        commentsOpen={showComments}
        onToggleComments={() => setShowComments(!showComments)}
        onReact={toggle}
      />
      {showComments && <Comments objectType="gallery" objectId={gallery._id} canView={gallery.canView} />}
    </Card>
  );
}

/** The grid; a photo opens the lightbox (click, Enter or Space), whose arrows and arrow keys walk through this page's photos. */
function GalleryPhotos({ galleryId, performer }: { galleryId: string; performer: PublicUser }) {
  const [page, setPage] = useState(1);
  const lightbox = useLightbox();
  const { data, isLoading } = useListGalleryPhotosQuery({
    galleryId,
    offset: (page - 1) * PHOTOS_PER_PAGE,
    limit: PHOTOS_PER_PAGE,
    ...oldestFirst,
  });
  if (isLoading) return <Skeleton.Image active />;
  if (!data?.total) return <Empty description="No photos in this gallery yet." />;
  const photos = data.data.map((photo, index) => ({
    key: photo._id,
    src: photo.file.url ?? photo.file.thumbnailUrl ?? '',
    // The creator's alt, else the photo's title, else its place and creator.
    alt: mediaAlt(
      { altText: photo.file.altText || photo.title },
      { creator: performer.name, position: (page - 1) * PHOTOS_PER_PAGE + index + 1, count: data.total },
    ),
  }));
  return (
    <>
      <div className="gallery-photos">
        {data.data.map((photo, index) => (
          <PhotoButton key={photo._id} src={photo.file.thumbnailUrl} alt={photos[index]!.alt} onOpen={() => lightbox.show(index)} square />
        ))}
      </div>
      <Lightbox photos={photos} {...lightbox} reportable />
      <Pagination
        style={{ marginTop: 16 }}
        current={page}
        pageSize={PHOTOS_PER_PAGE}
        total={data.total}
        onChange={setPage}
        hideOnSinglePage
      />
    </>
  );
}
