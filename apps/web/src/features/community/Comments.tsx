import type { Comment } from '@limelight/contracts';
import { Button, Empty, Flex, List, Typography } from 'antd';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { REFRESH_ON_RETURN } from '../../shared/lib/api';
import { joinUrl, loginUrl } from '../../shared/lib/navigation';
import { type PageStart, useAppSelector } from '../../shared/lib/store';
import { commentsApi, oldestFirst, useListCommentsQuery } from './api';
import { CommentComposer } from './CommentComposer';
import { CommentItem } from './CommentItem';

const PAGE = 20;

/**
 * Asks for the first comments of an item, as `Comments` does: a page's `preload` calls it so that
 * the server draws them, and the post does not grow under the reader when they come.
 */
export const preloadComments = (dispatch: PageStart['store']['dispatch'], objectType: Comment['objectType'], objectId: string) =>
  dispatch(commentsApi.endpoints.listComments.initiate({ objectType, objectId, limit: PAGE, ...oldestFirst }, { subscribe: false }));

/** The comments under a post: oldest first, "show more", a box to write one when allowed (else what it takes). */
export function Comments({
  objectType,
  objectId,
  canView,
}: {
  objectType: Comment['objectType'];
  objectId: string;
  /** Whether the viewer may see the item (its answer's `canView`): a member who may, may comment. */
  canView: boolean;
}) {
  const [limit, setLimit] = useState(PAGE);
  const { data, isLoading } = useListCommentsQuery({ objectType, objectId, limit, ...oldestFirst }, REFRESH_ON_RETURN);
  const item = { objectType, objectId };
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const canComment = useAppSelector((state) => !!state.session.user) && canView;
  // A visitor signs up or logs in, and comes back to this page to write.
  const location = useLocation();
  const here = location.pathname + location.search;

  return (
    <Flex vertical gap={8} style={{ marginTop: 8 }} aria-label="Comments" role="region">
      <List
        loading={isLoading}
        dataSource={data?.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No comments yet" /> }}
        renderItem={(comment) => <CommentItem comment={comment} item={item} canComment={canComment} />}
      />
      {data && data.total > data.data.length && (
        <Button size="small" onClick={() => setLimit(limit + PAGE)}>
          Show more comments
        </Button>
      )}
      {canComment ? (
        <CommentComposer item={item} />
      ) : loggedIn ? (
        <Typography.Text type="secondary">Subscribe or unlock this post to comment.</Typography.Text>
      ) : (
        <Typography.Text type="secondary">
          <Link to={joinUrl(here)}>Sign up</Link> or <Link to={loginUrl(here)}>log in</Link> to comment.
        </Typography.Text>
      )}
    </Flex>
  );
}
