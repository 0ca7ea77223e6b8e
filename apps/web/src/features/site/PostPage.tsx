import { Card, Skeleton, Typography } from 'antd';
import { useParams } from 'react-router';
import { preloadItem } from '../../shared/lib/store';
import NotFoundPage from '../../shared/ui/NotFoundPage';
import { sitePostsApi, useGetSitePostQuery } from './api';

/** The page, for the server to draw it (decision 079). */
export const preload = preloadItem(sitePostsApi.endpoints.getSitePost);

/** `/page/{slug or id}`: a CMS page. Its HTML was sanitized by the API when the admin saved it. */
export default function PostPage() {
  const { id = '' } = useParams();
  const { data: post, isLoading, isError } = useGetSitePostQuery({ id });
  if (isError) return <NotFoundPage />;
  return (
    <Card className="page-narrow">
      {isLoading || !post ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <article>
          <Typography.Title>{post.title}</Typography.Title>
          {post.shortDescription && <Typography.Paragraph type="secondary">{post.shortDescription}</Typography.Paragraph>}
          {/* Sanitized by the API when saved (sanitize-html allow-list). */}
          <div className="cms-content" dangerouslySetInnerHTML={{ __html: post.content }} />
        </article>
      )}
    </Card>
  );
}
