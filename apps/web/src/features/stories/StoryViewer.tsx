import { CaretRightOutlined, HeartFilled, HeartOutlined, LeftOutlined, PauseOutlined, RightOutlined } from '@ant-design/icons';
import type { Story } from '@limelight/contracts';
import { Avatar, Button, Flex, Modal, Spin, Typography } from 'antd';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useDialogKeys } from '../../shared/hooks/useDialogKeys';
import { usePlayerVolume } from '../../shared/hooks/usePlayerVolume';
import { useTabCycle } from '../../shared/hooks/useTabCycle';
import { readableTextOn } from '../../shared/lib/contrast';
import { formatMoment } from '../../shared/lib/dates';
import { mediaAlt } from '../../shared/lib/media-alt';
import { useAppSelector } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { TipButton } from '../../shared/pay/PayButtons';
import { ReportButton } from '../community';
import { useLikeStory, useListCreatorStoriesQuery } from './api';

const STILL_MS = 5000;

/**
 * One creator's live stories, one at a time: photos and text for 5 s, videos to their end; after
 * the last, `onFinished` (the story bar moves on to the next creator). From the keyboard: ← and →
 * walk, Space pauses and plays, Esc closes. The dialog takes the focus when it opens, keeps it
 * inside and gives it back to the story that opened it, which is why the caller keeps it mounted
 * and toggles `open`. A fan likes a story and tips its creator from here (the stories pause while
 * the tip dialog is open, and its keys are its own); the creator sees each story's likes.
 */
export function StoryViewer({
  performerId,
  open,
  onClose,
  onFinished = onClose,
}: {
  performerId: string;
  open: boolean;
  onClose: () => void;
  onFinished?: () => void;
}) {
  const { data: stories, isLoading } = useListCreatorStoriesQuery({ id: performerId });
  const { volume } = usePlayerVolume();
  const viewer = useAppSelector((state) => state.session.user);
  const like = useLikeStory();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  // Another creator's stories start from their first (set while rendering, so no story of the
  // previous creator's position shows for a frame).
  const [shownPerformerId, setShownPerformerId] = useState(performerId);
  if (shownPerformerId !== performerId) {
    setShownPerformerId(performerId);
    setIndex(0);
  }
  const player = useRef<HTMLVideoElement>(null);
  const story: Story | undefined = stories?.[index];
  const next = () => (stories && index + 1 < stories.length ? setIndex(index + 1) : onFinished());
  const previous = () => setIndex(Math.max(0, index - 1));
  const togglePause = () => setPaused(!paused);

  useTabCycle(open);
  // Opened again, it starts from the first story, playing.
  useEffect(() => {
    if (!open) return;
    setIndex(0);
    setPaused(false);
  }, [open]);
  useEffect(() => {
    if (!open || paused || !story || story.type === 'video') return;
    const timer = setTimeout(next, STILL_MS);
    return () => clearTimeout(timer);
  });
  useEffect(() => {
    if (paused) player.current?.pause();
    else void player.current?.play().catch(() => undefined);
  }, [paused]);
  // Keys typed in another dialog opened from the viewer (the tip's amount and message) are that dialog's.
  const inOtherDialog = (event: KeyboardEvent) => {
    const dialog = event.target instanceof Element ? event.target.closest('.ant-modal') : null;
    return !!dialog && !dialog.classList.contains('story-viewer');
  };
  useDialogKeys(open, {
    ArrowRight: (event) => inOtherDialog(event) || next(),
    ArrowLeft: (event) => inOtherDialog(event) || previous(),
    // Space pauses wherever the focus is in the viewer (on a button it would press it too).
    ' ': (event) => {
      if (inOtherDialog(event)) return;
      event.preventDefault();
      togglePause();
    },
  });
  const isOwner = !!story && viewer?._id === story.performer._id;

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={420}
      centered
      className="story-viewer"
      title={story ? <StoryHeader story={story} /> : 'Stories'}
      destroyOnHidden
    >
      {isLoading || !stories ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : !story ? (
        <Typography.Text>No stories right now.</Typography.Text>
      ) : (
        <>
          <Flex gap={4} style={{ marginBottom: 8 }} role="status" aria-label={`Story ${index + 1} of ${stories.length}`}>
            {stories.map((item, position) => (
              <div key={item._id} className={`story-progress${position <= index ? ' story-progress-seen' : ''}`} />
            ))}
          </Flex>
          <div
            className="story-stage"
            style={
              story.type === 'text'
                ? ({
                    background: story.backgroundColor,
                    '--story-text-color': readableTextOn(story.backgroundColor),
                    '--story-text-shadow': 'none',
                  } as CSSProperties)
                : { background: '#000' }
            }
            data-testid="story-stage"
          >
            {story.type === 'photo' && story.file?.url && (
              <img
                src={story.file.url}
                alt={mediaAlt(story.file, { noun: 'Story', creator: story.performer.name, position: index + 1, count: stories.length })}
              />
            )}
            {story.type === 'video' && story.file?.url && (
              // biome-ignore lint/a11y/useMediaCaption: creators upload no caption tracks yet.
              <video
                ref={(element) => {
                  player.current = element;
                  if (element) element.volume = volume;
                }}
                src={story.file.url}
                autoPlay={!paused}
                playsInline
                onEnded={next}
                aria-label={mediaAlt(story.file, {
                  noun: 'Story',
                  creator: story.performer.name,
                  position: index + 1,
                  count: stories.length,
                })}
              />
            )}
            {story.text && <Typography.Paragraph className="story-text">{story.text}</Typography.Paragraph>}
          </div>
          <Flex justify="space-between" style={{ marginTop: 8 }}>
            <Button icon={<LeftOutlined aria-hidden />} onClick={previous} disabled={index === 0} aria-label="Previous story" />
            <Button
              icon={paused ? <CaretRightOutlined aria-hidden /> : <PauseOutlined aria-hidden />}
              onClick={togglePause}
              aria-label={paused ? 'Play stories' : 'Pause stories'}
            />
            <Button icon={<RightOutlined aria-hidden />} onClick={next} aria-label="Next story" />
          </Flex>
          <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 8 }}>
            {isOwner ? (
              <Typography.Text type="secondary" data-testid="story-likes">
                <HeartFilled aria-hidden style={{ color: '#e0245e' }} /> {story.likeCount} {story.likeCount === 1 ? 'like' : 'likes'}
              </Typography.Text>
            ) : (
              <>
                <ReportButton targetType="story" targetId={story._id} withLabel />
                {viewer?.role === 'user' && (
                  <Button
                    icon={story.isLiked ? <HeartFilled aria-hidden style={{ color: '#e0245e' }} /> : <HeartOutlined aria-hidden />}
                    aria-pressed={story.isLiked}
                    onClick={() => like(story, !story.isLiked).catch((error: unknown) => toast.error(errorMessage(error)))}
                  >
                    Like
                  </Button>
                )}
                {/* Tipping pauses the stories, so the viewer does not move on (or close) under the dialog. */}
                <span onClickCapture={() => setPaused(true)}>
                  <TipButton performer={story.performer} />
                </span>
              </>
            )}
          </Flex>
        </>
      )}
    </Modal>
  );
}

function StoryHeader({ story }: { story: Story }) {
  return (
    <Flex gap={8} align="center">
      <Avatar src={story.performer.avatar} alt="" size="small" />
      <span>{story.performer.name}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
        {formatMoment(story.createdAt)}
      </Typography.Text>
    </Flex>
  );
}
