import { PushpinFilled } from '@ant-design/icons';
import type { Feed, MediaFile } from '@limelight/contracts';
import { Alert, Avatar, Button, Card, Flex, Progress, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { statusOf, useSettledFile } from '../../shared/hooks/useSettledFile';
import { useSignedInAction } from '../../shared/hooks/useSignedInAction';
import { lockedAlt, mediaAlt } from '../../shared/lib/media-alt';
import { formatTokens } from '../../shared/lib/money';
import { useAppSelector } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { TipButton, UnlockButton } from '../../shared/pay/PayButtons';
import { LockedPanel } from '../../shared/ui/LockedPanel';
import { Moment } from '../../shared/ui/Moment';
import { VideoPlayer } from '../../shared/ui/VideoPlayer';
import { Comments, ReactionBar } from '../community';
import { Lightbox, PhotoButton, useLightbox } from '../galleries';
import { type FeedSource, feedsApi, useReactToFeed, useVoteInFeedPoll } from './api';

type FeedArg = { source: FeedSource; type?: Feed['type'] };

/**
 * One post: its media for viewers with access, else its previews and what unlocks it. `arg`
 * names the paged list it sits in, so votes and likes update that list in place.
 */
export function FeedCard({ feed, arg, commentsOpen = false }: { feed: Feed; arg?: FeedArg; commentsOpen?: boolean }) {
  const viewer = useAppSelector((state) => state.session.user);
  const signedIn = useSignedInAction();
  const react = useReactToFeed();
  const [showComments, setShowComments] = useState(commentsOpen);
  const profile = `/${feed.performer.username ?? feed.performer._id}`;
  const scheduled = dayjs(feed.publishedAt).isAfter(dayjs());
  // On the creator's own page one Tip sits beside their name; elsewhere each post carries it.
  const tippable = viewer?._id !== feed.performer._id && arg?.source.kind !== 'creator';
  const toggle = signedIn((action: 'like' | 'bookmark', on: boolean) => {
    react({ feedId: feed._id, action, on, arg }).catch((error: unknown) => toast.error(errorMessage(error)));
  });

  return (
    <Card className="feed-card" data-testid="feed-card">
      <Flex gap={12} align="center" style={{ marginBottom: 12 }}>
        {/* The picture is a link of its own, so it carries the name (a link with no name says nothing). */}
        <Link to={profile}>
          <Avatar src={feed.performer.avatar} alt={feed.performer.name} />
        </Link>
        <Flex vertical className="feed-byline">
          <Link to={profile}>
            <Typography.Text strong>{feed.performer.name}</Typography.Text>
          </Link>
          <Link to={`/post/${feed._id}`}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <Moment value={feed.publishedAt} />
            </Typography.Text>
          </Link>
        </Flex>
        <Space style={{ marginInlineStart: 'auto' }}>
          {feed.isPinned && (
            <Tag icon={<PushpinFilled aria-hidden />} color="blue">
              Pinned
            </Tag>
          )}
          {scheduled && <Tag color="gold">Scheduled</Tag>}
          {feed.isSale &&
            (feed.isBought ? (
              <Tag color="green">Bought</Tag>
            ) : (
              <Tag color="purple">{feed.price > 0 ? formatTokens(feed.price) : 'Free'}</Tag>
            ))}
        </Space>
      </Flex>
      {feed.text && <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>{feed.text}</Typography.Paragraph>}
      {feed.type !== 'text' && (feed.canView ? <FeedMedia feed={feed} /> : <LockedMedia feed={feed} profile={profile} />)}
      {feed.poll && <FeedPoll feed={feed} arg={arg} />}
      <ReactionBar
        target={{ type: 'feed', id: feed._id }}
        isLiked={feed.isLiked}
        likes={feed.likeCount}
        isBookmarked={feed.isBookmarked}
        comments={feed.commentCount}
        commentsOpen={showComments}
        onToggleComments={() => setShowComments(!showComments)}
        onReact={toggle}
        extra={tippable ? <TipButton performer={feed.performer} place={`feed-${feed._id}`} /> : undefined}
      />
      {showComments && <Comments objectType="feed" objectId={feed._id} canView={feed.canView} />}
    </Card>
  );
}

function FeedMedia({ feed }: { feed: Feed }) {
  const lightbox = useLightbox();
  const processing = feed.files.find((file) => file.status === 'processing');
  if (processing) return <ProcessingFeedMedia feed={feed} file={processing} />;
  const failed = feed.files.find((file) => file.status === 'error');
  if (failed) {
    return <Alert type="warning" showIcon title={`This ${feed.type} could not be processed`} description={failed.error ?? undefined} />;
  }
  if (feed.type === 'photo') {
    const count = feed.files.length;
    const photos = feed.files.map((file, index) => ({
      key: file._id,
      src: file.url ?? file.thumbnailUrl ?? '',
      alt: mediaAlt(file, { creator: feed.performer.name, position: index + 1, count }),
    }));
    return (
      <>
        <div className={`feed-photos feed-photos-${Math.min(count, 3)}`}>
          {feed.files.map((file, index) => (
            <PhotoButton
              key={file._id}
              src={file.thumbnailUrl ?? file.url}
              alt={photos[index]!.alt}
              size={file}
              onOpen={() => lightbox.show(index)}
            />
          ))}
        </div>
        <Lightbox photos={photos} {...lightbox} />
      </>
    );
  }
  const [file] = feed.files as [MediaFile | undefined];
  if (!file) return null;
  if (feed.type === 'video') return <VideoPlayer video={file} label={mediaAlt(file, { noun: 'Video', creator: feed.performer.name })} />;
  // biome-ignore lint/a11y/useMediaCaption: creators upload no caption tracks yet.
  return file.url ? <audio controls src={file.url} aria-label={`Audio by ${feed.performer.name}`} style={{ width: '100%' }} /> : null;
}

/** A post whose video or audio is still being processed: shown as soon as it is ready, or its failure. */
function ProcessingFeedMedia({ feed, file }: { feed: Feed; file: MediaFile }) {
  const now = useSettledFile(file, statusOf(feedsApi.endpoints.getFeedFileStatus, { id: feed._id, fileId: file._id }));
  if (now.status !== 'processing')
    return <FeedMedia feed={{ ...feed, files: feed.files.map((item) => (item._id === now._id ? now : item)) }} />;
  return (
    <Flex gap={8} align="center" role="status">
      <Spin size="small" /> Processing {feed.type}…
    </Flex>
  );
}

/** What a viewer without access sees: the teaser or a blurred preview, and how to unlock it. */
function LockedMedia({ feed, profile }: { feed: Feed; profile: string }) {
  const photos = feed.type === 'photo' ? feed.files.length : 0;
  const plans = !feed.isSale && feed.subscribeFrom !== null ? `plans from ${formatTokens(feed.subscribeFrom)} a month` : undefined;
  const detail = [photos > 1 ? `${photos} photos` : undefined, plans].filter(Boolean).join(' · ');
  // The creator's alt describes what is paid for: locked media is named by what it is and whose.
  return (
    <Flex component="figure" vertical gap={8} aria-label={lockedAlt(feed.type, feed.performer.name)} style={{ margin: 0 }}>
      {feed.teaser?.url && <VideoPlayer video={feed.teaser} label="Teaser" />}
      <LockedPanel
        backdrop={feed.thumbnail?.url ?? feed.files[0]?.previewUrl}
        isSale={feed.isSale}
        price={feed.price}
        noun={feed.type}
        detail={detail || undefined}
        profile={profile}
        unlock={<UnlockButton type="feed" id={feed._id} price={feed.price} noun="post" />}
      />
    </Flex>
  );
}

function FeedPoll({ feed, arg }: { feed: Feed; arg?: FeedArg }) {
  const poll = feed.poll!;
  const viewer = useAppSelector((state) => state.session.user);
  const signedIn = useSignedInAction();
  const [vote, { isLoading }] = useVoteInFeedPoll();
  const own = viewer?._id === feed.performer._id;
  const showResults = !!poll.votedOptionId || poll.isExpired || own;
  const choose = signedIn((optionId: string) => {
    vote({ id: feed._id, optionId, arg })
      .then(() => toast.success('Thanks for voting'))
      .catch((error: unknown) => toast.error(errorMessage(error)));
  });
  return (
    <Card size="small" title={poll.description || 'Poll'} style={{ marginTop: 8 }} aria-label="Poll">
      <Flex vertical gap={8}>
        {poll.options.map((option) =>
          showResults ? (
            <div key={option._id}>
              <Flex justify="space-between">
                <Typography.Text strong={option._id === poll.votedOptionId}>{option.text}</Typography.Text>
                <Typography.Text type="secondary">{option.voteCount}</Typography.Text>
              </Flex>
              <Progress
                percent={poll.totalVotes ? Math.round((option.voteCount / poll.totalVotes) * 100) : 0}
                size="small"
                aria-label={option.text}
              />
            </div>
          ) : (
            <Button key={option._id} block loading={isLoading} onClick={() => choose(option._id)}>
              {option.text}
            </Button>
          ),
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {poll.totalVotes} {poll.totalVotes === 1 ? 'vote' : 'votes'} ·{' '}
          {poll.isExpired ? (
            'ended'
          ) : (
            <>
              ends <Moment value={poll.expiredAt} />
            </>
          )}
        </Typography.Text>
      </Flex>
    </Card>
  );
}
