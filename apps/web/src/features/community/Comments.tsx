import { DeleteOutlined } from '@ant-design/icons';
import type { Comment } from '@limelight/contracts';
import { Avatar, Button, Empty, Flex, Input, List, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useAppSelector } from '../../app/store';
import { formatMoment } from '../../shared/lib/dates';
import { errorMessage, toast } from '../../shared/lib/toast';
import { BlockButton } from '../blocks/BlockButton';
import { useAddCommentMutation, useCommentsQuery, useDeleteCommentMutation } from './api';

const PAGE = 20;

/** The comments under a post: oldest first, "show more", a box to write one when allowed. */
export function Comments({
  objectType,
  objectId,
  canComment,
}: {
  objectType: Comment['objectType'];
  objectId: string;
  canComment: boolean;
}) {
  const [limit, setLimit] = useState(PAGE);
  const { data, isLoading } = useCommentsQuery({ objectType, objectId, limit });
  const [add, adding] = useAddCommentMutation();
  const [remove] = useDeleteCommentMutation();
  const [text, setText] = useState('');
  const viewer = useAppSelector((state) => state.session.user);

  const send = async () => {
    if (!text.trim()) return;
    try {
      await add({ objectType, objectId, content: text.trim() }).unwrap();
      setText('');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Flex vertical gap={8} style={{ marginTop: 8 }} aria-label="Comments" role="region">
      <List
        loading={isLoading}
        dataSource={data?.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No comments yet" /> }}
        renderItem={(comment) => (
          <List.Item
            actions={[
              ...(viewer?.isPerformer && comment.canDelete && comment.creator._id !== viewer._id
                ? [<BlockButton key="block" user={comment.creator} />]
                : []),
              ...(comment.canDelete
                ? [
                    <Popconfirm
                      key="delete"
                      title="Delete this comment?"
                      onConfirm={() =>
                        remove({ id: comment._id, objectType, objectId })
                          .unwrap()
                          .catch((error: unknown) => toast.error(errorMessage(error)))
                      }
                    >
                      <Button size="small" type="text" icon={<DeleteOutlined aria-hidden />} aria-label="Delete comment" />
                    </Popconfirm>,
                  ]
                : []),
            ]}
          >
            <List.Item.Meta
              avatar={<Avatar src={comment.creator.avatar} alt="" size="small" />}
              title={
                <Flex gap={8}>
                  <Typography.Text strong>{comment.creator.name}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatMoment(comment.createdAt)}
                  </Typography.Text>
                </Flex>
              }
              description={
                <>
                  <Typography.Text style={{ whiteSpace: 'pre-line' }}>{comment.content}</Typography.Text>
                  {comment.imageUrl && (
                    <img src={comment.imageUrl} alt="" style={{ display: 'block', maxWidth: 240, marginTop: 4, borderRadius: 4 }} />
                  )}
                </>
              }
            />
          </List.Item>
        )}
      />
      {data && data.total > data.data.length && (
        <Button size="small" onClick={() => setLimit(limit + PAGE)}>
          Show more comments
        </Button>
      )}
      {canComment ? (
        <Flex gap={8}>
          <Input.TextArea
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoSize={{ minRows: 1, maxRows: 4 }}
            maxLength={2000}
            placeholder="Write a comment"
            aria-label="Write a comment"
          />
          <Button type="primary" onClick={send} loading={adding.isLoading} disabled={!text.trim()}>
            Send
          </Button>
        </Flex>
      ) : (
        <Typography.Text type="secondary">Subscribe or unlock this post to comment.</Typography.Text>
      )}
    </Flex>
  );
}
