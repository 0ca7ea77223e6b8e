import { BookOutlined, CommentOutlined, HeartFilled, HeartOutlined, ReadOutlined } from '@ant-design/icons';
import type { ModerationTargetType } from '@limelight/contracts';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { ReportButton } from './ReportButton';

type Reaction = 'like' | 'bookmark';

/**
 * Like (with its count), comments, report and bookmark under a post, a video or a gallery. Like
 * keeps one name and says its state by aria-pressed; a name holds the count the button shows
 * (WCAG 2.5.3, label in name).
 */
export function ReactionBar({
  target,
  isLiked,
  likes,
  isBookmarked,
  comments,
  commentsOpen,
  onToggleComments,
  onReact,
  extra,
}: {
  target: { type: ModerationTargetType; id: string };
  isLiked: boolean;
  likes: number;
  isBookmarked: boolean;
  comments: number;
  commentsOpen: boolean;
  onToggleComments: () => void;
  onReact: (action: Reaction, on: boolean) => void;
  /** Another action of the item (Tip on a post), placed before the bookmark. */
  extra?: ReactNode;
}) {
  return (
    <Flex gap={8} style={{ marginTop: 12 }}>
      <Button
        type="text"
        icon={isLiked ? <HeartFilled aria-hidden style={{ color: '#e0245e' }} /> : <HeartOutlined aria-hidden />}
        aria-pressed={isLiked}
        aria-label={`${likes} ${likes === 1 ? 'like' : 'likes'}`}
        onClick={() => onReact('like', !isLiked)}
      >
        {likes}
      </Button>
      <Button
        type="text"
        icon={<CommentOutlined aria-hidden />}
        aria-label={`${comments} ${comments === 1 ? 'comment' : 'comments'}`}
        aria-expanded={commentsOpen}
        onClick={onToggleComments}
      >
        {comments}
      </Button>
      {extra}
      <ReportButton targetType={target.type} targetId={target.id} />
      <Button
        type="text"
        icon={isBookmarked ? <ReadOutlined aria-hidden /> : <BookOutlined aria-hidden />}
        aria-pressed={isBookmarked}
        aria-label={isBookmarked ? 'Remove bookmark' : 'Bookmark'}
        onClick={() => onReact('bookmark', !isBookmarked)}
        style={{ marginInlineStart: 'auto' }}
      />
    </Flex>
  );
}
