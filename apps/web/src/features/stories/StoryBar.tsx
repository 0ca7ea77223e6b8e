import { Avatar, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useGetStoryBarQuery } from './api';
import { StoryViewer } from './StoryViewer';

/** Followed creators with live stories, newest first; nothing when there are none. */
export function StoryBar() {
  const { data } = useGetStoryBarQuery();
  // The viewer stays mounted after it closes, so that the dialog gives the focus back to its story.
  const [viewing, setViewing] = useState<{ performerId: string; open: boolean }>();
  if (!data?.length) return null;
  return (
    <section aria-label="Stories" style={{ marginBottom: 16 }}>
      <Flex gap={16} className="story-bar">
        {data.map((item) => (
          <button
            key={item.performer._id}
            type="button"
            className="story-bubble"
            onClick={() => setViewing({ performerId: item.performer._id, open: true })}
            aria-label={`Stories of ${item.performer.name}`}
          >
            <Avatar src={item.performer.avatar} size={56} alt="" className="story-ring" />
            <Typography.Text ellipsis style={{ maxWidth: 72, fontSize: 12 }}>
              {item.performer.name}
            </Typography.Text>
          </button>
        ))}
      </Flex>
      {viewing && (
        <StoryViewer
          performerId={viewing.performerId}
          open={viewing.open}
          onClose={() => setViewing({ ...viewing, open: false })}
          // After a creator's last story, the next creator's in the bar, as the bar reads.
          onFinished={() => {
            const following = data[data.findIndex((item) => item.performer._id === viewing.performerId) + 1];
            setViewing(following ? { performerId: following.performer._id, open: true } : { ...viewing, open: false });
          }}
        />
      )}
    </section>
  );
}
