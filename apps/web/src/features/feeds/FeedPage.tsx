import { Skeleton } from 'antd';
import { Link, useParams } from 'react-router';
import { preloadCreatorOf } from '../../shared/api/creator-page';
import { REFRESH_ON_RETURN } from '../../shared/lib/api';
import { type PageStart, preloadItem } from '../../shared/lib/store';
import { PageTitle } from '../../shared/ui/PageTitle';
import { Result } from '../../shared/ui/Result';
import { preloadComments } from '../community';
import { feedsApi, useGetFeedQuery } from './api';
import { FeedCard } from './FeedCard';

/** The post, its first comments and its creator's page (for the head), for the server to draw them (decision 079). */
export const preload = (start: PageStart) => {
  if (start.params.id) preloadComments(start.store.dispatch, 'feed', start.params.id);
  return preloadItem(feedsApi.endpoints.getFeed, (item, next) => preloadCreatorOf(item.performer, next))(start);
};

/** `/post/:id`: one post with its comments open, the link a creator shares. */
export default function FeedPage() {
  const { id = '' } = useParams();
  const { data: feed, isLoading, isError } = useGetFeedQuery({ id }, REFRESH_ON_RETURN);
  if (isLoading) return <Skeleton active className="page-narrow" />;
  if (isError || !feed) {
    return <Result status="404" title="Post not found" subTitle="It may have been removed." extra={<Link to="/">Go home</Link>} />;
  }
  return (
    <div className="page-narrow">
      {/* The card shows who posted and when; the page's h1 says it for the outline. */}
      <PageTitle className="visually-hidden">Post by {feed.performer.name}</PageTitle>
      <FeedCard feed={feed} commentsOpen />
    </div>
  );
}
