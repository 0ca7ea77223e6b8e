import { Result, Skeleton } from 'antd';
import { Link, useParams } from 'react-router';
import { useFeedQuery } from './api';
import { FeedCard } from './FeedCard';

/** `/post/:id`: one post with its comments open, the link a creator shares. */
export default function FeedPage() {
  const { id = '' } = useParams();
  const { data: feed, isLoading, isError } = useFeedQuery(id);
  if (isLoading) return <Skeleton active className="page-narrow" />;
  if (isError || !feed) {
    return <Result status="404" title="Post not found" subTitle="It may have been removed." extra={<Link to="/">Go home</Link>} />;
  }
  return (
    <div className="page-narrow">
      <FeedCard feed={feed} commentsOpen />
    </div>
  );
}
