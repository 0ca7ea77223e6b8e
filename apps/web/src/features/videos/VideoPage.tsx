import type { MediaFile, Video } from '@limelight/contracts';
import { Avatar, Card, Flex, Result, Skeleton, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { preloadCreatorOf } from '../../shared/api/creator-page';
import { useOnce } from '../../shared/hooks/useOnce';
import { statusOf, useSettledFile } from '../../shared/hooks/useSettledFile';
import { useSignedInAction } from '../../shared/hooks/useSignedInAction';
import { formatTokens } from '../../shared/lib/money';
import { preloadItem } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { UnlockButton } from '../../shared/pay/PayButtons';
import { LockedPanel } from '../../shared/ui/LockedPanel';
import { Moment } from '../../shared/ui/Moment';
import { VideoPlayer } from '../../shared/ui/VideoPlayer';
import { Comments, ReactionBar, useLibraryReaction } from '../community';
import { useAddVideoViewMutation, useGetVideoQuery, videosApi } from './api';
import { videoPoster } from './VideoCard';

/** The item, for the server to draw it (decision 079). */
export const preload = preloadItem(videosApi.endpoints.getVideo, (item, start) => preloadCreatorOf(item.performer, start));

/** `/video/:id`: the player for viewers with access, else the teaser and what unlocks it. */
export default function VideoPage() {
  const { id = '' } = useParams();
  const { data: video, isLoading, isError } = useGetVideoQuery({ id });
  const [addView] = useAddVideoViewMutation();
  // Counted once it has loaded, so the new count lands in what is shown.
  useOnce(async () => {
    await addView({ id });
  }, !!video);
  const [react] = useLibraryReaction();
  const signedIn = useSignedInAction();
  const [showComments, setShowComments] = useState(false);

  if (isLoading) return <Skeleton active className="page-narrow" />;
  if (isError || !video) {
    return <Result status="404" title="Video not found" subTitle="It may have been removed." extra={<Link to="/">Go home</Link>} />;
  }
  const profile = `/${video.performer.username ?? video.performer._id}`;
  const toggle = signedIn((action: 'like' | 'bookmark', on: boolean) => {
    react({ objectType: 'video', objectId: video._id, action }, on).catch((error: unknown) => toast.error(errorMessage(error)));
  });

  return (
    <Card className="page-narrow">
      {!video.canView ? (
        <Flex vertical gap={8}>
          {video.teaser?.url && <VideoPlayer video={video.teaser} label="Teaser" />}
          <LockedPanel
            backdrop={videoPoster(video)}
            isSale={video.isSale}
            price={video.price}
            noun="video"
            profile={profile}
            unlock={<UnlockButton type="video" id={video._id} price={video.price} noun="video" />}
          />
        </Flex>
      ) : video.video ? (
        <MainVideo video={video} file={video.video} />
      ) : null}
      <Typography.Title level={2} style={{ marginTop: 16 }}>
        {video.title}
      </Typography.Title>
      <Flex gap={12} align="center" wrap>
        <Link to={profile}>
          <Flex gap={8} align="center">
            <Avatar src={video.performer.avatar} alt="" />
            <Typography.Text strong>{video.performer.name}</Typography.Text>
          </Flex>
        </Link>
        <Typography.Text type="secondary">
          {video.stats.views} views · <Moment value={video.createdAt} day />
        </Typography.Text>
        {video.isSale && <Tag color="purple">{video.isBought ? 'Bought' : formatTokens(video.price)}</Tag>}
      </Flex>
      {video.description && (
        <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginTop: 12 }}>{video.description}</Typography.Paragraph>
      )}
      <Flex gap={4} wrap>
        {video.tags.map((tag) => (
          <Tag key={tag}>#{tag}</Tag>
        ))}
      </Flex>
      <ReactionBar
        target={{ type: 'video', id: video._id }}
        isLiked={video.isLiked}
        likes={video.stats.likes}
        isBookmarked={video.isBookmarked}
        comments={video.stats.comments}
        commentsOpen={showComments}
        onToggleComments={() => setShowComments(!showComments)}
        onReact={toggle}
      />
      {showComments && <Comments objectType="video" objectId={video._id} canView={video.canView} />}
    </Card>
  );
}

/** The video itself, asked for again while it is processed so that it plays as soon as it is ready. */
function MainVideo({ video, file }: { video: Video; file: MediaFile }) {
  const now = useSettledFile(file, statusOf(videosApi.endpoints.getVideoFileStatus, { id: video._id, fileId: file._id }));
  if (now.status === 'finished') {
    return (
      <VideoPlayer
        video={{ ...now, thumbnailUrl: videoPoster(video) ?? null }}
        label={video.thumbnail?.altText ? `${video.title}: ${video.thumbnail.altText}` : video.title}
      />
    );
  }
  if (now.status === 'error') return <Result status="warning" title="This video could not be processed" subTitle={now.error} />;
  return (
    <Flex gap={8} align="center" role="status" className="feed-locked" style={{ justifyContent: 'center' }}>
      <Spin size="small" /> Processing the video…
    </Flex>
  );
}
