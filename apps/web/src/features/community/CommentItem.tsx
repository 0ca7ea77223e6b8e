import { DeleteOutlined, HeartFilled, HeartOutlined } from '@ant-design/icons';
import type { Comment } from '@limelight/contracts';
import { Avatar, Button, Flex, List, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { REFRESH_ON_RETURN } from '../../shared/lib/api';
import { useAppSelector } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { Moment } from '../../shared/ui/Moment';
import { BlockButton } from '../blocks';
import { oldestFirst, useDeleteComment, useLikeComment, useListCommentsQuery } from './api';
import { CommentComposer } from './CommentComposer';
import { ReportButton } from './ReportButton';

const REPLY_PAGE = 5;
type Item = { objectType: Comment['objectType']; objectId: string };
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * One comment with its like, reply and delete actions; a top-level one also holds its replies
 * ("View N replies", loaded a page at a time) and the reply box. Replies are one level deep: "Reply"
 * on a reply answers under the same comment, naming whom it answers.
 */
export function CommentItem({
  comment,
  item,
  canComment,
  onReply,
}: {
  comment: Comment;
  item: Item;
  canComment: boolean;
  /** Set on a reply: opens its parent's reply box, prefilled. */
  onReply?: (mention: string) => void;
}) {
  const viewer = useAppSelector((state) => state.session.user);
  const [remove] = useDeleteComment();
  const [like, liking] = useLikeComment();
  const [repliesOpen, setRepliesOpen] = useState(false);
  const [replyBox, setReplyBox] = useState<{ initial: string } | null>(null);
  const isTopLevel = !comment.parentId;
  const author = comment.creator;

  const openReply = (mention: string) => {
    setRepliesOpen(true);
    setReplyBox({ initial: mention });
  };
  const mention = author?.username ? `@${author.username} ` : '';
  const actions = comment.isDeleted
    ? []
    : [
        <Button
          key="like"
          size="small"
          type="text"
          icon={comment.isLiked ? <HeartFilled aria-hidden style={{ color: '#e0245e' }} /> : <HeartOutlined aria-hidden />}
          aria-pressed={comment.isLiked}
          aria-label={plural(comment.likeCount, 'like', 'likes')}
          disabled={!canComment}
          loading={liking.isLoading}
          onClick={() => like({ ...item, id: comment._id }, !comment.isLiked).catch((error: unknown) => toast.error(errorMessage(error)))}
        >
          {comment.likeCount}
        </Button>,
        ...(canComment
          ? [
              <Button key="reply" size="small" type="text" onClick={() => (onReply ? onReply(mention) : openReply(''))}>
                Reply
              </Button>,
            ]
          : []),
        ...(author && author._id !== viewer?._id ? [<ReportButton key="report" targetType="comment" targetId={comment._id} />] : []),
        ...(viewer?.isPerformer && author && comment.canDelete && author._id !== viewer._id
          ? [<BlockButton key="block" user={author} />]
          : []),
        ...(comment.canDelete
          ? [
              <Popconfirm
                key="delete"
                title={comment.replyCount ? 'Delete this comment? Its replies stay.' : 'Delete this comment?'}
                onConfirm={() => remove({ ...item, id: comment._id }).catch((error: unknown) => toast.error(errorMessage(error)))}
              >
                <Button size="small" type="text" icon={<DeleteOutlined aria-hidden />} aria-label="Delete comment" />
              </Popconfirm>,
            ]
          : []),
      ];

  return (
    <List.Item>
      <List.Item.Meta
        avatar={<Avatar src={author?.avatar} alt="" size="small" />}
        title={
          comment.isDeleted ? (
            <Typography.Text type="secondary" italic>
              Comment deleted
            </Typography.Text>
          ) : (
            <Flex gap={8} wrap>
              <Typography.Text strong>{author?.name}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                <Moment value={comment.createdAt} />
              </Typography.Text>
            </Flex>
          )
        }
        description={
          <>
            {!comment.isDeleted && <Typography.Text style={{ whiteSpace: 'pre-line' }}>{comment.content}</Typography.Text>}
            {comment.imageUrl && (
              <img src={comment.imageUrl} alt="" style={{ display: 'block', maxWidth: 240, marginTop: 4, borderRadius: 4 }} />
            )}
            {/* Under the words, not beside them: beside, they squeezed the thread to a sliver on a phone. */}
            {actions.length > 0 && (
              <Flex gap={4} wrap align="center" style={{ marginTop: 4 }}>
                {actions}
              </Flex>
            )}
            {isTopLevel && comment.replyCount > 0 && (
              <Button
                type="link"
                size="small"
                style={{ paddingInline: 0, display: 'block', marginTop: 4 }}
                aria-expanded={repliesOpen}
                onClick={() => setRepliesOpen(!repliesOpen)}
              >
                {repliesOpen ? 'Hide replies' : `View ${plural(comment.replyCount, 'reply', 'replies')}`}
              </Button>
            )}
            {isTopLevel && repliesOpen && comment.replyCount > 0 && (
              <Replies parent={comment} item={item} canComment={canComment} onReply={openReply} />
            )}
            {replyBox && (
              <div style={{ marginTop: 8 }}>
                <CommentComposer
                  key={replyBox.initial}
                  item={item}
                  parentId={comment._id}
                  initial={replyBox.initial}
                  onSent={() => {
                    setReplyBox(null);
                    setRepliesOpen(true);
                  }}
                />
              </div>
            )}
          </>
        }
      />
    </List.Item>
  );
}

/** The replies under a comment, oldest first, a page at a time. */
function Replies({
  parent,
  item,
  canComment,
  onReply,
}: {
  parent: Comment;
  item: Item;
  canComment: boolean;
  onReply: (mention: string) => void;
}) {
  const [limit, setLimit] = useState(REPLY_PAGE);
  const { data, isLoading } = useListCommentsQuery({ ...item, parentId: parent._id, limit, ...oldestFirst }, REFRESH_ON_RETURN);
  return (
    <section aria-label={`Replies to ${parent.creator?.name ?? 'a deleted comment'}`}>
      <List
        size="small"
        loading={isLoading}
        dataSource={data?.data ?? []}
        renderItem={(reply) => <CommentItem comment={reply} item={item} canComment={canComment} onReply={onReply} />}
      />
      {data && data.total > data.data.length && (
        <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => setLimit(limit + REPLY_PAGE)}>
          View more replies ({data.total - data.data.length})
        </Button>
      )}
    </section>
  );
}
