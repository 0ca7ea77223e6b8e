import { Avatar, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useStoryBarQuery } from './api';
import { StoryViewer } from './StoryViewer';

/** Followed creators with live stories, newest first; nothing when there are none. */
export function StoryBar() {
  const { data } = useStoryBarQuery();
  const [open, setOpen] = useState<string>();
  if (!data?.length) return null;
  return (
    <section aria-label="Stories" style={{ marginBottom: 16 }}>
      <Flex gap={16} className="story-bar">
        {data.map((item) => (
          <button
            key={item.performer._id}
            type="button"
            className="story-bubble"
            onClick={() => setOpen(item.performer._id)}
            aria-label={`Stories of ${item.performer.name}`}
          >
            <Avatar src={item.performer.avatar} size={56} alt="" className="story-ring" />
            <Typography.Text ellipsis style={{ maxWidth: 72, fontSize: 12 }}>
              {item.performer.name}
            </Typography.Text>
          </button>
        ))}
      </Flex>
      {open && <StoryViewer performerId={open} onClose={() => setOpen(undefined)} />}
    </section>
  );
}
