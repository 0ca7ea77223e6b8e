import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { Story } from '@limelight/contracts';
import { Avatar, Button, Flex, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useAppSelector } from '../../app/store';
import { formatMoment } from '../../shared/lib/dates';
import { useCreatorStoriesQuery } from './api';

const STILL_MS = 5000;

/** One creator's live stories, one at a time: photos and text for 5 s, videos to their end. */
export function StoryViewer({ performerId, onClose }: { performerId: string; onClose: () => void }) {
  const { data: stories, isLoading } = useCreatorStoriesQuery(performerId);
  const volume = useAppSelector((state) => state.preferences.volume);
  const [index, setIndex] = useState(0);
  const story: Story | undefined = stories?.[index];
  const next = () => (stories && index + 1 < stories.length ? setIndex(index + 1) : onClose());
  const previous = () => setIndex(Math.max(0, index - 1));

  useEffect(() => {
    if (!story || story.type === 'video') return;
    const timer = setTimeout(next, STILL_MS);
    return () => clearTimeout(timer);
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') next();
      if (event.key === 'ArrowLeft') previous();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <Modal
      open
      onCancel={onClose}
      footer={null}
      width={420}
      centered
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
          <Flex gap={4} style={{ marginBottom: 8 }} aria-label={`Story ${index + 1} of ${stories.length}`}>
            {stories.map((item, position) => (
              <div key={item._id} className={`story-progress${position <= index ? ' story-progress-seen' : ''}`} />
            ))}
          </Flex>
          <div
            className="story-stage"
            style={{ background: story.type === 'text' ? story.backgroundColor : '#000' }}
            data-testid="story-stage"
          >
            {story.type === 'photo' && story.file?.url && <img src={story.file.url} alt={story.text || 'Story'} />}
            {story.type === 'video' && story.file?.url && (
              // biome-ignore lint/a11y/useMediaCaption: creators upload no caption tracks yet.
              <video
                src={story.file.url}
                autoPlay
                playsInline
                onEnded={next}
                ref={(element) => {
                  if (element) element.volume = volume;
                }}
              />
            )}
            {story.text && <Typography.Paragraph className="story-text">{story.text}</Typography.Paragraph>}
          </div>
          <Flex justify="space-between" style={{ marginTop: 8 }}>
            <Button icon={<LeftOutlined />} onClick={previous} disabled={index === 0} aria-label="Previous story" />
            <Button icon={<RightOutlined />} onClick={next} aria-label="Next story" />
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
